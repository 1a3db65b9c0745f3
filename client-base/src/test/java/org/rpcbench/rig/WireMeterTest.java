package org.rpcbench.rig;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.binding.StubBinding;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;
import org.rpcbench.record.WireSize;

/** Size accounting against a protocol whose every byte is known: a 4-byte length, then the body. */
class WireMeterTest {
    static final int ANSWER_BYTES = 300;

    final ServerSocket server = serve();

    @AfterEach
    void stop() throws IOException {
        server.close();
    }

    /** Answers each framed request with a framed body of {@link #ANSWER_BYTES}. */
    static ServerSocket serve() {
        try {
            ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            Thread acceptor = new Thread(() -> {
                while (!listener.isClosed()) {
                    try {
                        Socket s = listener.accept();
                        Thread t = new Thread(() -> answer(s));
                        t.setDaemon(true);
                        t.start();
                    } catch (IOException e) {
                        return;
                    }
                }
            });
            acceptor.setDaemon(true);
            acceptor.start();
            return listener;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    static void answer(Socket s) {
        // length and body in one write: two small writes would wait on Nagle and a delayed ACK, 40 ms a call
        try (s; DataInputStream in = new DataInputStream(s.getInputStream());
             DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()))) {
            while (true) {
                in.readFully(new byte[in.readInt()]);
                out.writeInt(ANSWER_BYTES);
                out.write(new byte[ANSWER_BYTES]);
                out.flush();
            }
        } catch (IOException e) {
            // the client went away
        }
    }

    /** Requests of 10 + the case's ordinal bytes; {@code around} connects past the relay to the server. */
    static ClientBinding framed(Integer around) {
        return framed(around, false);
    }

    /** As {@link #framed(Integer)}, or with {@code bySeq}, requests of 10 + their number's bytes. */
    static ClientBinding framed(Integer around, boolean bySeq) {
        return new StubBinding("framed") {
            @Override
            public Connection connect(Target target) throws IOException {
                Socket socket = new Socket(target.host(), around == null ? target.port() : around);
                DataInputStream in = new DataInputStream(socket.getInputStream());
                DataOutputStream out = new DataOutputStream(new BufferedOutputStream(socket.getOutputStream()));
                return new Connection() {
                    @Override
                    public Exchange prepare(Case c, int seq) {
                        byte[] body = new byte[10 + (bySeq ? seq : c.ordinal())];
                        return Exchange.of(() -> {
                            out.writeInt(body.length);
                            out.write(body);
                            out.flush();
                            byte[] answer = new byte[in.readInt()];
                            in.readFully(answer);
                            return answer.length;
                        }, answer -> answer.equals(ANSWER_BYTES) ? null : "answer of " + answer + " bytes");
                    }

                    @Override
                    public void close() {
                        try {
                            socket.close();
                        } catch (IOException e) {
                            // closed
                        }
                    }
                };
            }
        };
    }

    @Test
    void countsEveryByteOfEachCallBothWays() throws Exception {
        Target target = new Target("127.0.0.1", server.getLocalPort(), 5000);
        Map<Case, WireSize> sizes = WireMeter.measure(framed(null), target, List.of(Case.EXIST_USER, Case.LIST_USER));
        assertThat(sizes.get(Case.EXIST_USER)).isEqualTo(new WireSize(4 + 10, 4 + ANSWER_BYTES));
        assertThat(sizes.get(Case.LIST_USER)).isEqualTo(new WireSize(4 + 10 + Case.LIST_USER.ordinal(), 4 + ANSWER_BYTES));
        assertThat(sizes).doesNotContainKey(Case.GET_USER);
    }

    @Test
    void theMeanWeighsEachOfTheSeatsDistinctRequestsAlike() throws Exception {
        // requests of 10 to 25 bytes of body, one size each: their mean, 17.5, with the 4-byte length
        Target target = new Target("127.0.0.1", server.getLocalPort(), 5000);
        Map<Case, WireSize> sizes = WireMeter.measure(framed(null, true), target, List.of(Case.GET_USER));
        assertThat(sizes.get(Case.GET_USER)).isEqualTo(new WireSize(4 + 10 + (PreparedRequests.PER_SEAT - 1) / 2.0, 4 + ANSWER_BYTES));
    }

