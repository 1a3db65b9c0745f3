package org.rpcbench.command;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.rpcbench.cli.UsageException;
import org.rpcbench.runs.CannotRun;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.TypeConversionException;

/**
 * benchmark.sh's command line: every command and every option, each option declared once (in the groups
 * the commands mix in), options before or after the command and the pair. Bad input gets one line naming
 * the problem and exit 2, the usage only with -h. A pair run, a server or a client alone is this command's
 * own; everything else is a subcommand.
 */
@Command(name = "benchmark.sh", subcommands = {SuiteCommand.class, AbCommand.class, CalibrateCommand.class, SoakCommand.class,
    PressureCommand.class, BuildCommand.class, CompareCommand.class, MergeCommand.class, HistoryCommand.class, VerifyCommand.class},
        customSynopsis = {
            "Usage: ./benchmark.sh [options] PAIR           server and client of PAIR on loopback, then the summary",
            "       ./benchmark.sh [options] PAIR-server    a server in the foreground, until Ctrl-C or SIGTERM",
            "       ./benchmark.sh [options] PAIR-client    a client against a server that is already running (-s, -p)",
            "       ./benchmark.sh --on docker PAIR         server and clients in containers of the local Docker engine",
            "       ./benchmark.sh --on kubernetes PAIR     the pair on a Kubernetes cluster, N clients merged (--clients)",
            "       ./benchmark.sh [options] suite NAME     a seed's table: its pairs in rounds (-R), one table",
            "       ./benchmark.sh [options] ab [--baseline-build OPTS|--baseline-rev REV ...] PAIR|suite NAME",
            "                                               two builds in randomized interleaved rounds: did it get slower?",
            "       ./benchmark.sh [options] calibrate PAIR how small a change ab sees here, and its false alarms",
            "       ./benchmark.sh [options] soak PAIR      seed 003's stability scene for -D, GC logs, then its verdict",
            "       ./benchmark.sh [options] pressure PAIR  seed 003's high-pressure scene: two sets of server and client",
            "       ./benchmark.sh [options] build PAIR...  the pairs' jars, built and nothing run",
            "       ./benchmark.sh compare BASELINE CURRENT | merge OUT DIR... | history PAIR CASE | verify RUN_DIR..."},
        description = {"Options go before or after the command and the pair. Every command takes -h for its own options;",
            "-l lists the pairs, suite -h the suites."},
        footer = {"", "Environment: SERVER_JVM_OPTS and CLIENT_JVM_OPTS (default -Xms2g -Xmx2g -XX:MaxDirectMemorySize=1g",
            "-XX:+UseG1GC); RPCBENCH_HISTORY (a file, jdbc:postgresql://HOST:PORT/DB, or off; default results/history.db).",
            "Exit codes: 0 passed, 1 slower or failed, 2 bad input, 3 server unreachable, 4 ab inconclusive (could not",
            "have seen the change asked for), 130/143 stopped. The guide: docs/README.md; exit codes: docs/exit-codes.md."})
final class Cli implements Callable<Integer> {
    @Mixin
    HelpOption help;
    @Mixin
    PairRunOptions run;
    @Mixin
    OverwriteOption overwrite;
    @Mixin
    PlaceOptions place;
    @Mixin
    RunningOptions running;
    @Mixin
    SoakOptions soak;

    @Option(names = {"-l", "--list"}, description = "list the pairs")
    boolean list;

    @Parameters(paramLabel = "PAIR", arity = "0..*", description = "PAIR, PAIR-server or PAIR-client")
    List<String> words = new ArrayList<>();

    final Context context;

    Cli(Context context) {
        this.context = context;
    }

    @Override
    public Integer call() throws Exception {
        return new PairCommand(this).run();
    }

    /** Parses and runs a command line: its exit code. */
    static int run(String[] args, Context context) {
        CommandLine cl = commandLine(context);
        return cl.execute(args);
    }

    /** One command as the tests give it: its name, then the arguments after it. */
    static int run(String command, List<String> args, PrintStream out, PrintStream err) {
        List<String> all = new ArrayList<>(List.of(command));
        all.addAll(args);
        return run(all.toArray(String[]::new), Context.system(out, err));
    }

    static CommandLine commandLine(Context context) {
        CommandLine cl = new CommandLine(new Cli(context));
        // -a "-f 0 -wi 1" and --candidate-build "-Ddubbo.version=..." are values, although they look like options
        cl.setAllowOptionsAsOptionParameters(true);
        cl.setExpandAtFiles(false);
        cl.setOut(new PrintWriter(context.out, true));
        cl.setErr(new PrintWriter(context.err, true));
        cl.setParameterExceptionHandler((e, args) -> {
            context.err.println("benchmark.sh: " + message(e));
            return 2;
        });
        cl.setExecutionExceptionHandler((e, command, parsed) -> failed(e, command, context));
        Usage.install(cl);
        SuiteCommand.listSuites(cl.getSubcommands().get("suite").getCommandSpec());
        return cl;
    }

    /** One line for bad input: the option's name and what it needs, or picocli's own first line. */
    static String message(ParameterException e) {
        if (e.getCause() instanceof TypeConversionException c && e.getArgSpec() instanceof OptionSpec o) {
            return o.shortestName() + " " + c.getMessage();
        }
        String m = String.valueOf(e.getMessage());
        int newline = m.indexOf('\n');
        return newline < 0 ? m : m.substring(0, newline);
    }

    private static int failed(Exception e, CommandLine command, Context context) {
        String name = command.getCommandSpec().parent() == null ? "" : command.getCommandName() + ": ";
        if (e instanceof UsageException) {
            context.err.println("benchmark.sh: " + e.getMessage());
            return 2;
        }
        if (e instanceof CannotRun) {
            context.err.println("benchmark.sh: " + name + e.getMessage());
            return context.exit(1);
        }
        if (e instanceof IOException || e instanceof RuntimeException) {
            context.err.println("benchmark.sh: " + name + "failed: " + e.getMessage());
            return context.exit(1);
        }
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            return context.exit(org.rpcbench.runs.Stop.INTERRUPTED);
        }
        context.err.println("benchmark.sh: " + name + "failed: " + e);
        return context.exit(1);
    }

    /**
     * The top of the command line a subcommand was given in: its context and the options given before the
     * subcommand. A pair named beside a command is refused.
     */
    static Cli of(CommandLine.Model.CommandSpec spec) throws UsageException {
        CommandLine.Model.CommandSpec top = spec;
        while (top.parent() != null) {
            top = top.parent();
        }
        Cli cli = (Cli) top.userObject();
        if (!cli.words.isEmpty()) {
            throw new UsageException("name one command: '" + String.join(" ", cli.words) + "' and " + spec.name() + " were given");
        }
        return cli;
    }
}
