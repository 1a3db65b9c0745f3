package org.rpcbench.command;

import picocli.CommandLine.Option;

/** How long a soak or a pressure run lasts. */
@Heading("Options of soak and pressure:")
final class SoakOptions {
    @Option(names = {"-D", "--duration"}, paramLabel = "DURATION", converter = Converters.Seconds.class,
            description = "how long a soak or pressure runs: 90s, 30m (default), 2h")
    Integer seconds;

}
