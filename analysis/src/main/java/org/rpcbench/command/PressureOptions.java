package org.rpcbench.command;

import picocli.CommandLine.Option;

/** How seed 003's high-pressure scene switches its string's size. */
@Heading("Options of pressure:")
final class PressureOptions {
    @Option(names = "--switch-every", paramLabel = "DURATION", converter = Converters.Seconds.class,
            description = "how long each drawn size lasts: 10s, 10m (default, the seed's), 1h; shorter than -D")
    Integer everySeconds;

    @Option(names = "--size-seed", paramLabel = "N", converter = Converters.SizeSeed.class,
            description = "the seed of the sizes drawn (a whole number; default a new one, printed): the same seed draws the same sizes")
    Long seed;
}
