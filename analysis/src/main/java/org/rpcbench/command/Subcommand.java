package org.rpcbench.command;

import org.rpcbench.cli.UsageException;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What a command that runs many runs reads of its command line: the run options given before it (to
 * benchmark.sh) and after it, as one set, and those that do not apply to it refused by name.
 */
record Subcommand(Context ctx, LoadOptions load, BuildOptions build, EffortOptions effort, SoakOptions soak) {

    /** A command that takes the load, build and effort groups, and neither -D nor -l. */
    static Subcommand of(CommandSpec spec, RunningOptions own) throws UsageException {
        return of(spec, own.load, own.build, own.effort, null);
    }

    /** A command that takes none of the run groups. */
    static Subcommand of(CommandSpec spec) throws UsageException {
        return of(spec, null, null, null, null);
    }

    /**
     * @param load, build, effort, soak the command's own groups, or null for a group it does not take
     */
    static Subcommand of(CommandSpec spec, LoadOptions load, BuildOptions build, EffortOptions effort, SoakOptions soak)
            throws UsageException {
        Cli top = Cli.of(spec);
        String name = spec.name();
        top.run.refuse(name);
        if (top.overwrite.given()) {
            throw new UsageException("--overwrite does not apply to " + name);
        }
        refused(name, Merge.given(top.place), top.place);
        if (top.list) {
            throw new UsageException("-l does not apply to " + name);
        }
        RunningOptions given = top.running;
        LoadOptions l = load == null ? refused(name, Merge.given(given.load), given.load) : Merge.merged(given.load, load);
        BuildOptions b = build == null ? refused(name, Merge.given(given.build).stream().filter(o -> !o.equals("-n")).toList(), given.build)
                : BuildOptions.merged(given.build, build);
        EffortOptions e = effort == null ? refused(name, Merge.given(given.effort), given.effort) : Merge.merged(given.effort, effort);
        SoakOptions s = soak == null ? refused(name, Merge.given(top.soak), top.soak) : Merge.merged(top.soak, soak);
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
