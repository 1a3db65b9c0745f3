package org.rpcbench.command;

import org.rpcbench.cli.UsageException;
import picocli.CommandLine.Option;

/** A soak's length. */
@Heading("Options of soak:")
final class SoakOptions {
    @Option(names = {"-D", "--duration"}, paramLabel = "DURATION", converter = Converters.Seconds.class,
            description = "a soak's length: 90s, 30m (default), 2h")
    Integer seconds;

    static SoakOptions merged(SoakOptions before, SoakOptions after) throws UsageException {
        SoakOptions m = new SoakOptions();
        m.seconds = Merge.once("-D", before.seconds, after.seconds);
        return m;
    }
}
