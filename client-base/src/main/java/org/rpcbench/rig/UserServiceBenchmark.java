package org.rpcbench.rig;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
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
import org.openjdk.jmh.infra.Control;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.infra.ThreadParams;
import org.openjdk.jmh.runner.IterationType;
import org.rpcbench.binding.Bindings;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.cases.Case;

/**
 * The cases, written once for every protocol: the binding on the class path decides what "a call" is.
 * The benchmark threads share one connection (this Benchmark-scoped state), as seed 000's and 001's
 * clients did, or each has its own, as seed 002's and 004's did ({@link CallerConnections}); each thread
 * has its own prepared requests and counters ({@link Seat}).
 *
 * <p>Throughput mode gives ops/s; every call inside JMH's measured window is also timed into the thread's
 * histogram and its answer checked, and both processes' meters are read at that window's edges
 * ({@link MeasurementWindow}), so throughput, latency, call counts and costs all cover one window.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class UserServiceBenchmark {

    private ForkSettings settings;
    private Case measured;
    private CallerConnections connections;
    private ForkTally tally;
    private ProcessMeter clientMeter;
    private ProcessMeter serverMeter;
    private volatile MeasurementWindow window;
    /** Counts the threads down as each has its connection: none calls before all have one. */
    private CountDownLatch connected;

    @Setup(Level.Trial)
    public void connect(BenchmarkParams params) throws Exception {
        settings = ForkSettings.fromSystemProperties();
        measured = Case.ofBenchmark(params.getBenchmark());
        ClientBinding binding = Bindings.load(ClientBinding.class);
        connections = settings.perCallerConnections() ? CallerConnections.perCaller(binding, settings.target())
                : CallerConnections.shared(binding.connect(settings.target()));
        tally = new ForkTally(measured.method());
        connected = new CountDownLatch(params.getThreads());
        clientMeter = ProcessMeter.self();
        serverMeter = settings.serverPid() > 0 ? ProcessMeter.of(settings.serverPid()) : null;
        if (settings.steadyWarmupSeconds() > 0) {
            // per caller, warm-up thread i opens caller i's connection, which JMH's thread i then takes over (a
            // framework's client can take seconds to start); a binding whose connections belong to the thread that
            // prepares on them (thrift's) warms up on a set of its own, closed before JMH's threads open theirs
            CallerConnections warming = settings.perCallerConnections() && binding.connectionPerThread()
                    ? CallerConnections.perCaller(binding, settings.target()) : connections;
            try {
                List<Caller> warmers = new ArrayList<>();
                SteadyWarmup warmup = new SteadyWarmup(warming, measured, params.getThreads(), clientMeter::jitNanos,
                        serverMeter == null ? () -> -1 : serverMeter::jitNanos, TimeUnit.SECONDS.toNanos(1), NanoClock.SYSTEM);
                tally.warmedUp(warmup.run(TimeUnit.SECONDS.toNanos(settings.steadyWarmupSeconds()), warmers), warmers);
            } finally {
                if (warming != connections) {
                    warming.close();
                }
            }
        }
    }

    // a measured iteration's window is watched from a thread of its own; warm-up is not metered
    @Setup(Level.Iteration)
    public void watchWindow(IterationParams iteration) {
        window = iteration.getType() == IterationType.MEASUREMENT
                ? new MeasurementWindow(clientMeter, serverMeter, iteration.getTime().convertTo(TimeUnit.NANOSECONDS)) : null;
    }

    @TearDown(Level.Trial)
    public void disconnect() {
        connections.close();
    }

    /** One benchmark thread's seat: its connection (shared, or its own), prepared requests and counters. */
    @State(Scope.Thread)
    public static class Seat {
        Caller caller;
        private boolean offered;

        @Setup(Level.Trial)
        public void prepare(UserServiceBenchmark bench, ThreadParams thread) {
            try {
                caller = new Caller(PreparedRequests.forSeat(bench.connections.of(thread.getThreadIndex()), bench.measured,
                        thread.getThreadIndex()), NanoClock.SYSTEM);
            } finally {
                bench.connected.countDown();
            }
            // JMH keeps the threads that are ready calling until all are: with a connection each to open, those
            // calls would starve the ones still opening theirs past their timeout
            try {
                bench.connected.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("stopped while the other threads opened their connections", e);
            }
        }

        @Setup(Level.Iteration)
        public void startIteration() {
            caller.reset();
            offered = false;
        }

        // the flags are read as each call starts: JMH counts a call when it starts inside its window
        Object call(UserServiceBenchmark bench, Control control) {
            if (!offered) {
                offered = true;
                MeasurementWindow w = bench.window;
                if (w != null) {
                    w.offer(control);
                }
            }
            return caller.callOnce(control.startMeasurement && !control.stopMeasurement);
        }

        @TearDown(Level.Iteration)
        public void handIn(UserServiceBenchmark bench, IterationParams iteration, ThreadParams thread) {
            bench.tally.handIn(caller, iteration.getType() == IterationType.MEASUREMENT, thread.getThreadCount(), bench.window,
                    iteration.getTime().convertTo(TimeUnit.NANOSECONDS) / 1e9);
        }

        @TearDown(Level.Trial)
        public void leave(UserServiceBenchmark bench, ThreadParams thread) {
            bench.tally.leave(thread.getThreadCount(), bench.settings.tallyDir());
        }
    }

    @Benchmark
    public Object existUser(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    public Object createUser(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    public Object getUser(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    public Object listUser(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    public Object ping(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    public Object echo1K(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    public Object echo50K(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    public Object echo200K(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    public Object echoPojo(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    public Object say(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    public Object echo20B(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    public Object echo5K(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    public Object assemble1K(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    public Object echoPersons(Seat seat, Control control) {
        return seat.call(this, control);
    }
}
