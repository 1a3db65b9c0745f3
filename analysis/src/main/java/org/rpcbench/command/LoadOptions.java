package org.rpcbench.command;

import java.util.List;
import picocli.CommandLine.Option;

/** The load of every run: the client's options, the calls in flight, the framework switches, the pinning. */
@Heading("Options of a run, and of suite, ab, calibrate, soak and pressure:")
final class LoadOptions {
    @Option(names = {"-a", "--client-options"}, paramLabel = "\"OPTS\"",
            description = "options for the client, as they are: JMH's (case names select cases), or with -r the open loop's")
    String clientArgs;

    @Option(names = {"-t", "--concurrency"}, paramLabel = "N[,N...]", converter = Converters.ConcurrencyList.class,
            description = "calls in flight (default 32); several values make a sweep against one server")
    Converters.Concurrency concurrency;

    @Option(names = {"-o", "--switch"}, paramLabel = "NAME=VALUE", converter = Converters.SwitchValue.class,
            description = "a framework switch for server, client and forks (repeatable), e.g. dubbo.filters=default")
    List<String> switches;

    @Option(names = {"-c", "--pin"}, description = "pin the server to CPU 0 and the client to the others")
    Boolean pin;

    List<Integer> concurrency() {
        return concurrency == null ? List.of() : concurrency.values();
    }

    List<String> switches() {
        return switches == null ? List.of() : switches;
    }

    boolean pinned() {
        return Boolean.TRUE.equals(pin);
    }

    /** Whether a switch adds the calibration cost: only calibrate may. */
    boolean calibrating() {
        return switches().stream().anyMatch(s -> s.startsWith("calibration."));
    }
}
