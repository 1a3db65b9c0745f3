package org.rpcbench.binding;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.io.PrintStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.rpcbench.cases.Case;
import org.rpcbench.launcher.ClientMainAccess;
import org.rpcbench.server.RunningServer;
import org.rpcbench.server.ServerBinding;
import org.rpcbench.server.ServerMain;

/**
 * The in-process round trip every binding module runs, written once: its server on an ephemeral
 * loopback port, its client connected through a {@link TapProxy}, every case called and checked.
 * A binding's test extends this, naming its two halves and what its protocol must put on the wire.
 *
 * <p>The tests on the shared connection run first: with Dubbo 3.3.6, a Triple client and server in one
 * JVM stop answering new or idle connections once another Triple client in that JVM has been closed,
 * which the later tests do. Separate processes (every real run) are not affected; the test against a
 * server in its own JVM covers that path.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
public abstract class RoundTripContract {

    /**
     * These tests check answers, not speed. A cold server's first answer on a busy CI machine has taken
     * more than 5 s (Triple's HTTP/1.1 path builds its mappings on first use), so the limit is generous.
     */
    private static final int CALL_TIMEOUT_MILLIS = 30_000;
    private RunningServer server;
    private int port;
    private TapProxy tap;
    private Connection connection;
    private org.rpcbench.rig.CallerConnections perCaller;
    private ForkedServer forked;
    private final ServerBinding serverBinding;
    private final ClientBinding clientBinding;
    private final Consumer<byte[]> wireCheck;

    /** @param wireCheck asserts on the first bytes the client sent on its connection */
    protected RoundTripContract(ServerBinding serverBinding, ClientBinding clientBinding, Consumer<byte[]> wireCheck) {
        this.serverBinding = serverBinding;
        this.clientBinding = clientBinding;
        this.wireCheck = wireCheck;
    }

    private ServerBinding serverBinding() {
        return serverBinding;
    }

    private ClientBinding clientBinding() {
        return clientBinding;
    }

    @BeforeAll
    void startServerAndConnect() throws Exception {
        ServerMain.Started started = ServerMain.start(serverBinding(), new String[] {"--port", "0"},
                new PrintStream(new ByteArrayOutputStream(), true), System.err);
        assertThat(started.exitCode()).as("server start").isZero();
        server = started.server();
        port = Integer.parseInt(started.address().substring(started.address().lastIndexOf(':') + 1));
        tap = new TapProxy(port);
        connection = clientBinding().connect(new Target("127.0.0.1", tap.port(), CALL_TIMEOUT_MILLIS));
        forked = new ForkedServer();
    }

    @AfterAll
    void stop() throws Exception {
        if (forked != null) {
            forked.kill();
        }
        if (perCaller != null) {
            perCaller.close();
        }
        if (connection != null) {
            connection.close();
        }
        if (tap != null) {
            tap.close();
        }
        if (server != null) {
            server.close();
        }
    }

    /**
     * A connection per caller (seed 002's and 004's model) is a TCP connection per caller: four callers,
     * each opening its own on its own thread and calling through it, add four to the operating system's
     * established connections to the server. Four dial at once (the fewest {@link
     * org.rpcbench.rig.CallerConnections#DIALS_AT_ONCE} allows, whose limit CallerConnectionsTest checks), so
     * Dubbo's seconds-long start of each caller's client is paid once, not in waves. They stay open until the
     * end: see the class comment on Triple.
     * A binding whose sockets are pooled for the whole JVM says so, and the client refuses the mode.
     */
    @Test
    @Order(3)
    void eachCallerMayHaveATcpConnectionOfItsOwn() throws Exception {
        if (!clientBinding().socketPerConnect()) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int exit = ClientMainAccess.run(clientBinding(), new String[] {"--port", String.valueOf(port), "--connections",
                "per-caller", "getUser"}, new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true));
            assertThat(exit).isEqualTo(2);
            assertThat(err.toString(StandardCharsets.UTF_8).lines()).singleElement().asString()
                    .contains("a caller cannot have one of its own");
            return;
        }
        int before = EstablishedConnections.to(port);
        perCaller = org.rpcbench.rig.CallerConnections.perCaller(clientBinding(), new Target("127.0.0.1", port, CALL_TIMEOUT_MILLIS));
        int callers = 4;
        List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < callers; i++) {
            int caller = i;
            Thread t = new Thread(() -> {
                try {
                    Exchange exchange = perCaller.of(caller).prepare(Case.GET_USER, caller);
                    String problem = exchange.check(exchange.call());
                    if (problem != null) {
                        problems.add("caller " + caller + ": " + problem);
                    }
                } catch (Exception | AssertionError e) {
                    problems.add("caller " + caller + ": " + e);
                }
            });
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        assertThat(problems).isEmpty();
        assertThat(perCaller.opened()).isEqualTo(callers);
        assertThat(EstablishedConnections.to(port) - before).as("TCP connections to the server").isEqualTo(callers);
    }

    @Test
    @Order(4)
    void bothHalvesAreTheSamePair() {
        assertThat(clientBinding().name()).isEqualTo(serverBinding().name());
        assertThat(clientBinding().defaultPort()).isEqualTo(serverBinding().defaultPort());
        assertThat(clientBinding().settings()).containsKeys("protocol", "serialization", "framework", "frameworkVersion", "connections");
    }

    /**
     * The pair carries every case of the contract's Java interface, or, speaking an IDL twin, exactly the
     * twinned ones; the client refuses each other case in one line, before it calls.
     */
    @Test
    @Order(1)
    void everyCaseCarriedIsAnsweredCorrectlyAndTheOthersAreRefused() throws Exception {
        List<Case> notCarried = java.util.Arrays.stream(Case.values()).filter(c -> !clientBinding().carries(c.operation())).toList();
        assertThat(notCarried).as("cases %s does not carry", clientBinding().name())
                .isSubsetOf(java.util.Arrays.stream(Case.values()).filter(c -> !c.operation().twinned()).toList());
        for (Case c : notCarried) {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int exit = ClientMainAccess.run(clientBinding(), new String[] {"--port", String.valueOf(port), c.method()},
                    new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true));
            assertThat(exit).as("exit refusing %s", c.method()).isEqualTo(2);
            assertThat(err.toString(StandardCharsets.UTF_8).lines()).singleElement().asString()
                    .contains(clientBinding().name() + " does not carry " + c.method());
        }
        for (Case c : Case.values()) {
            if (notCarried.contains(c)) {
                continue;
            }
            for (int seq = 0; seq < 8; seq++) {
                Exchange exchange = connection.prepare(c, seq);
                Object answer = exchange.call();
                assertThat(exchange.check(answer)).as("%s #%d", c.method(), seq).isNull();
            }
        }
        wireCheck.accept(tap.firstClientBytes());
    }

    /**
     * The same calls against the server started in a JVM of its own, as in a real run: anything the two
     * sides must agree on but compute separately (class registration order, say) only shows up here.
     * Stopping it with SIGTERM must shut it down cleanly. The JVM was started with the class's other tests,
     * which its start-up overlaps.
     */
    @Test
    @Order(6)
    void aServerInItsOwnJvmAnswersAndStopsOnSigterm() throws Exception {
        String ready = forked.awaitReady(60);
        assertThat(ready).as("ready line; the server printed:%n%s", forked.seen()).isNotNull();
        int forkedPort = Integer.parseInt(ready.replaceAll(".*:(\\d+) \\(pid.*", "$1"));
        try (Connection other = clientBinding().connect(new Target("127.0.0.1", forkedPort, CALL_TIMEOUT_MILLIS))) {
            for (Case c : Case.values()) {
                if (!clientBinding().carries(c.operation())) {
                    continue;
                }
                for (int seq = 0; seq < 4; seq++) {
                    Exchange exchange = other.prepare(c, seq);
                    Object answer;
                    try {
                        answer = exchange.call();
                    } catch (Exception e) {
                        throw new AssertionError(c.method() + " #" + seq + " to the server in its own JVM failed: " + e, e);
                    }
                    assertThat(exchange.check(answer)).as("%s #%d", c.method(), seq).isNull();
                }
            }
        }
        assertThat(forked.stop(20)).as("stopped within 20 s of SIGTERM").isTrue();
        assertThat(forked.seen()).as("exit %d", forked.process.exitValue()).contains("rpc-bench server stopped: " + serverBinding().name());
    }

    /** This binding's server in a JVM of its own, on a free port, its output gathered line by line. */
    private static final class ForkedServer {
        final Process process;
        private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        private final StringBuilder seen = new StringBuilder();
        private final Thread reader;

        ForkedServer() throws java.io.IOException {
            List<String> command = new ArrayList<>();
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            // as the test JVMs (surefire's argLine): this server's answers are checked, never its speed
            command.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
            ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                    .filter(a -> a.startsWith("--add-opens")).forEach(command::add);
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), ServerMain.class.getName(), "--port", "0"));
            process = new ProcessBuilder(command).redirectErrorStream(true).start();
            reader = new Thread(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String line; (line = r.readLine()) != null; ) {
                        lines.add(line);
                    }
                } catch (java.io.IOException e) {
                    // the process ended
                }
            });
            reader.setDaemon(true);
            reader.start();
        }

        /** Its ready line, or null when it printed none within {@code seconds} or ended first. */
        String awaitReady(int seconds) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
            while (System.nanoTime() < deadline && (process.isAlive() || !lines.isEmpty())) {
                String line = lines.poll(200, TimeUnit.MILLISECONDS);
                if (line != null) {
                    seen.append(line).append('\n');
                    if (line.startsWith(ServerMain.READY)) {
                        return line;
                    }
                }
            }
            return null;
        }

        /** SIGTERM (Process.destroy() would also close our ends of its pipes and lose what it says); whether it ended in time. */
        boolean stop(int seconds) throws InterruptedException {
            process.toHandle().destroy();
            boolean ended = process.waitFor(seconds, TimeUnit.SECONDS);
            reader.join(5000);
            for (String line; (line = lines.poll()) != null; ) {
                seen.append(line).append('\n');
            }
            return ended;
        }

        String seen() {
            return seen.toString();
        }

        void kill() {
            process.destroyForcibly();
        }
    }

    @Test
    @Order(2)
    void aWrongExpectationIsCaught() throws Exception {
        // The checks must be able to fail through this binding: ask for user 1, expect user 2.
        Exchange asked = connection.prepare(Case.GET_USER, 0);
        Exchange other = connection.prepare(Case.GET_USER, 1);
        assertThat(other.check(asked.call())).isNotNull();
    }

    @Test
    @Order(5)
    void theServerListensOnLoopbackOnly() throws Exception {
        Optional<InetAddress> external = Collections.list(NetworkInterface.getNetworkInterfaces()).stream()
                .filter(i -> {
                    try {
                        return i.isUp() && !i.isLoopback();
                    } catch (Exception e) {
                        return false;
                    }
                })
                .flatMap(i -> Collections.list(i.getInetAddresses()).stream())
                .filter(a -> a instanceof Inet4Address)
                .findFirst();
        Assumptions.assumeTrue(external.isPresent(), "this host has no non-loopback address to try");
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(external.get(), port), 1000);
            throw new AssertionError("the server accepted a connection on " + external.get() + ":" + port);
        } catch (java.io.IOException expected) {
            // refused: nothing listens there
        }
    }

    @Test
    @Order(7)
    void noServerUpIsOneLineAndExitThreeWithinTenSeconds() throws Exception {
        int free;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            free = s.getLocalPort();
        }
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        long start = System.nanoTime();
        int exit = ClientMainAccess.run(clientBinding(), new String[] {"--port", String.valueOf(free)},
                new PrintStream(new ByteArrayOutputStream(), true), new PrintStream(err, true));
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;
        String message = err.toString(StandardCharsets.UTF_8);
        assertThat(exit).isEqualTo(3);
        assertThat(message.lines()).hasSize(1);
        assertThat(message).startsWith("rpc-bench client: cannot benchmark " + clientBinding().name() + " at 127.0.0.1:" + free);
        assertThat(seconds).as("seconds to give up").isLessThan(10);
    }
}
