package org.rpcbench.client;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.runner.IterationType;
import org.rpcbench.binding.Bindings;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.cases.Case;
import org.rpcbench.report.ProcessReading;
import org.rpcbench.report.ResourceUse;

/**
 * The cases, written once for every protocol: the binding on the class path decides what
 * "a call" is. All benchmark threads share one connection (this Benchmark-scoped state), as the seeds'
 * clients did; each thread has its own prepared requests and counters ({@link Seat}).
 *
 * <p>Throughput mode gives ops/s; every call is also timed into the thread's histogram, so throughput
 * and latency percentiles come from the same measurement pass instead of separate JMH modes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class UserServiceBenchmark {
    /** Distinct prepared requests per thread: enough to defeat caching, few enough to stay in cache. */
    static final int REQUESTS_PER_THREAD = 16;

    private ForkSettings settings;
    private Case measured;
    private Connection connection;
    private Tally tally;
    private Path tallyFile;
    private ProcessMeter clientMeter;
    private ProcessMeter serverMeter;
    private ProcessReading clientAtStart;
    private ProcessReading serverAtStart;
    private final ResourceUse clientUse = new ResourceUse();
    private final ResourceUse serverUse = new ResourceUse();

    @Setup(Level.Trial)
    public void connect(BenchmarkParams params) throws Exception {
        settings = ForkSettings.fromSystemProperties();
        measured = Case.ofBenchmark(params.getBenchmark());
        connection = Bindings.load(ClientBinding.class).connect(settings.target());
        tally = new Tally(measured.method());
        tallyFile = settings.tallyDir().resolve(measured.method() + "-" + ProcessHandle.current().pid()
                + "-" + System.nanoTime() + ".json");
        clientMeter = ProcessMeter.self();
        serverMeter = settings.serverPid() > 0 ? ProcessMeter.of(settings.serverPid()) : null;
    }

    // CPU and GC of both processes are read around each iteration, once, never per call
    @Setup(Level.Iteration)
    public void startMeters() {
        clientAtStart = clientMeter.read();
        serverAtStart = serverMeter == null ? null : serverMeter.read();
    }

    @TearDown(Level.Iteration)
    public void stopMeters(IterationParams iteration) {
        if (iteration.getType() == IterationType.MEASUREMENT) {
            clientUse.add(clientAtStart, clientMeter.read());
            if (serverMeter != null) {
                serverUse.add(serverAtStart, serverMeter.read());
            }
        }
    }

    @TearDown(Level.Trial)
    public void disconnect() {
        connection.close();
        Usage.write(tallyFile.resolveSibling(tallyFile.getFileName().toString().replace(".json", Usage.SUFFIX)),
                measured.method(), clientUse, serverUse);
    }

    /** One benchmark thread's seat at the shared connection. */
    @State(Scope.Thread)
    public static class Seat {
        Caller caller;

        @Setup(Level.Trial)
        public void prepare(UserServiceBenchmark bench, ThreadParams thread) {
            Exchange[] exchanges = new Exchange[REQUESTS_PER_THREAD];
            int first = thread.getThreadIndex() * REQUESTS_PER_THREAD;
            for (int i = 0; i < exchanges.length; i++) {
                exchanges[i] = bench.connection.prepare(bench.measured, first + i);
            }
            caller = new Caller(exchanges, NanoClock.SYSTEM);
        }

        @Setup(Level.Iteration)
        public void startIteration() {
            caller.reset();
        }

        @TearDown(Level.Iteration)
        public void handIn(UserServiceBenchmark bench, IterationParams iteration) {
            bench.tally.add(caller, iteration.getType() == IterationType.MEASUREMENT);
        }

        @TearDown(Level.Trial)
        public void leave(UserServiceBenchmark bench, ThreadParams thread) {
            bench.tally.leave(thread.getThreadCount(), bench.tallyFile);
        }
    }

    @Benchmark
    public Object existUser(Seat seat) {
        return seat.caller.callOnce();
    }

    @Benchmark
    public Object createUser(Seat seat) {
        return seat.caller.callOnce();
    }

    @Benchmark
    public Object getUser(Seat seat) {
        return seat.caller.callOnce();
    }

    @Benchmark
    public Object listUser(Seat seat) {
        return seat.caller.callOnce();
    }

    @Benchmark
    public Object ping(Seat seat) {
        return seat.caller.callOnce();
    }

    @Benchmark
    public Object echo1K(Seat seat) {
        return seat.caller.callOnce();
    }

    @Benchmark
    public Object echo50K(Seat seat) {
        return seat.caller.callOnce();
    }

    @Benchmark
    public Object echo200K(Seat seat) {
        return seat.caller.callOnce();
    }

    @Benchmark
    public Object echoPojo(Seat seat) {
        return seat.caller.callOnce();
    }

    @Benchmark
    public Object say(Seat seat) {
        return seat.caller.callOnce();
    }
}
