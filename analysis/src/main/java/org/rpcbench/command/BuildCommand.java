package org.rpcbench.command;

import java.util.ArrayList;
import java.util.List;
import org.rpcbench.cli.UsageException;
import org.rpcbench.runs.Pair;
import org.rpcbench.runs.Pairs;
import org.rpcbench.runs.Stopped;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** The pairs' jars built, with -b's Maven options, and nothing run. */
@Command(name = "build", customSynopsis = "Usage: ./benchmark.sh [-b \"OPTS\"] build PAIR...",
        description = "Builds the pairs' jars (mvn -pl PAIR-server,PAIR-client -am package; the go module for a Go pair).")
final class BuildCommand extends AbstractCommand {
    @Mixin
    BuildOptions build;

    @Parameters(paramLabel = "PAIR", arity = "0..*", description = "the pairs")
    List<String> words = new ArrayList<>();

    @Override
    public Integer call() throws Exception {
        Subcommand c = Subcommand.of(spec, null, build, null, null);
        if (c.build().skip()) {
            throw new UsageException("-n (no build) does not go with build");
        }
        if (words.isEmpty()) {
            throw new UsageException("build needs one or more pairs");
        }
        Pairs known = c.ctx().checkout.pairs();
        List<Pair> pairs = new ArrayList<>();
        for (String w : words) {
            pairs.add(known.named(w));
        }
        try {
            c.ctx().builder().build(c.ctx().checkout, pairs, c.build().mavenOptions, null, c.ctx().out, c.ctx().err);
        } catch (Stopped e) {
            return c.ctx().stop.exitCode();
        }
        return 0;
    }
}
