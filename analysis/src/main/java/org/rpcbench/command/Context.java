package org.rpcbench.command;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.rpcbench.cli.UsageException;
import org.rpcbench.history.HistoryStore;
import org.rpcbench.history.StoreAddress;
import org.rpcbench.runs.Builder;
import org.rpcbench.runs.Checkout;
import org.rpcbench.runs.PairRun;
import org.rpcbench.runs.PairRunSettings;
import org.rpcbench.runs.PairRunner;
import org.rpcbench.runs.Stop;

/**
 * What every command runs with: where it speaks, its environment, the checkout whose jars run, the stop
 * that ends its processes, the clock that names its directories, what runs a pair run (a test's
 * stand-in, or {@link PairRun}) and how a run on Kubernetes reaches its cluster.
 */
final class Context {
    final PrintStream out;
    final PrintStream err;
    final Map<String, String> env;
    final Checkout checkout;
    final Stop stop;
    final Clock clock;
    final PairRunner runner;
    final KubernetesAccess kubernetes;

    Context(PrintStream out, PrintStream err, Map<String, String> env, Checkout checkout, Stop stop, Clock clock, PairRunner runner) {
        this(out, err, env, checkout, stop, clock, runner, KubernetesAccess.kubeconfig());
    }

    /** @param kubernetes how a run on Kubernetes reaches its cluster (a test's mock, or the kubeconfig's) */
    Context(PrintStream out, PrintStream err, Map<String, String> env, Checkout checkout, Stop stop, Clock clock, PairRunner runner,
            KubernetesAccess kubernetes) {
        this.kubernetes = kubernetes;
        this.out = out;
        this.err = err;
        this.env = Map.copyOf(env);
        this.checkout = checkout;
        this.stop = stop;
        this.clock = clock;
        this.runner = runner != null ? runner : settings -> new PairRun(settings, stop, clock, out, err).run();
    }

    /** The program as run: the checkout that RPCBENCH_ROOT names (benchmark.sh sets it), or the one holding this jar. */
    static Context system(PrintStream out, PrintStream err) {
        Map<String, String> env = System.getenv();
        Stop stop = Stop.system();
        return new Context(out, err, env, Checkout.at(root(env)), stop, Clock.systemDefaultZone(), null);
    }

    static Path root(Map<String, String> env) {
        String root = env.get("RPCBENCH_ROOT");
        if (root != null && !root.isBlank()) {
            return Path.of(root).toAbsolutePath();
        }
        try {
            // analysis/target/analysis.jar -> the checkout
            Path jar = Path.of(Context.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path candidate = jar.getParent() == null || jar.getParent().getParent() == null ? null : jar.getParent().getParent().getParent();
            if (candidate != null && Files.isDirectory(candidate.resolve("pairs"))) {
                return candidate;
            }
        } catch (Exception e) {
            // not from a jar: the working directory
        }
        return Path.of("").toAbsolutePath();
    }

    /**
     * The history store: results/history.db unless RPCBENCH_HISTORY names another file or a database; null when
     * "off". The value is trimmed: " off" is off, never a file named " off".
     */
    String historyStore() {
        String history = env.get(StoreAddress.VARIABLE);
        if (history == null || history.isBlank()) {
            return checkout.results().resolve("history.db").toString();
        }
        return history.trim().equals(StoreAddress.OFF) ? null : history.trim();
    }

    /**
     * The history store, checked before a run or suite starts: an address of neither kind, or a PostgreSQL store
     * that does not answer, is bad input (one line), never a failure found after the work.
     */
    String usableHistoryStore() throws UsageException {
        String store = historyStore();
        if (store != null) {
            try {
                HistoryStore.check(store);
            } catch (java.sql.SQLException e) {
                String why = String.valueOf(e.getMessage());
                throw new UsageException("the history store (" + StoreAddress.VARIABLE + ") cannot be used: "
                        + (why.contains("\n") ? why.substring(0, why.indexOf('\n')) : why) + " (or " + StoreAddress.VARIABLE + "=off)");
            }
        }
        return store;
    }

    List<String> serverJvm() {
        return jvm("SERVER_JVM_OPTS");
    }

    List<String> clientJvm() {
        return jvm("CLIENT_JVM_OPTS");
    }

    private List<String> jvm(String variable) {
        String given = env.get(variable);
        return List.of((given == null || given.isBlank() ? PairRunSettings.JVM_DEFAULT : given).trim().split("\\s+"));
    }

    Builder builder() {
        return new Builder(stop);
    }

    /** The exit code of a command that a stop ended, or its own. */
    int exit(int own) {
        return stop.requested() ? stop.exitCode() : own;
    }
}
