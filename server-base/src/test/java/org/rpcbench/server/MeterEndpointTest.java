package org.rpcbench.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.rpcbench.meter.MeterAddress;
import org.rpcbench.meter.MeterClient;
import org.rpcbench.meter.MeterProtocol;
import org.rpcbench.meter.NodeIdentity;
import org.rpcbench.meter.ProcessReading;

/** A server started with --meter-port answers its meters on loopback; a client reads them over the network. */
class MeterEndpointTest {
    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();
    static volatile Object sink;

    ServerMain.Started start(String... args) {
        return ServerMain.start(new ServerMainTest.SocketBinding(), args, new PrintStream(out, true), new PrintStream(err, true));
    }

    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void aClientReadsTheServersOwnMetersOverTheNetworkMonotoneAndNonNegative() throws Exception {
        int meterPort = freePort();
        ServerMain.Started started = start("--port", "0", "--meter-port", String.valueOf(meterPort));
        assertThat(started.exitCode()).as(err.toString(StandardCharsets.UTF_8)).isZero();
        try {
            assertThat(out.toString(StandardCharsets.UTF_8).lines()).contains(ServerMain.METER + " 127.0.0.1:" + meterPort);
            MeterClient meter = MeterClient.connect(new MeterAddress("127.0.0.1", meterPort), 5_000, new PrintStream(err, true));
            try {
                NodeIdentity server = meter.server();
                assertThat(server.pid()).isEqualTo(ProcessHandle.current().pid());
                assertThat(server.node()).isEqualTo(NodeIdentity.localNodeName());
                assertThat(server.cores()).isEqualTo(Runtime.getRuntime().availableProcessors());
                assertThat(server.runtime()).isEqualTo("java");
                List<ProcessReading> readings = new ArrayList<>();
                for (int i = 0; i < 4; i++) {
                    readings.add(meter.read());
                    work();
                }
                assertThat(meter.failure()).isNull();
                for (ProcessReading r : readings) {
                    assertThat(r.cpuNanos()).isNotNegative();
                    assertThat(r.allocBytes()).isNotNegative();
                    assertThat(r.threads()).isNotNull();
                    assertThat(r.threads().threads()).isPositive();
                }
                for (int i = 1; i < readings.size(); i++) {
                    ProcessReading a = readings.get(i - 1);
                    ProcessReading b = readings.get(i);
                    assertThat(b.wallNanos()).isGreaterThan(a.wallNanos());
                    assertThat(b.cpuNanos()).isGreaterThanOrEqualTo(a.cpuNanos());
                    assertThat(b.allocBytes()).isGreaterThan(a.allocBytes());
                    assertThat(b.gcCount()).isGreaterThanOrEqualTo(a.gcCount());
                    assertThat(b.gcPauseNanos()).isGreaterThanOrEqualTo(a.gcPauseNanos());
                }
                // the work between the first and last reading ran on this JVM's CPU: the server's meter saw it
                assertThat(readings.get(3).cpuNanos()).isGreaterThan(readings.get(0).cpuNanos());
                assertThat(meter.jitNanos()).isGreaterThanOrEqualTo(0);
            } finally {
                started.server().close();
            }
            // closing the server closes its meter: the open connection first (a reading is then unknown, and said)
            ProcessReading after = meter.read();
            assertThat(after.cpuNanos()).isEqualTo(-1);
            assertThat(after.threads()).isNull();
            assertThat(meter.failure()).isNotNull();
            assertThat(err.toString(StandardCharsets.UTF_8)).contains("the server's meter at 127.0.0.1:" + meterPort + " failed");
            meter.close();
        } finally {
            started.server().close();
        }
        // and its listener: nothing of this process answers there (another process may have the port by now)
        try (MeterClient again = MeterClient.connect(new MeterAddress("127.0.0.1", meterPort), 2_000, new PrintStream(err, true))) {
            assertThat(again.server().pid()).isNotEqualTo(ProcessHandle.current().pid());
        } catch (IOException expected) {
            // refused, or not a meter
        }
    }

    @Test
    void badRequestsAreAnsweredWithAnErrorAndTheConnectionGoesOn() throws Exception {
        int meterPort = freePort();
        ServerMain.Started started = start("--port", "0", "--meter-port", String.valueOf(meterPort));
        try (Socket s = new Socket(InetAddress.getLoopbackAddress(), meterPort)) {
            s.setSoTimeout(10_000);
            OutputStream o = s.getOutputStream();
            InputStream in = s.getInputStream();
            o.write("status\n".getBytes(StandardCharsets.US_ASCII));
            List<String> answer = MeterProtocol.readAnswer(in);
            assertThat(answer).hasSize(2);
            assertThat(answer.get(0)).startsWith("error unknown request 'status'");
            o.write("jit\n".getBytes(StandardCharsets.US_ASCII));
            assertThat(MeterProtocol.parseJit(MeterProtocol.readAnswer(in))).isGreaterThanOrEqualTo(0);
            // a line over the limit: an error, then the server hangs up
            o.write(("x".repeat(MeterProtocol.MAX_LINE + 10) + "\n").getBytes(StandardCharsets.US_ASCII));
            assertThat(MeterProtocol.readAnswer(in).get(0)).contains("longer than");
            assertThat(MeterProtocol.readLine(in)).isNull();
        } finally {
            started.server().close();
        }
    }

    @Test
    void aBusyMeterPortIsOneLineAndExitOne() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ServerMain.Started started = start("--port", "0", "--meter-port", String.valueOf(taken.getLocalPort()));
            assertThat(started.exitCode()).isEqualTo(1);
            assertThat(started.server()).isNull();
            assertThat(err.toString(StandardCharsets.UTF_8).lines()).containsExactly("rpc-bench server: cannot answer the meter on"
                    + " 127.0.0.1:" + taken.getLocalPort() + ": the port is already in use");
        }
    }

    @Test
    void theMeterOnTheServersOwnPortIsExitTwo() throws Exception {
        int port = freePort();
        ServerMain.Started started = start("--port", String.valueOf(port), "--meter-port", String.valueOf(port));
        assertThat(started.exitCode()).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8).lines()).containsExactly("rpc-bench server: --meter-port " + port
                + " is the server's own port: give another");
    }

    @Test
    void withoutAMeterPortNothingListensAndNothingIsSaid() {
        ServerMain.Started started = start("--port", "0");
        try {
            assertThat(started.meterAddress()).isNull();
            assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain(ServerMain.METER);
        } finally {
            started.server().close();
        }
    }

    /** Some CPU (30 ms of this thread's own, however loaded the machine) and allocation for the meter to see. */
    private static void work() {
        var threads = java.lang.management.ManagementFactory.getThreadMXBean();
        long until = threads.getCurrentThreadCpuTime() + 30_000_000L;
        List<byte[]> garbage = new ArrayList<>();
        while (threads.getCurrentThreadCpuTime() < until) {
            garbage.add(new byte[1024]);
            if (garbage.size() > 1000) {
                garbage.clear();
            }
        }
        sink = garbage;
    }
}
