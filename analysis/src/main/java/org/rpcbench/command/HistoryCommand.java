package org.rpcbench.command;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Locale;
import java.util.Map;
import org.rpcbench.cli.UsageException;
import org.rpcbench.history.HistoryStore;
import org.rpcbench.history.Recorder;
import org.rpcbench.history.StoreAddress;
import org.rpcbench.history.TrendPoint;
import org.rpcbench.report.ReleaseSummary;
import org.rpcbench.report.SuiteHtml;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The history store from the command line, the store always the one RPCBENCH_HISTORY names (results/history.db
 * unless it says otherwise; never on a command line, where a process list would show its password):
 * <pre>
 *   history PAIR CASE [--limit N] [--across-releases]
 *                                             the stored runs of a pair and case, oldest first, change points marked;
 *                                             with --across-releases, on every release a suite ran it on, and a table by release
 *   history record [--suite NAME] RUN_JSON... keep these runs (a run already kept is left as it is)
 * </pre>
 * Exit 2 for wrong arguments, a run record that cannot be read or one that may not be kept (a calibration
 * run), 1 when the store cannot be reached.
 */
@Command(name = "history", customSynopsis = {"Usage: ./benchmark.sh history PAIR CASE [--limit N] [--across-releases]",
    "       ./benchmark.sh history record [--suite NAME] RUN_JSON..."},
        description = {"The runs kept in the history store (RPCBENCH_HISTORY: a file, jdbc:postgresql://HOST:PORT/DB, or off;",
            "default results/history.db), oldest first, change points marked; or runs kept in it."},
        subcommands = HistoryCommand.Record.class)
final class HistoryCommand extends AbstractCommand {
    @Option(names = "--limit", paramLabel = "N", converter = Converters.Limit.class, defaultValue = "50",
            description = "at most the N latest runs (default: 50)")
    int limit;

    @Option(names = "--across-releases", description = {"also the pair's runs on the other framework releases a suite ran it on (suite",
        "--releases, rows PAIR@RELEASE), and a table by release: each one's runs, median and its 95 %% interval"})
    boolean releases;

