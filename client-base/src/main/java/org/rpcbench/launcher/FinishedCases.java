package org.rpcbench.launcher;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH's console output, with a note of each case as its last fork ends. JMH hands its results over only
 * when the whole run is done; a run stopped part-way (the server died, someone pressed Ctrl-C) would
 * otherwise lose the cases it had finished. With this, the launcher can still record those. Every call
 * goes on to JMH's own console format unchanged; only the start and end of each fork are noted on the way.
 */
final class FinishedCases implements InvocationHandler {
    private final OutputFormat console;
    private final Map<String, List<BenchmarkResult>> forks = new LinkedHashMap<>();

    private FinishedCases(OutputFormat console) {
        this.console = console;
    }

    /** JMH's console format, seen through a new FinishedCases. */
    static FinishedCases around(OutputFormat console) {
        return new FinishedCases(console);
    }

    OutputFormat format() {
        return (OutputFormat) Proxy.newProxyInstance(OutputFormat.class.getClassLoader(), new Class<?>[] {OutputFormat.class}, this);
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
        synchronized (this) {
            if (method.getName().equals("startBenchmark")) {
                forks.computeIfAbsent(((BenchmarkParams) args[0]).getBenchmark(), b -> new ArrayList<>());
            } else if (method.getName().equals("endBenchmark") && args[0] != null) {
                // a fork that failed ends with null (JMH has printed why): the case has no result from it
                BenchmarkResult result = (BenchmarkResult) args[0];
                forks.computeIfAbsent(result.getParams().getBenchmark(), b -> new ArrayList<>()).add(result);
            }
        }
        try {
            return method.invoke(console, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Every case whose forks have all ended, as JMH would have returned it. */
    synchronized List<RunResult> finished() {
        List<RunResult> done = new ArrayList<>();
        forks.forEach((benchmark, results) -> {
            if (!results.isEmpty() && results.size() >= Math.max(1, results.get(0).getParams().getForks())) {
                done.add(new RunResult(results.get(0).getParams(), results));
            }
        });
        return done;
    }

    /** The benchmarks started, by their method or group name, in the order they started. */
    synchronized List<String> started() {
        return forks.keySet().stream().map(b -> b.substring(b.lastIndexOf('.') + 1)).toList();
    }

    /** The benchmark started last, finished or not. */
    synchronized String last() {
        String last = null;
        for (String b : forks.keySet()) {
            last = b;
        }
        return last;
    }
}
