package org.rpcbench.command;

import picocli.CommandLine.Option;

/** A soak's length. */
@Heading("Options of soak:")
final class SoakOptions {
    @Option(names = {"-D", "--duration"}, paramLabel = "DURATION", converter = Converters.Seconds.class,
            description = "a soak's length: 90s, 30m (default), 2h")
    Integer seconds;

}
