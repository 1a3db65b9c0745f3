package org.rpcbench.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProblemTallyTest {

    @Test
    void everyProblemIsCountedByKindWithItsFirstExamples() {
        ProblemTally t = new ProblemTally();
        for (int i = 0; i < 1000; i++) {
            t.add("wrong answer: expected user " + i + ", got null");
        }
        t.add("HttpTimeoutException: request timed out");
        t.add("HttpTimeoutException: request timed out");
        assertThat(t.total()).isEqualTo(1002);
        assertThat(t.kinds()).containsExactly(
                new ProblemKind("wrong answer: expected user #, got null", 1000, List.of("wrong answer: expected user 0, got null",
                        "wrong answer: expected user 1, got null", "wrong answer: expected user 2, got null")),
                new ProblemKind("HttpTimeoutException: request timed out", 2, List.of("HttpTimeoutException: request timed out")));
    }

    @Test
    void kindsBeyondTheLimitAreCountedTogetherSoTheCountsAddUp() {
        ProblemTally t = new ProblemTally();
        for (int i = 0; i < ProblemTally.KINDS + 20; i++) {
            t.add("problem " + (char) ('a' + i % 26) + (char) ('a' + i / 26));
        }
        assertThat(t.kinds()).hasSize(ProblemTally.KINDS + 1);
        assertThat(t.kinds().get(ProblemTally.KINDS).kind()).isEqualTo(ProblemTally.OTHER);
        assertThat(t.kinds().get(ProblemTally.KINDS).count()).isEqualTo(20);
        assertThat(t.kinds().get(ProblemTally.KINDS).examples()).hasSize(ProblemTally.EXAMPLES);
        assertThat(t.total()).isEqualTo(ProblemTally.KINDS + 20);
    }

    @Test
    void tallyKindsMergeAndAnUnknownOneMakesTheMergeUnknown() {
        ProblemTally a = new ProblemTally();
        a.add("x 1");
        ProblemTally b = new ProblemTally();
        b.add("x 2");
        b.add("y");
        assertThat(ProblemTally.merge(List.of(a.kinds(), b.kinds()))).containsExactly(
                new ProblemKind("x #", 2, List.of("x 1", "x 2")), new ProblemKind("y", 1, List.of("y")));
        assertThat(ProblemTally.merge(List.of(a.kinds(), List.of()))).hasSize(1);
        assertThat(ProblemTally.merge(java.util.Arrays.asList(a.kinds(), null))).isNull();
    }
}
