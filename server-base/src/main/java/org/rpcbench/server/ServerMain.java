package org.rpcbench.server;

import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.rpcbench.binding.Bindings;
import org.rpcbench.binding.Calibration;
import org.rpcbench.binding.Switch;
import org.rpcbench.cli.CommandLine;
import org.rpcbench.cli.Option;
import org.rpcbench.cli.UsageException;
import org.rpcbench.meter.MeterAddress;
import org.rpcbench.meter.MeterEndpoint;
import org.rpcbench.meter.NodeIdentity;
import org.rpcbench.meter.ProcessMeter;

/**
 * Starts the jar's one {@link ServerBinding} and keeps it serving until SIGTERM or Ctrl-C.
 *
 * <p>Scripts wait for the line starting with {@value #READY}; it carries the address actually bound,
 * which matters with {@code --port 0}. Every failure is one line on stderr and a non-zero exit:
 * 2 for bad options, 1 for a server that could not start (busy port, unknown host, ...).
 *
 * <p>With {@code --meter-port}, the server also answers its own meters (CPU, allocation, GC, threads, and
 * its node, CPU model and cores) on that port of the same host, for a client on another host
 * ({@link MeterEndpoint}, {@link org.rpcbench.meter.MeterProtocol}); it says where in the line
 * {@value #METER} before the ready line.
 */
public final class ServerMain {
    public static final String READY = "rpc-bench server ready:";
    public static final String METER = "rpc-bench server meter on";

    static final Option<String> HOST = Option.text("host", "HOST", "127.0.0.1",
            "address to listen on; give a non-loopback address only to serve other hosts");
    static final Option<Integer> PORT = Option.port("port", -1,
            "port to listen on; 0 picks a free one (default: the binding's own port)");
    static final Option<Integer> METER_PORT = Option.port("meter-port", 0,
            "also answer this server's own CPU, allocation, GC and threads on this port of the same host, for a client on"
                    + " another host (its --server-meter HOST:PORT); 0: no meter endpoint");

    /** Whether this server publishes its allocation for the client to read (see AllocationCounter). */
    private static final boolean ALLOCATION_PUBLISHED = AllocationCounter.start();

    private ServerMain() {}

    /** The options the server declares (benchmark.sh's CLI is checked against them). */
    public static List<Option<?>> declared() {
        return List.of(HOST, PORT, METER_PORT);
    }