    @Parameters(paramLabel = "PAIR CASE", arity = "0..*", description = "the pair and the case")
    List<String> words = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Subcommand c = Subcommand.of(spec);
        c.ctx().stop.endAtOnce(); // it starts no process: Ctrl-C ends it (a record half kept is rolled back by its store)
        if (words.size() != 2) {
            throw new UsageException("history needs PAIR CASE (or record RUN_JSON...), got " + (words.isEmpty() ? "none"
                    : String.join(" ", words)));
        }
        String store = c.ctx().historyStore();
        if (store == null) {
            throw new UsageException("history: the history store is off (RPCBENCH_HISTORY=off)");
        }
        return show(store, words.get(0), words.get(1), limit, releases, c.ctx().out, c.ctx().err);
    }

    /** {@code history record [--store-file FILE] [--suite NAME] RUN_JSON...}: runs kept in the store. */
    @Command(name = "record", customSynopsis = "Usage: ./benchmark.sh history record [--store-file FILE] [--suite NAME] RUN_JSON...",
            description = {"Keeps these runs in the history store (RPCBENCH_HISTORY, or the address in FILE); a run already kept is left",
                "as it is. The store is never taken from the arguments, which ps shows to every user of the machine."})
    static final class Record extends AbstractCommand {
        @Option(names = "--suite", paramLabel = "NAME", converter = Converters.Text.class, description = "the suite the runs belong to")
        String suite;
        @Option(names = "--store-file", paramLabel = "FILE", converter = Converters.Text.class,
                description = "a file holding the store's address (a file, jdbc:postgresql://..., or off), instead of RPCBENCH_HISTORY")
        String storeFile;
        @Parameters(paramLabel = "RUN_JSON", arity = "0..*", description = "run records")
        List<String> files = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            Subcommand c = Subcommand.of(spec);
            c.ctx().stop.endAtOnce(); // it starts no process: Ctrl-C ends it (a record half kept is rolled back by its store)
            for (String f : files) {
                if (f.startsWith("jdbc:")) {
                    throw new UsageException("history record takes the store from RPCBENCH_HISTORY or --store-file FILE, never from its"
                            + " arguments, which ps shows to every user (got " + HistoryStore.redact(f) + ")");
                }
            }
            if (files.isEmpty()) {
                throw new UsageException("history record needs one or more run.json files");
            }
            Optional<String> store;
            try {
                store = storeFile != null ? StoreAddress.fromFile(Path.of(storeFile)) : Optional.ofNullable(c.ctx().historyStore());
            } catch (IOException e) {
                throw new UsageException(e.getMessage());
            }
            if (store.isEmpty()) {
                c.ctx().out.println("history: off (" + StoreAddress.VARIABLE + "=" + StoreAddress.OFF + "): " + files.size() + " run"
                        + (files.size() == 1 ? "" : "s") + " not recorded");
                return 0;
            }
            return Recorder.record(store.get(), suite, files.stream().map(Path::of).toList(), c.ctx().out, c.ctx().err);
        }
    }

    /**
     * The stored runs of a pair and case, oldest first, change points marked, and with {@code releases} those on
     * other releases too and a table by release for each series; 1 when the store cannot be read.
     */
    static int show(String where, String pair, String caseName, int limit, boolean releases, PrintStream out, PrintStream err) {
        try (HistoryStore store = HistoryStore.open(where)) {
            List<HistoryStore.Stored> rows = releases ? store.listAcrossReleases(pair, caseName, limit) : store.list(pair, caseName, limit);
            if (rows.isEmpty()) {
                out.println("history: no stored run of " + pair + " " + caseName + " in " + store.where());
                return 0;
            }
            // change points within each series: the same concurrency, settings and host
            Map<String, List<HistoryStore.Stored>> series = new LinkedHashMap<>();
            rows.forEach(r -> series.computeIfAbsent(r.threads() + "|" + r.jmhSettings() + "|" + r.host(), k -> new ArrayList<>()).add(r));
            List<TrendPoint> changes = new ArrayList<>();
            for (List<HistoryStore.Stored> s : series.values()) {
                SuiteHtml.marked(s.stream().map(HistoryStore.Stored::point).toList()).stream()
                        .filter(TrendPoint::changePoint).forEach(changes::add);
            }
            String format = "%-24s %5s  %-36s %-10s %-12s %-14s %12s %10s %9s %10s %7s  %s%n";
            out.printf(Locale.ROOT, "%s %s in %s (ops/s answered right, p99 ms, server CPU µs per call; * a change point)%n",
                    pair, caseName, store.where());
            out.printf(Locale.ROOT, format, "time (UTC)", "conc", "JMH settings", "host", "version", "commit", "ops/s",
                    "± 99.9 %", "p99", "server µs", "errors", "");
            for (HistoryStore.Stored r : rows) {
                TrendPoint p = r.point();
                boolean change = changes.stream().anyMatch(c -> c.time().equals(p.time()));
                String commit = p.gitCommit() == null ? "" : p.gitCommit().length() > 12 && p.gitCommit().matches("[0-9a-f]{40}.*")
                        ? p.gitCommit().substring(0, 12) + p.gitCommit().substring(40) : p.gitCommit();
                out.printf(Locale.ROOT, format, HistoryStore.format(p.time()), r.threads(), r.jmhSettings(), r.host(),
                        p.frameworkVersion(), commit, String.format(Locale.ROOT, "%.1f", p.opsPerSecond()),
                        String.format(Locale.ROOT, "%.1f", p.opsError()), String.format(Locale.ROOT, "%.3f", p.p99Ms()),
                        Double.isNaN(p.serverMicrosPerCall()) ? "n/a" : String.format(Locale.ROOT, "%.1f", p.serverMicrosPerCall()),
                        p.errors(), change ? "*" : "");
            }
            if (releases) {
                for (Map.Entry<String, List<HistoryStore.Stored>> s : series.entrySet()) {
                    HistoryStore.Stored first = s.getValue().get(0);
                    out.printf(Locale.ROOT, "%nby release: %d in flight, %s, on %s%n", first.threads(), first.jmhSettings(), first.host());
                    ReleaseSummary.lines(ReleaseSummary.of(s.getValue().stream().map(HistoryStore.Stored::point).toList()))
                            .forEach(out::println);
                }
            }
            return 0;
        } catch (SQLException | RuntimeException e) {
            err.println("rpc-bench history: cannot read " + HistoryStore.redact(where) + ": " + Recorder.oneLine(e));
            return 1;
        }
    }
}
