package org.rpcbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.rpcbench.record.CaseRecord;
import org.rpcbench.record.JitWarmup;
import org.rpcbench.record.RunRecord;
import org.rpcbench.report.Runs;

/** The warm-up rule over records built here: the bound each later run gets, and which runs it sets aside. */
class WarmupBoundTest {

    static JitWarmup quiet(double seconds) {
        return new JitWarmup(seconds, true, 1, 1, 1000);
    }

    static JitWarmup notQuiet(double seconds) {
        return new JitWarmup(seconds, false, 1, 1, 1000);
    }

    /** A run whose cases warmed up so, one warm-up a case, getUser's first. */
    static RunRecord run(JitWarmup... warmups) {
        List<String> names = List.of("getUser", "listUser", "createUser", "echo1K");
        List<CaseRecord> cases = IntStream.range(0, warmups.length).mapToObj(i -> {
            JitWarmup w = warmups[i];
            CaseRecord c = Runs.closedCase(names.get(i), 30000, 2);
            return new CaseRecord(c.name(), c.opsPerSecond(), c.opsError(), c.iterationScores(), c.answeredPerSecond(), c.latencyMs(),
                    null, c.calls(), 0, 0, 0, List.of(), false, null, c.cpuAndGc(), c.perCall(), List.of(), null, null, null, null,
                    null, null, List.of(w));
        }).toList();
        return Runs.run("dubbo-hessian", "hessian2", cases);
    }

    final WarmupBound rule = WarmupBound.of(60);

    @Test
    void theFirstRunsTakeTheUsersBound() {
        assertThat(rule.next(List.of())).isEqualTo(60);
        // a run without a warm-up until the JITs are quiet (the Go client's) tells nothing of one
        assertThat(rule.next(List.of(Runs.run("dubbo-hessian", "hessian2", List.of(Runs.closedCase("getUser", 30000, 2)))))).isEqualTo(60);
    }

    @Test
    void laterRunsTakeTheLongestEarlierWarmUpTimesOneAndAHalfPlusTwoSeconds() {
        // the longest of every case of every earlier run, rounded up: 12.4 x 1.5 + 2 = 20.6
        assertThat(rule.next(List.of(run(quiet(8), quiet(3)), run(quiet(12.4), quiet(2.5))))).isEqualTo(21);
        // a warm-up cut at its bound took at least that long, and counts so: the bound grows from it
        assertThat(rule.next(List.of(run(quiet(20)), run(notQuiet(32))))).isEqualTo(50);
    }

    @Test
    void theBoundIsNeverBelowTheFloorNorAboveTheUsersBound() {
        assertThat(rule.next(List.of(run(quiet(2.1), quiet(1))))).isEqualTo(WarmupBound.FLOOR_SECONDS);
        assertThat(rule.next(List.of(run(quiet(40))))).isEqualTo(60);
        assertThat(WarmupBound.of(8).next(List.of(run(quiet(2))))).isEqualTo(8);
        assertThat(WarmupBound.of(0).next(List.of(run(quiet(2))))).isZero();
    }

    @Test
    void aRunWhoseJitsWereNotQuietWithinALoweredBoundIsSetAsideAndSaysWhich() {
        assertThat(rule.setAside(run(quiet(4), notQuiet(21)), 21))
                .isEqualTo("its JITs were not quiet within the warm-up bound of 21 s (listUser: 21.0 s)");
        assertThat(rule.setAside(run(quiet(20.5), quiet(3)), 21)).isNull();
        // at the user's own bound it is judged as any run is: the rule did not cut it short
        assertThat(rule.setAside(run(notQuiet(60)), 60)).isNull();
        assertThat(WarmupBound.of(1).setAside(run(notQuiet(1)), 1)).isNull();
        // no warm-up recorded: nothing to say it was cut short
        assertThat(rule.setAside(Runs.run("dubbo-hessian", "hessian2", List.of(Runs.closedCase("getUser", 30000, 2))), 21)).isNull();
    }

    @Test
    void theRuleSaysItselfInOneLineBeforeTheFirstRun() {
        assertThat(rule.describe()).doesNotContain("\n").contains("at most 60 s in round 1").contains("1.5 x the longest")
                .contains("+ 2 s, at least 10 s").contains("set aside");
        assertThat(WarmupBound.of(0).describe()).contains("--steady-warmup 0");
        assertThat(WarmupBound.of(3).describe()).contains("at most 3 s in every round").contains("no run is set aside");
        assertThatThrownBy(() -> new WarmupBound(60, 0.5, 2, 10)).isInstanceOf(IllegalArgumentException.class);
    }
}
