package org.rpcbench.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaseOrdersTest {

    @Test
    void oneSeedGivesEachRoundItsOwnSeedAndAgainTheSame() {
        CaseOrders orders = new CaseOrders(11);
        assertThat(IntStream.rangeClosed(1, 200).mapToLong(orders::of).distinct().count()).isEqualTo(200);
        assertThat(IntStream.rangeClosed(1, 200).mapToLong(orders::of)).allMatch(s -> s >= 0 && s <= Integer.MAX_VALUE);
        assertThat(new CaseOrders(11).of(3)).isEqualTo(orders.of(3));
        assertThat(new CaseOrders(12).of(3)).isNotEqualTo(orders.of(3));
        assertThat(orders.clientArgs("-f 0", 3)).isEqualTo("--case-order-seed " + orders.of(3) + " -f 0");
    }

    @Test
    void aCheckoutWhoseClientDeclaresTheSeedTakesIt(@TempDir Path dir) throws Exception {
        Checkout checkout = Checkout.copyOf(dir, "test");
        assertThat(CaseOrders.takenBy(checkout)).as("no client source at all").isFalse();
        Path options = dir.resolve(CaseOrders.CLIENT_OPTIONS);
        Files.createDirectories(options.getParent());
        Files.writeString(options, "static final Option<Integer> STEADY_WARMUP = Option.integer(\"steady-warmup\", ...");
        assertThat(CaseOrders.takenBy(checkout)).as("a revision from before the seed").isFalse();
        Files.writeString(options, "Option.optionalInteger(\"case-order-seed\", \"N\", 0, Integer.MAX_VALUE, ...");
        assertThat(CaseOrders.takenBy(checkout)).isTrue();
    }

    @Test
    void aRunKeptItsRoundsOrderOnlyWhenItsRecordSaysThatSeedAndTheCasesRanAsAsked() {
        var run = org.rpcbench.report.Runs.run("dubbo-hessian", "hessian2", java.util.List.of());
        java.util.List<String> asked = java.util.List.of("listUser", "getUser");
        assertThat(CaseOrders.unkept(null, 5)).as("no record: the run fails for that already").isNull();
        assertThat(CaseOrders.unkept(run, 5)).isEqualTo("its record says no order of its cases: its client took no --case-order-seed 5");
        assertThat(CaseOrders.unkept(run.withCaseOrder(new org.rpcbench.record.CaseOrder(5L, asked, asked)), 5)).isNull();
        assertThat(CaseOrders.unkept(run.withCaseOrder(new org.rpcbench.record.CaseOrder(null, asked, asked)), 5))
                .isEqualTo("its cases were drawn with no seed, not the round's 5");
        assertThat(CaseOrders.unkept(run.withCaseOrder(new org.rpcbench.record.CaseOrder(5L, asked, asked.subList(1, 2))), 5))
                .isEqualTo("its cases ran in the order [getUser], not the order asked [listUser, getUser]");
    }

    @Test
    void thisCheckoutsClientTakesIt() {
        // the file the check reads is where this checkout's client declares its options: a move would make every ab
        // run its cases in one order again, unsaid but for its line
        assertThat(CaseOrders.takenBy(Checkout.at(Path.of("..").toAbsolutePath().normalize()))).isTrue();
    }
}