    public static void main(String[] args) throws InterruptedException {
        ServerBinding binding;
        try {
            binding = Bindings.load(ServerBinding.class);
        } catch (RuntimeException e) {
            System.err.println("rpc-bench server: " + e.getMessage());
            System.exit(1);
            return;
        }
        Started started = launch(binding, args, System.out, System.err);
        if (started.server == null) {
            System.exit(started.exitCode);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                // before closing: the pools' threads are still alive to be read
                ThreadCpuReport.print(System.out);
                started.server.close();
                System.out.println("rpc-bench server stopped: " + binding.name());
            } catch (Throwable e) {
                System.out.println("rpc-bench server stopped: " + binding.name() + " (while stopping: " + rootMessage(e) + ")");
            } finally {
                System.out.flush();
                stopped.countDown();
            }
        }, "rpc-bench-shutdown"));
        // only now, with the hook in place, may a script that saw the line stop us
        announce(binding, started, System.out);
        stopped.await();
    }

    /** The outcome of {@link #start}: a running server, or the exit code to leave with. */
    public record Started(RunningServer server, int exitCode, String address, String meterAddress) {
        Started(RunningServer server, int exitCode, String address) {
            this(server, exitCode, address, null);
        }
    }

    /** Parses the options, checks the address is free, starts the binding and prints the ready line. */
    public static Started start(ServerBinding binding, String[] args, PrintStream out, PrintStream err) {
        Started started = launch(binding, args, out, err);
        if (started.server != null) {
            announce(binding, started, out);
        }
        return started;
    }

    private static void announce(ServerBinding binding, Started started, PrintStream out) {
        java.util.Map<String, String> settings = new java.util.LinkedHashMap<>(binding.settings());
        if (!Calibration.settings().isEmpty()) {
            settings.put(Calibration.SETTING, CalibratedCost.describe());
        }
        settings.put("allocationPublished", String.valueOf(ALLOCATION_PUBLISHED));
        out.println("rpc-bench server settings: " + settings);
        if (started.meterAddress != null) {
            out.println(METER + " " + started.meterAddress);
        }
        out.println(READY + " " + binding.name() + " on " + started.address + " (pid " + ProcessHandle.current().pid() + ")");
        out.flush();
    }

    private static Started launch(ServerBinding binding, String[] args, PrintStream out, PrintStream err) {
        String command = "java -jar " + binding.name() + "-server.jar";
        String summary = "Serves the rpc-bench UserService with " + binding.name() + ".";
        if (!binding.switches().isEmpty()) {
            summary += "\nFramework switches, as JVM options -D" + Switch.PREFIX + "NAME=VALUE (the client needs the same):\n"
                    + Switch.describe(binding.switches()).stripTrailing();
        }
        CommandLine cli = CommandLine.strict(command, summary, declared());
        CommandLine.Values values;
        try {
            values = cli.parse(args);
        } catch (UsageException e) {
            err.println("rpc-bench server: " + e.getMessage() + " (see --help)");
            return new Started(null, 2, null);
        }
        if (values.helpRequested()) {
            out.print(cli.usage());
            return new Started(null, 0, null);
        }
        try {
            Switch.given(binding);
        } catch (IllegalArgumentException e) {
            err.println("rpc-bench server: " + e.getMessage());
            return new Started(null, 2, null);
        }
        String host = values.get(HOST);
        int port = values.get(PORT) < 0 ? binding.defaultPort() : values.get(PORT);
        String where = host + ":" + port;
        try {
            InetAddress address = InetAddress.getByName(host);
            port = claim(address, port);
            where = host + ":" + port;
        } catch (UnknownHostException e) {
            err.println("rpc-bench server: unknown host '" + host + "'");
            return new Started(null, 1, null);
        } catch (BindException e) {
            err.println("rpc-bench server: cannot listen on " + where + ": " + reason(e));
            return new Started(null, 1, null);
        } catch (IOException e) {
            err.println("rpc-bench server: cannot listen on " + where + ": " + e.getMessage());
            return new Started(null, 1, null);
        }
        MeterEndpoint meter = null;
        int meterPort = values.get(METER_PORT);
        if (meterPort > 0) {
            if (meterPort == port) {
                err.println("rpc-bench server: --meter-port " + meterPort + " is the server's own port: give another");
                return new Started(null, 2, null);
            }
            try {
                meter = MeterEndpoint.start(host, meterPort, ProcessMeter.self(), NodeIdentity.here("java"));
            } catch (IOException e) {
                err.println("rpc-bench server: cannot answer the meter on " + host + ":" + meterPort + ": "
                        + (e instanceof BindException b ? reason(b) : e.getMessage()));
                return new Started(null, 1, null);
            }
        }
        RunningServer server;
        try {
            server = binding.start(host, port);
        } catch (Exception e) {
            if (meter != null) {
                meter.close();
            }
            Throwable bind = find(e, BindException.class);
            err.println("rpc-bench server: " + binding.name() + " could not start on " + where + ": "
                    + (bind != null ? reason((BindException) bind) : rootMessage(e)));
            return new Started(null, 1, null);
        }
        if (meter == null) {
            return new Started(server, 0, where);
        }
        MeterEndpoint endpoint = meter;
        RunningServer both = () -> {
            try {
                server.close();
            } finally {
                endpoint.close();
            }
        };
        return new Started(both, 0, where, new MeterAddress(host, endpoint.port()).toString());
    }

    /**
     * Checks the port is free by binding it for a moment; with port 0, picks a free one. The framework
     * then binds the same port; a race with another process in between surfaces as its bind error.
     */
    private static int claim(InetAddress address, int port) throws IOException {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(address, port));
            return probe.getLocalPort();
        }
    }

    private static String reason(BindException e) {
        String m = String.valueOf(e.getMessage());
        return m.contains("in use") ? "the port is already in use" : m;
    }

    private static Throwable find(Throwable t, Class<? extends Throwable> kind) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (kind.isInstance(c)) {
                return c;
            }
        }
        return null;
    }

    static String rootMessage(Throwable t) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage());
    }
}
