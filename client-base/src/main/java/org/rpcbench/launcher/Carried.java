package org.rpcbench.launcher;

import java.io.PrintStream;
import java.util.List;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.cases.Case;

/**
 * The cases a pair cannot call at all: those of an operation its protocol's contract lacks (seed 003's scene
 * calls are the Java interface's, not the IDL twins'). Refused before the server is asked anything, as bad
 * input: the run could only fail them.
 */
final class Carried {
    private Carried() {}

    /** One line naming the cases {@code binding} does not carry, or null when it carries all of them. */
    static String refusal(ClientBinding binding, List<Case> cases) {
        List<String> not = cases.stream().filter(c -> !binding.carries(c.operation())).map(Case::method).toList();
        if (not.isEmpty()) {
            return null;
        }
        return binding.name() + " does not carry " + String.join(", ", not) + ": only the pairs calling the contract's Java"
                + " interface do (its IDL twin has no such call); leave "
                + (not.size() == 1 ? "it" : "them") + " out (a JMH pattern can, with -e)";
    }

    /**
     * JMH's options without the cases the binding does not carry, when its patterns select some it does carry too
     * ({@code echo} matches echoPersons beside the echoes a protobuf pair has): the pattern asked for a family of
     * cases, and the pair runs those of them its contract has, saying which it left out. A selection of
     * uncarried cases alone is left as it is, for {@link #refusal} to refuse.
     */
    static Options narrowed(ClientBinding binding, Options options, List<Case> selected, PrintStream err) {
        List<Case> not = selected.stream().filter(c -> !binding.carries(c.operation())).toList();
        if (not.isEmpty() || not.size() == selected.size()) {
            return options;
        }
        ChainedOptionsBuilder narrowed = new OptionsBuilder().parent(options);
        not.forEach(c -> narrowed.exclude("\\." + c.method() + "$"));
        err.println("rpc-bench client: note: " + String.join(", ", not.stream().map(Case::method).toList()) + " left out: "
                + binding.name() + " does not carry " + (not.size() == 1 ? "it" : "them") + " (only the contract's Java interface has it)");
        return narrowed.build();
    }
}
