package org.rpcbench.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.StubBinding;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.Operation;

class CarriedTest {
    /** A pair of an IDL: every operation but the Java interface's own. */
    private static final ClientBinding IDL = new StubBinding("idl-pair") {
        @Override
        public boolean carries(Operation op) {
            return op.twinned();
        }
    };

    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private Options narrowed(String pattern) {
        Options options = new OptionsBuilder().include(pattern).build();
        return Carried.narrowed(IDL, options, JmhSettings.selectedCases(options), new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void aPatternThatAlsoMatchesAnUncarriedCaseRunsTheCarriedOnesAndSaysWhichItLeftOut() {
        List<Case> selected = JmhSettings.selectedCases(narrowed("echo"));
        assertThat(selected).contains(Case.ECHO_5K).doesNotContain(Case.ECHO_PERSONS);
        assertThat(Carried.refusal(IDL, selected)).isNull();
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("echoPersons left out: idl-pair does not carry it");
    }

    @Test
    void aSelectionOfUncarriedCasesAloneIsRefusedInOneLine() {
        List<Case> selected = JmhSettings.selectedCases(narrowed("assemble1K"));
        assertThat(selected).containsExactly(Case.ASSEMBLE_1K);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(Carried.refusal(IDL, selected)).startsWith("idl-pair does not carry assemble1K").doesNotContain("\n");
    }
}