    /** The framed binding, whose connections number {@code failing} fail their 20th call, as a server that never answers would. */
    static ClientBinding failingOn(java.util.Set<Integer> failing) {
        return failingOn(failing, true);
    }

    /** As {@link #failingOn(java.util.Set)}; {@code known}: whether the binding names the failure a defect of its framework's. */
    static ClientBinding failingOn(java.util.Set<Integer> failing, boolean known) {
        ClientBinding framed = framed(null);
        java.util.concurrent.atomic.AtomicInteger opened = new java.util.concurrent.atomic.AtomicInteger();
        return new StubBinding("flaky") {
            @Override
            public boolean knownDefect(Exception failure) {
                return known && failure instanceof java.net.SocketTimeoutException;
            }

            @Override
            public Connection connect(Target target) throws Exception {
                Connection c = framed.connect(target);
                boolean fails = failing.contains(opened.incrementAndGet());
                java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
                return new Connection() {
                    @Override
                    public Exchange prepare(Case k, int seq) {
                        Exchange e = c.prepare(k, seq);
                        return Exchange.of(() -> {
                            if (fails && calls.incrementAndGet() == 20) {
                                throw new java.net.SocketTimeoutException("no answer");
                            }
                            return e.call();
                        }, e::check);
                    }

                    @Override
                    public void close() {
                        c.close();
                    }
                };
            }
        };
    }

    @Test
    void aFailedCallCostsItsCaseANewConnectionAndTheSizesStayExact() throws Exception {
        Target target = new Target("127.0.0.1", server.getLocalPort(), 5000);
        List<String> retried = new java.util.ArrayList<>();
        // the first connection fails in existUser's sizing: existUser and listUser are sized on the second
        Map<Case, WireSize> sizes = WireMeter.measure(failingOn(java.util.Set.of(1)), target, List.of(Case.EXIST_USER, Case.LIST_USER),
                retried::add);
        assertThat(retried).singleElement().asString().startsWith("existUser: ").contains("no answer");
        assertThat(sizes.get(Case.EXIST_USER)).isEqualTo(new WireSize(4 + 10, 4 + ANSWER_BYTES));
        assertThat(sizes.get(Case.LIST_USER)).isEqualTo(new WireSize(4 + 10 + Case.LIST_USER.ordinal(), 4 + ANSWER_BYTES));

        // the second fails too: the third, the last, sizes them
        retried.clear();
        sizes = WireMeter.measure(failingOn(java.util.Set.of(1, 2)), target, List.of(Case.EXIST_USER, Case.LIST_USER), retried::add);
        assertThat(retried).hasSize(2);
        assertThat(sizes.get(Case.EXIST_USER)).isEqualTo(new WireSize(4 + 10, 4 + ANSWER_BYTES));
        assertThat(sizes.get(Case.LIST_USER)).isEqualTo(new WireSize(4 + 10 + Case.LIST_USER.ordinal(), 4 + ANSWER_BYTES));
    }

    @Test
    void aFailureTheBindingDoesNotNameADefectIsNotRetried() {
        Target target = new Target("127.0.0.1", server.getLocalPort(), 5000);
        List<String> retried = new java.util.ArrayList<>();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> WireMeter.measure(failingOn(java.util.Set.of(1), false), target,
                List.of(Case.GET_USER), retried::add)).isInstanceOf(java.net.SocketTimeoutException.class);
        assertThat(retried).as("no new connection for a failure that is no known defect").isEmpty();
    }

    @Test
    void aCallThatFailsOnEveryConnectionStopsTheSizingAfterThreeTries() {
        Target target = new Target("127.0.0.1", server.getLocalPort(), 5000);
        List<String> retried = new java.util.ArrayList<>();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> WireMeter.measure(failingOn(java.util.Set.of(1, 2, 3, 4)), target,
                List.of(Case.GET_USER), retried::add)).isInstanceOf(java.net.SocketTimeoutException.class);
        assertThat(retried).hasSize(WireMeter.TRIES - 1);
    }

    @Test
    void callsThatGoAroundTheRelayAreNotMeasuredRatherThanZero() throws Exception {
        Target target = new Target("127.0.0.1", server.getLocalPort(), 5000);
        Map<Case, WireSize> sizes = WireMeter.measure(framed(server.getLocalPort()), target, List.of(Case.GET_USER));
        assertThat(sizes).containsEntry(Case.GET_USER, null);
    }
}
