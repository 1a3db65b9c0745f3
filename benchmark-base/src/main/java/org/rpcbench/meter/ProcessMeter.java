package org.rpcbench.meter;

import java.io.File;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * Reads how much CPU a process has used, how many bytes it has allocated and how much time its JVM has
 * spent in GC pauses, from outside the process and without stopping it: CPU from {@code /proc/PID/stat}
 * for the whole process (in 10 ms ticks) and from {@code /proc/PID/task} per thread (to the nanosecond, by
 * what each thread does: {@link ThreadTimes}), GC from the JVM's performance counters
 * ({@code /tmp/hsperfdata_USER/PID}, the memory-mapped file jstat reads; on by default), allocation from
 * the counter {@value #ALLOCATED} that rpc-bench servers publish there with the moment it was taken,
 * {@value #ALLOCATED_AT} (server-base's AllocationCounter; {@link PublishedAllocation}). A fork reading
 * itself takes its allocation from the JVM.
 *
 * A Go server (the go module's pairs) publishes the same three figures in a file of its own instead
 * ({@link #GO_MAGIC}; go/meter/counters.go), which is read when the process has no JVM counters.
 *
 * <p>Both sides of a run are read the same way, so their figures compare. Any source may be missing
 * (another OS, another user's process, {@code -XX:-UsePerfData}, a server in another language): its fields
 * then read -1, "not known", never 0. A server on another host reads itself with this meter ({@link #self()})
 * and answers the readings over its meter endpoint ({@link MeterEndpoint}, {@link MeterProtocol}): one reading
 * code for both paths.
 */
public final class ProcessMeter implements Meter {
    /** Linux reports process times in USER_HZ ticks, 100 a second on every architecture it runs on. */
    static final long NANOS_PER_TICK = 10_000_000L;
    private static final int MAGIC = 0xcafec0c0;
    private static final int COLLECTORS_LOOKED_FOR = 8;
    /** The performance counter where an rpc-bench server publishes the bytes it has allocated. */
    public static final String ALLOCATED = "rpcbench.allocatedBytes";
    /** The performance counter with the moment {@value #ALLOCATED} was taken: System.nanoTime in the server, 0 while it is rewritten. */
    public static final String ALLOCATED_AT = "rpcbench.allocatedAtNanos";
    /**
     * A Go server's counter file: this word, then pid, bytes allocated, GC cycles, GC pause ns, the wall time
     * of the update and (in files of 56 bytes or more) the moment the bytes were taken, each 8 bytes little-endian.
     */
    static final long GO_MAGIC = 0x314f474843425052L;
    private static final int GO_WORDS = 6;
    private static final int GO_ALLOCATED_AT = 48;

    private final long pid;
    private final Path stat;
    private final File tasks;
    private final MappedByteBuffer perf;
    private final MappedByteBuffer goCounters;
    private final PublishedAllocation published;
    /** The last reading of the threads: it names the threads the next one sees again. */
    private volatile ThreadTimes threadsSeen;
    private final List<Integer> invocationsAt = new ArrayList<>();
    private final List<Integer> timeAt = new ArrayList<>();
    private int fullInvocationsAt = -1;
    private int allocatedAt = -1;
    private int allocatedStampAt = -1;
    private int jitTimeAt = -1;
    private long ticksPerSecond = -1;
    private final LongSupplier ownAllocation;
    private final LongSupplier ownJitNanos;

    private ProcessMeter(long pid, Path procDir, Path perfFile, LongSupplier ownAllocation, LongSupplier ownJitNanos) {
        this.pid = pid;
        this.stat = procDir.resolve(Long.toString(pid)).resolve("stat");
        this.tasks = procDir.resolve(Long.toString(pid)).resolve("task").toFile();
        this.perf = map(perfFile);
        this.goCounters = perf == null ? goCounters(pid) : null;
        this.ownAllocation = ownAllocation;
        this.ownJitNanos = ownJitNanos;
        if (perf != null) {
            index();
        }
        if (ownAllocation != null) {
            published = null;
        } else if (goCounters != null) {
            published = new PublishedAllocation(goCounters, 16, goCounters.capacity() >= GO_ALLOCATED_AT + 8 ? GO_ALLOCATED_AT : -1);
        } else {
            published = allocatedAt >= 0 ? new PublishedAllocation(perf, allocatedAt, allocatedStampAt) : null;
        }
        // a first reading now, so that the window's first edge is read as fast as its others are
        threadsSeen = ThreadTimes.read(tasks);
    }

    /** A meter of the process {@code pid}, as far as this machine lets it be read. */
    public static ProcessMeter of(long pid) {
        return new ProcessMeter(pid, Path.of("/proc"), perfDataFile(pid), null, null);
    }

    /** This JVM, read the same way, with the bytes all its threads have allocated from the JVM itself. */
    public static ProcessMeter self() {
        long pid = ProcessHandle.current().pid();
        LongSupplier allocated = null;
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean threads
                && threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled()) {
            allocated = threads::getTotalThreadAllocatedBytes;
        }
        var jit = ManagementFactory.getCompilationMXBean();
        LongSupplier compiling = jit != null && jit.isCompilationTimeMonitoringSupported()
                ? () -> jit.getTotalCompilationTime() * 1_000_000 : null;
        return new ProcessMeter(pid, Path.of("/proc"), perfDataFile(pid), allocated, compiling);
    }

    /** The performance-counter file of a process of this machine's user, wherever the JVM put it. */
    static Path perfDataFile(long pid) {
        return Path.of("/tmp", "hsperfdata_" + System.getProperty("user.name"), Long.toString(pid));
    }

    public long pid() {
        return pid;
    }

    /** True when GC figures can be read. */
    public boolean readsGc() {
        return goCounters != null || perf != null && ticksPerSecond > 0 && !invocationsAt.isEmpty();
    }

    /** True when the bytes the process allocated are published with their moments, so that a reading interpolates them to its own. */
    boolean stampsAllocation() {
        return published != null && published.stamped();
    }

    /** True when the bytes the process allocated can be read. */
    public boolean readsAllocation() {
        return ownAllocation != null || allocatedAt >= 0 || goCounters != null;
    }

    /**
     * The process now: the moment of the reading is when its CPU is read, and its allocation is taken at
     * that moment too (a published total is interpolated to it, which may take up to the publisher's period).
     */
    @Override
    public ProcessReading read() {
        PublishedAllocation.Sample before = published == null ? null : published.sample();
        long wall = System.nanoTime();
        long own = ownAllocation == null ? -1 : ownAllocation.getAsLong();
        long cpu = cpuNanos();
        ThreadTimes threads = ThreadTimes.read(tasks, threadsSeen);
        threadsSeen = threads;
        if (goCounters != null) {
            long gcCount = goCounters.getLong(24);
            long gcPause = goCounters.getLong(32);
            return new ProcessReading(wall, cpu, published.at(wall, before), gcCount, -1, gcPause, threads);
        }
        long allocated = ownAllocation != null ? own : published != null ? published.at(wall, before) : -1;
        if (!readsGc()) {
            return new ProcessReading(wall, cpu, allocated, -1, -1, -1, threads);
        }
        long count = 0;
        long ticks = 0;
        for (int i = 0; i < invocationsAt.size(); i++) {
            count += perf.getLong(invocationsAt.get(i));
            ticks += perf.getLong(timeAt.get(i));
        }
        long full = fullInvocationsAt < 0 ? -1 : perf.getLong(fullInvocationsAt);
        return new ProcessReading(wall, cpu, allocated, count, full, (long) (ticks * (1e9 / ticksPerSecond)), threads);
    }

    /** How long the process's JIT compilers have spent compiling since it started, in ns; -1 when not known. */
    @Override
    public long jitNanos() {
        if (ownJitNanos != null) {
            return ownJitNanos.getAsLong();
        }
        return jitTimeAt >= 0 && ticksPerSecond > 0 ? (long) (perf.getLong(jitTimeAt) * (1e9 / ticksPerSecond)) : -1;
    }

    /** utime + stime: fields 14 and 15, counted after the command name, which may itself hold spaces. */
    private long cpuNanos() {
        try {
            String line = Files.readString(stat, StandardCharsets.US_ASCII);
            String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ");
            // fields[0] is field 3 (state): utime is field 14, stime field 15
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * NANOS_PER_TICK;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static MappedByteBuffer goCounters(long pid) {
        Path file = Path.of(System.getProperty("java.io.tmpdir"), "rpcbench-go_" + System.getProperty("user.name"), Long.toString(pid));
        // the Go server's own file in its user's own folder (0700): never through a link another user put there
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            if (!ownedByThisUser(file.getParent()) || !ownedByThisUser(file)) {
                return null;
            }
            long size = Math.min(channel.size(), GO_ALLOCATED_AT + 8);
            if (size < GO_WORDS * 8) {
                return null;
            }
            MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_ONLY, 0, size);
            buffer.order(ByteOrder.LITTLE_ENDIAN);
            return buffer.getLong(0) == GO_MAGIC && buffer.getLong(8) == pid ? buffer : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static boolean ownedByThisUser(Path path) throws IOException {
        return java.nio.file.Files.getOwner(path, java.nio.file.LinkOption.NOFOLLOW_LINKS).getName().equals(System.getProperty("user.name"));
    }

    private static MappedByteBuffer map(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            MappedByteBuffer buffer = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size());
            if (buffer.capacity() < 32 || buffer.order(ByteOrder.BIG_ENDIAN).getInt(0) != MAGIC) {
                return null;
            }
            buffer.order(buffer.get(4) == 0 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            return buffer;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /**
     * Finds the counters this meter reads. The file is a prologue (entry offset at byte 24, entry count
     * at 28) and entries of: length, name offset, vector length, type, flags, units, variability, data
     * offset; names are NUL-terminated, a long counter's type is 'J'.
     */
    private void index() {
        int[] invocations = new int[COLLECTORS_LOOKED_FOR];
        int[] time = new int[COLLECTORS_LOOKED_FOR];
        java.util.Arrays.fill(invocations, -1);
        java.util.Arrays.fill(time, -1);
        try {
            int at = perf.getInt(24);
            int entries = perf.getInt(28);
            for (int e = 0; e < entries; e++) {
                int length = perf.getInt(at);
                String name = name(at + perf.getInt(at + 4));
                byte type = perf.get(at + 12);
                int data = at + perf.getInt(at + 16);
                if (type == 'J') {
                    if (name.equals("sun.os.hrt.frequency")) {
                        ticksPerSecond = perf.getLong(data);
                    } else if (name.equals("java.ci.totalTime")) {
                        jitTimeAt = data;
                    } else if (name.equals(ALLOCATED)) {
                        allocatedAt = data;
                    } else if (name.equals(ALLOCATED_AT)) {
                        allocatedStampAt = data;
                    } else if (name.startsWith("sun.gc.collector.")) {
                        String[] parts = name.split("\\.");
                        int n = Integer.parseInt(parts[3]);
                        if (n < COLLECTORS_LOOKED_FOR && parts.length == 5) {
                            if (parts[4].equals("invocations")) {
                                invocations[n] = data;
                            } else if (parts[4].equals("time")) {
                                time[n] = data;
                            }
                        }
                    }
                }
                at += length;
            }
        } catch (RuntimeException e) {
            return; // a file this meter does not understand: no GC figures
        }
        for (int n = 0; n < COLLECTORS_LOOKED_FOR; n++) {
            if (invocations[n] >= 0 && time[n] >= 0) {
                invocationsAt.add(invocations[n]);
                timeAt.add(time[n]);
            }
        }
        // collector 1 is the old-generation (full) collector of every HotSpot GC that reports two or more
        fullInvocationsAt = invocations[1];
    }

    private String name(int at) {
        StringBuilder s = new StringBuilder();
        for (byte b = perf.get(at); b != 0; b = perf.get(++at)) {
            s.append((char) b);
        }
        return s.toString();
    }
}
