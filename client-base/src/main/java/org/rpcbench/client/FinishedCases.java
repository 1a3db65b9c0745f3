package org.rpcbench.client;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH's console output, plus a note of each case as its last fork ends. JMH hands its results over only
 * when the whole run is done; a run stopped part-way (the server died, someone pressed Ctrl-C) would
 * otherwise lose the cases it had finished. With this, the launcher can still record those.
 */
final class FinishedCases implements OutputFormat {
    private final OutputFormat console;
    private final Map<String, List<BenchmarkResult>> forks = new LinkedHashMap<>();

    FinishedCases(OutputFormat console) {
        this.console = console;
    }

    /** Every case whose forks have all ended, as JMH would have returned it. */
    synchronized List<RunResult> finished() {
        List<RunResult> done = new ArrayList<>();
        forks.forEach((benchmark, results) -> {
            if (results.isEmpty()) {
                return; // started, no fork ended yet
            }
            BenchmarkParams params = results.get(0).getParams();
            if (results.size() >= Math.max(1, params.getForks())) {
                done.add(new RunResult(params, results));
            }
        });
        return done;
    }

    /** The benchmark started last, finished or not. */
    synchronized String last() {
        String last = null;
        for (String b : forks.keySet()) {
            last = b;
        }
        return last;
    }

    @Override
    public synchronized void startBenchmark(BenchmarkParams params) {
        forks.computeIfAbsent(params.getBenchmark(), b -> new ArrayList<>());
        console.startBenchmark(params);
    }

    @Override
    public synchronized void endBenchmark(BenchmarkResult result) {
        if (result == null) {
            // a fork that failed (JMH has printed why): the case has no result
            console.endBenchmark(null);
            return;
        }
        forks.computeIfAbsent(result.getParams().getBenchmark(), b -> new ArrayList<>()).add(result);
        console.endBenchmark(result);
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        console.iteration(benchParams, params, iteration);
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        console.iterationResult(benchParams, params, iteration, data);
    }

    @Override
    public void startRun() {
        console.startRun();
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        console.endRun(result);
    }

    @Override
    public void print(String s) {
        console.print(s);
    }

    @Override
    public void println(String s) {
        console.println(s);
    }

    @Override
    public void flush() {
        console.flush();
    }

    @Override
    public void close() {
        console.close();
    }

    @Override
    public void verbosePrintln(String s) {
        console.verbosePrintln(s);
    }

    @Override
    public void write(int b) {
        console.write(b);
    }

    @Override
    public void write(byte[] b) throws IOException {
        console.write(b);
    }
}
