package org.rpcbench.command;

import java.util.ArrayList;
import java.util.List;
import org.rpcbench.cli.UsageException;
import picocli.CommandLine.Option;

/** The load of every run: the client's options, the calls in flight, the framework switches, the pinning. */
@Heading("Options of a run, and of suite, ab, calibrate and soak:")
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

    List<String> given() {
        List<String> given = new ArrayList<>();
        PairRunOptions.add(given, "-a", clientArgs);
        PairRunOptions.add(given, "-t", concurrency);
        PairRunOptions.add(given, "-o", switches);
        PairRunOptions.add(given, "-c", pin);
        return given;
    }

    /** These options as given before the command and after it, each given once (switches add up). */
    static LoadOptions merged(LoadOptions before, LoadOptions after) throws UsageException {
        LoadOptions m = new LoadOptions();
        m.clientArgs = Merge.once("-a", before.clientArgs, after.clientArgs);
        m.concurrency = Merge.once("-t", before.concurrency, after.concurrency);
        m.pin = Merge.once("-c", before.pin, after.pin);
        if (before.switches != null || after.switches != null) {
            m.switches = new ArrayList<>(before.switches());
            m.switches.addAll(after.switches());
        }
        return m;
    }
}
