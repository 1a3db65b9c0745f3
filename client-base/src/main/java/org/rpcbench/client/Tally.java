package org.rpcbench.client;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * What one case counted: good and bad calls in warm-up and in measurement, the first problems seen,
 * and the latency of every measured call. Threads hand in their {@link Caller}'s counts once per
 * iteration (never per call); each fork writes its tally to a file that the launcher merges, so
 * percentiles come from merged histograms, never from averaged percentiles.
 */
public final class Tally {
    static final int PROBLEMS_KEPT = 5;

    private final String caseName;
    private final Histogram latency = new Histogram(Caller.HIGHEST_NANOS, 3);
    private final List<String> problems = new ArrayList<>();
    private long calls;
    private long errors;
    private long warmupCalls;
    private long warmupErrors;
    private int seatsLeft;

    public Tally(String caseName) {
        this.caseName = caseName;
    }

    /** Adds one thread's iteration; only measurement iterations contribute latency. */
    public synchronized void add(Caller caller, boolean measurement) {
        if (measurement) {
            calls += caller.goodCalls();
            errors += caller.badCalls();
            latency.add(caller.latency());
        } else {
            warmupCalls += caller.goodCalls();
            warmupErrors += caller.badCalls();
        }
        keep(caller.problems());
    }

    /**
     * Called by each benchmark thread after its last iteration; the last of {@code threads} to leave
     * writes the tally. Done here, not in the shared state's trial teardown, because JMH may run that
     * before every thread has handed in its last iteration.
     *
     * @return true for the thread that wrote the file
     */
    public synchronized boolean leave(int threads, Path file) {
        if (seatsLeft == 0) {
            seatsLeft = threads;
        }
        if (--seatsLeft > 0) {
            return false;
        }
        write(file);
        return true;
    }

    public synchronized void merge(Tally other) {
        calls += other.calls;
        errors += other.errors;
        warmupCalls += other.warmupCalls;
        warmupErrors += other.warmupErrors;
        latency.add(other.latency);
        keep(other.problems);
    }

    private void keep(List<String> more) {
        for (String p : more) {
            if (problems.size() < PROBLEMS_KEPT && !problems.contains(p)) {
                problems.add(p);
            }
        }
    }

    public String caseName() { return caseName; }
    public long calls() { return calls; }
    public long errors() { return errors; }
    public long warmupCalls() { return warmupCalls; }
    public long warmupErrors() { return warmupErrors; }
    public Histogram latency() { return latency; }
    public List<String> problems() { return List.copyOf(problems); }

    public synchronized void write(Path file) {
        ByteBuffer buffer = ByteBuffer.allocate(latency.getNeededByteBufferCapacity());
        int length = latency.encodeIntoCompressedByteBuffer(buffer);
        JSONObject json = new JSONObject();
        json.put("case", caseName);
        json.put("calls", calls);
        json.put("errors", errors);
        json.put("warmupCalls", warmupCalls);
        json.put("warmupErrors", warmupErrors);
        json.put("problems", problems);
        json.put("latencyHistogram", Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length)));
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, json.toJSONString(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }

    public static Tally read(Path file) throws IOException {
        JSONObject json = JSON.parseObject(Files.readString(file, StandardCharsets.UTF_8));
        Tally t = new Tally(json.getString("case"));
        t.calls = json.getLongValue("calls");
        t.errors = json.getLongValue("errors");
        t.warmupCalls = json.getLongValue("warmupCalls");
        t.warmupErrors = json.getLongValue("warmupErrors");
        t.keep(json.getList("problems", String.class));
        byte[] bytes = Base64.getDecoder().decode(json.getString("latencyHistogram"));
        try {
            t.latency.add(Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0));
        } catch (DataFormatException e) {
            throw new IOException("corrupt latency histogram in " + file, e);
        }
        return t;
    }
}
