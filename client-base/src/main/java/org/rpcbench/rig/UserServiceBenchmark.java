package org.rpcbench.rig;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
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
import org.rpcbench.cases.CaseGroup;
import org.rpcbench.cases.PayloadSchedule;
import org.rpcbench.meter.Meter;
import org.rpcbench.meter.ProcessMeter;

/**
 * The cases, written once for every protocol: the binding on the class path decides what "a call" is.
 * The benchmark threads share one connection (this Benchmark-scoped state), as seed 000's and 001's
 * clients did, or each has its own, as seed 002's and 004's did ({@link CallerConnections}); each thread
 * has its own prepared requests and counters ({@link Seat}).
 *
 * <p>Throughput mode gives ops/s; every call inside JMH's measured window is also timed into the thread's
 * histogram and its answer checked, and both processes' meters are read at that window's edges
 * ({@link MeasurementWindow}), so throughput, latency, call counts and costs all cover one window.
 *
 * <p>A {@link CaseGroup} runs its member cases at once, each from callers of its own, in one benchmark: each
 * member keeps its own tally (calls, errors, latency) and JMH its own score over the same windows. The
 * processes' costs in them are not kept per case: CPU and allocation cannot be split between cases called at
 * the same time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
public class UserServiceBenchmark {

    private ForkSettings settings;
    /** The case measured, or null when a group's cases are. */
    private Case measured;
    private CaseGroup group;
    /** The cases each of the group's subgroups (JMH's labels) calls, in JMH's order; the one case alone. */
    private List<List<Case>> subgroups;
    /** The sizes in force over time, for a group whose string's size is switched. */
    private PayloadSchedule schedule;
    private CallerConnections connections;
    private final Map<Case, ForkTally> tallies = new LinkedHashMap<>();
    private ProcessMeter clientMeter;
    private Meter serverMeter;
    private volatile MeasurementWindow window;
    /** Counts the threads down as each has its connection: none calls before all have one. */
    private CountDownLatch connected;
    /** Counts the threads down as each leaves after its last iteration: the last one closes the connections. */
    private AtomicInteger seated;

    @Setup(Level.Trial)
    public void connect(BenchmarkParams params) throws Exception {
        settings = ForkSettings.fromSystemProperties();
        tallies.clear();
        group = CaseGroup.ofBenchmark(params.getBenchmark());
        measured = group == null ? Case.ofBenchmark(params.getBenchmark()) : null;
        subgroups = group == null ? List.of(List.of(measured)) : params.getThreadGroupLabels().stream().map(group::subgroupOf).toList();
        schedule = group != null && group.switches() ? Switching.schedule() : null;
        List<Case> seats = seats(params.getThreads(), params.getThreadGroups());
        subgroups.forEach(s -> s.forEach(c -> tallies.put(c, new ForkTally(c.method(), group == null))));
        ClientBinding binding = Bindings.load(ClientBinding.class);
        connections = settings.perCallerConnections() ? CallerConnections.perCaller(binding, settings.target())
                : CallerConnections.shared(binding.connect(settings.target()));
        connected = new CountDownLatch(params.getThreads());
        seated = new AtomicInteger(params.getThreads());
        clientMeter = ProcessMeter.self();
        serverMeter = settings.serverMeter(System.err);
        if (settings.steadyWarmupSeconds() > 0) {
            // per caller, warm-up thread i opens caller i's connection, which JMH's thread i then takes over (a
            // framework's client can take seconds to start); a binding whose connections belong to the thread that
            // prepares on them (thrift's) warms up on a set of its own, closed before JMH's threads open theirs
            CallerConnections warming = settings.perCallerConnections() && binding.connectionPerThread()
                    ? CallerConnections.perCaller(binding, settings.target()) : connections;
            try {
                List<Caller> warmers = new ArrayList<>();
                SteadyWarmup warmup = new SteadyWarmup(warming, seats::get, params.getThreads(), clientMeter::jitNanos,
                        serverMeter == null ? () -> -1 : serverMeter::jitNanos, TimeUnit.SECONDS.toNanos(1), NanoClock.SYSTEM);
                var outcome = warmup.run(TimeUnit.SECONDS.toNanos(settings.steadyWarmupSeconds()), warmers);
                tallies.forEach((c, tally) -> {
                    List<Caller> its = new ArrayList<>();
                    for (int i = 0; i < warmers.size(); i++) {
                        if (seats.get(i) == c) {
                            its.add(warmers.get(i));
                        }
                    }
                    tally.warmedUp(outcome, its);
                });
            } finally {
                if (warming != connections) {
                    warming.close();
                }
            }
        }
    }

    /**
     * The case of each of {@code threads} callers, as JMH deals them to a group's subgroups ({@code subgroupThreads}
     * each, group after group), for the warm-up to call as JMH's threads will; a switched subgroup's callers warm
     * up its sizes in turn.
     */
    private List<Case> seats(int threads, int[] subgroupThreads) {
        List<Case> seats = new ArrayList<>();
        while (seats.size() < threads) {
            for (int s = 0; s < subgroups.size(); s++) {
                for (int t = 0; t < subgroupThreads[s]; t++) {
                    seats.add(subgroups.get(s).get(t % subgroups.get(s).size()));
                }
            }
        }
        return seats.subList(0, threads);
    }

    // a measured iteration's window is watched from a thread of its own; warm-up is not metered
    @Setup(Level.Iteration)
    public void watchWindow(IterationParams iteration) {
        window = iteration.getType() == IterationType.MEASUREMENT
                ? new MeasurementWindow(clientMeter, serverMeter, iteration.getTime().convertTo(TimeUnit.NANOSECONDS)) : null;
    }

    /** One benchmark thread's seat: its connection (shared, or its own), prepared requests and counters. */
    @State(Scope.Thread)
    public static class Seat {
        /** A caller per case its subgroup calls (one, or each size a schedule switches among), and their tallies. */
        Caller[] callers;
        private ForkTally[] tallies;
        private List<Case> called;
        private PayloadSchedule schedule;
        private boolean offered;
        /** A switched subgroup's caller of the size in force, until {@link #switchAt} (epoch ms). */
        private Caller current;
        private long switchAt = Long.MIN_VALUE;
        /** How many threads in all hand theirs in to each of its tallies. */
        private int tallied;

        @Setup(Level.Trial)
        public void prepare(UserServiceBenchmark bench, ThreadParams thread) {
            try {
                called = bench.subgroups.get(bench.group == null ? 0 : thread.getSubgroupIndex());
                schedule = called.size() > 1 ? bench.schedule : null;
                tallied = bench.group == null ? thread.getThreadCount() : thread.getSubgroupThreadCount() * thread.getGroupCount();
                callers = new Caller[called.size()];
                tallies = new ForkTally[called.size()];
                for (int i = 0; i < callers.length; i++) {
                    tallies[i] = bench.tallies.get(called.get(i));
                    callers[i] = new Caller(PreparedRequests.forSeat(bench.connections.of(thread.getThreadIndex()), called.get(i),
                            thread.getThreadIndex()), NanoClock.SYSTEM);
                }
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
            for (Caller c : callers) {
                c.reset();
            }
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
            Caller caller = schedule == null ? callers[0] : inForce();
            return caller.callOnce(control.startMeasurement && !control.stopMeasurement);
        }

        /**
         * A switched subgroup's caller of the size in force now, by the wall clock, as in every process given the
         * seed. The size is drawn once an interval: between switches a call costs one read of the clock.
         */
        private Caller inForce() {
            long now = System.currentTimeMillis();
            if (now >= switchAt) {
                current = callers[called.indexOf(schedule.at(now))];
                switchAt = schedule.nextSwitch(now);
            }
            return current;
        }

        @TearDown(Level.Iteration)
        public void handIn(UserServiceBenchmark bench, IterationParams iteration, ThreadParams thread) {
            for (int i = 0; i < callers.length; i++) {
                tallies[i].handIn(callers[i], iteration.getType() == IterationType.MEASUREMENT, tallied, bench.window,
                        iteration.getTime().convertTo(TimeUnit.NANOSECONDS) / 1e9);
            }
        }

        // the last thread to leave closes the connections. Not a Trial teardown of the benchmark's state: JMH's
        // other threads wait for that in sleeps that grow from 1 ms straight to 1 s, so a close of a few ms held
        // every case and fork a second longer. No call is in flight here: every thread has ended its calls.
        @TearDown(Level.Trial)
        public void leave(UserServiceBenchmark bench, ThreadParams thread) {
            try {
                for (ForkTally t : tallies) {
                    t.leave(tallied, bench.settings.tallyDir());
                }
            } finally {
                if (bench.seated.decrementAndGet() == 0) {
                    bench.connections.close();
                    if (bench.serverMeter instanceof AutoCloseable endpoint) {
                        try {
                            endpoint.close();
                        } catch (Exception e) {
                            // the meter's connection is only read from: nothing to lose
                        }
                    }
                }
            }
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

    // seed 003's stability scene (CaseGroup.STABILITY): its three calls at once. 7, 7 and 6 of the seed's 20
    // callers by default; the launcher deals -t's callers out the same way (CaseGroup.callers)

    @Benchmark
    @Group("stability")
    @GroupThreads(7)
    public Object stability_echo5K(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    @Group("stability")
    @GroupThreads(7)
    public Object stability_echoPojo(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    @Group("stability")
    @GroupThreads(6)
    public Object stability_echoPersons(Seat seat, Control control) {
        return seat.call(this, control);
    }

    // seed 003's high-pressure scene (CaseGroup.PRESSURE): the stability scene with its string's size switched at
    // random (Switching); the same 7, 7 and 6 of 20 callers

    @Benchmark
    @Group("pressure")
    @GroupThreads(7)
    public Object pressure_echoSwitched(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    @Group("pressure")
    @GroupThreads(7)
    public Object pressure_echoPojo(Seat seat, Control control) {
        return seat.call(this, control);
    }

    @Benchmark
    @Group("pressure")
    @GroupThreads(6)
    public Object pressure_echoPersons(Seat seat, Control control) {
        return seat.call(this, control);
    }
}
