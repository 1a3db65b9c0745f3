package org.rpcbench.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.runs.CaseOrders;
import org.rpcbench.runs.Checkout;
import org.rpcbench.runs.Pair;

/** ab's order of the cases: drawn anew each round and said, unless a side's client cannot take it (then said why). */
class AbCaseOrderTest {
    static final Pair JAVA = new Pair("dubbo-hessian", "java", 20880);
    final ByteArrayOutputStream out = new ByteArrayOutputStream();

    Checkout checkout(Path dir, boolean takesTheSeed) throws Exception {
        Path options = dir.resolve("client-base/src/main/java/org/rpcbench/launcher/ClientOptions.java");
        Files.createDirectories(options.getParent());
        Files.writeString(options, takesTheSeed ? "Option.optionalInteger(\"case-order-seed\", ...)" : "Option.flag(\"jfr\", ...)");
        return Checkout.copyOf(dir, "test");
    }

    String said() {
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void bothSidesClientsTakingItEachRoundDrawsAnOrderFromASeedThatIsSaid(@TempDir Path dir) throws Exception {
        Checkout both = checkout(dir, true);
        CaseOrders orders = AbCommand.caseOrders(both, both, List.of(JAVA), new PrintStream(out, true));
        assertThat(orders).isNotNull();
        assertThat(said()).contains("each round's cases run in an order drawn anew, both sides alike (seed " + orders.seed() + ";");
    }

    @Test
    void aBaselineFromBeforeTheSeedKeepsBothSidesInJmhsOrderAndSaysWhy(@TempDir Path dir) throws Exception {
        Checkout old = checkout(dir.resolve("old"), false);
        Checkout current = checkout(dir.resolve("new"), true);
        assertThat(AbCommand.caseOrders(old, current, List.of(JAVA), new PrintStream(out, true))).isNull();
        assertThat(said()).contains("the cases run in JMH's order (by name) in every round: the baseline's client cannot");
    }

    @Test
    void goPairsAloneAreGivenNone(@TempDir Path dir) throws Exception {
        Checkout both = checkout(dir, true);
        assertThat(AbCommand.caseOrders(both, both, List.of(new Pair("rpcx", "go", 8972)), new PrintStream(out, true))).isNull();
    }
}
