package org.rpcbench.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerMainTest {

    /** A binding whose "server" is a bare listening socket: enough to test the launcher around it. */
    static final class SocketBinding implements ServerBinding {
        @Override public String name() { return "socket"; }
        @Override public int defaultPort() { return 0; }
        @Override public Map<String, String> settings() { return Map.of("protocol", "none"); }
        @Override public RunningServer start(String host, int port) throws Exception {
            ServerSocket socket = new ServerSocket();
            socket.bind(new InetSocketAddress(host, port));
            return () -> {
                try {
                    socket.close();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            };
        }
    }

    final ByteArrayOutputStream out = new ByteArrayOutputStream();
    final ByteArrayOutputStream err = new ByteArrayOutputStream();

    ServerMain.Started start(String... args) {
        return ServerMain.start(new SocketBinding(), args, new PrintStream(out, true), new PrintStream(err, true));
    }

    String err() {
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void printsTheReadyLineWithTheActualLoopbackAddress() throws Exception {
        ServerMain.Started started = start("--port", "0");
        try {
            assertThat(started.exitCode()).isZero();
            String ready = out.toString(StandardCharsets.UTF_8).lines()
                    .filter(l -> l.startsWith(ServerMain.READY)).findFirst().orElseThrow();
            assertThat(ready).contains("socket on 127.0.0.1:");
            int port = Integer.parseInt(started.address().substring(started.address().indexOf(':') + 1));
            assertThat(port).isPositive();
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), port)) {
                assertThat(s.isConnected()).isTrue();
            }
        } finally {
            started.server().close();
        }
    }

    @Test
    void aBusyPortIsOneLineAndExitOne() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            ServerMain.Started started = start("--port", String.valueOf(taken.getLocalPort()));
            assertThat(started.exitCode()).isEqualTo(1);
            assertThat(started.server()).isNull();
            assertThat(err()).isEqualTo("rpc-bench server: cannot listen on 127.0.0.1:" + taken.getLocalPort()
                    + ": the port is already in use" + System.lineSeparator());
        }
    }

    @Test
    void aBadOptionIsOneLineAndExitTwo() {
        ServerMain.Started started = start("--port", "eighty");
        assertThat(started.exitCode()).isEqualTo(2);
        assertThat(err().lines()).containsExactly("rpc-bench server: --port: 'eighty' is not a whole number (see --help)");
    }

    @Test
    void anUnknownHostIsOneLine() {
        ServerMain.Started started = start("--host", "no-such-host.invalid", "--port", "0");
        assertThat(started.exitCode()).isEqualTo(1);
        assertThat(err().lines()).containsExactly("rpc-bench server: unknown host 'no-such-host.invalid'");
    }

    @Test
    void helpPrintsTheGeneratedUsage() {
        ServerMain.Started started = start("--help");
        assertThat(started.exitCode()).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("--host HOST").contains("--port PORT");
    }
}
