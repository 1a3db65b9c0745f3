package org.rpcbench.command;

import org.rpcbench.cli.UsageException;
import picocli.CommandLine.Option;

/** Whether, and how, the jars a command runs are built first. */
@Heading("Options of a build:")
final class BuildOptions {
    @Option(names = {"-n", "--no-build"}, description = "no build: run the jars as they are")
    Boolean noBuild;

    @Option(names = {"-b", "--build-options"}, paramLabel = "\"OPTS\"",
            description = "extra Maven options for the build, e.g. -b \"-Ddubbo.version=3.3.5\"")
    String mavenOptions;

    boolean skip() {
        return Boolean.TRUE.equals(noBuild);
    }

    static BuildOptions merged(BuildOptions before, BuildOptions after) throws UsageException {
        BuildOptions m = Merge.merged(before, after);
        if (m.skip() && m.mavenOptions != null) {
            throw new UsageException("-b (build options) and -n (no build) do not go together");
        }
        return m;
    }
}
