package org.rpcbench.command;

import org.rpcbench.cli.UsageException;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What a command that runs many runs reads of its command line: the run options given before it (to
 * benchmark.sh) and after it, as one set, and those that do not apply to it refused by name.
 */
final class Subcommand {
    final Context ctx;
    final LoadOptions load;
    final BuildOptions build;
    final EffortOptions effort;
    final SoakOptions soak;

    private Subcommand(Context ctx, LoadOptions load, BuildOptions build, EffortOptions effort, SoakOptions soak) {
        this.ctx = ctx;
        this.load = load;
        this.build = build;
        this.effort = effort;
        this.soak = soak;
    }

    /**
     * @param load, build, effort, soak the command's own groups, or null for a group it does not take
     */
    static Subcommand of(CommandSpec spec, LoadOptions load, BuildOptions build, EffortOptions effort, SoakOptions soak)
            throws UsageException {
        Cli top = Cli.of(spec);
        String name = spec.name();
        top.run.refuse(name);
        if (top.list) {
            throw new UsageException("-l does not apply to " + name);
        }
        LoadOptions l = load == null ? refused(name, top.load.given(), top.load) : LoadOptions.merged(top.load, load);
        BuildOptions b = build == null ? refused(name, top.build.given().stream().filter(o -> !o.equals("-n")).toList(), top.build)
                : BuildOptions.merged(top.build, build);
        EffortOptions e = effort == null ? refused(name, top.effort.given(), top.effort) : EffortOptions.merged(top.effort, effort);
        SoakOptions s = soak == null ? refused(name, top.soak.seconds == null ? java.util.List.of() : java.util.List.of("-D"), top.soak)
                : SoakOptions.merged(top.soak, soak);
        return new Subcommand(top.context, l, b, e, s);
    }

    private static <T> T refused(String command, java.util.List<String> given, T options) throws UsageException {
        if (!given.isEmpty()) {
            throw new UsageException(given.get(0) + " does not apply to " + command);
        }
        return options;
    }

    /** The exit code of a command that a stop ended, or its own. */
    int exit(int own) {
        return ctx.exit(own);
    }
}
