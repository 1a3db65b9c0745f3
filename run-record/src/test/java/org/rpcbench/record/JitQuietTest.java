package org.rpcbench.record;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class JitQuietTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void endsAfterTwoQuietWindowsOnBothSides() {
        JitQuiet rule = new JitQuiet();
        assertThat(rule.window(SECOND, 900_000_000, 800_000_000)).isFalse();
        assertThat(rule.window(SECOND, 50_000_000, 40_000_000)).isFalse();
        assertThat(rule.window(SECOND, 100_000_000, 0)).as("10 %% of the window is still quiet").isTrue();
    }

    @Test
    void aPlateauWhileTheServerStillCompilesIsNotTheEnd() {
        // the client has settled; the server's C2 is still working through its queue
        JitQuiet rule = new JitQuiet();
        for (int i = 0; i < 10; i++) {
            assertThat(rule.window(SECOND, 0, 300_000_000)).isFalse();
        }
    }

    @Test
    void aBurstStartsTheCountAgain() {
        JitQuiet rule = new JitQuiet();
        assertThat(rule.window(SECOND, 0, 0)).isFalse();
        assertThat(rule.window(SECOND, 0, 150_000_000)).isFalse();
        assertThat(rule.window(SECOND, 0, 0)).isFalse();
        assertThat(rule.window(SECOND, 0, 0)).isTrue();
    }

    @Test
    void aSideThatCannotBeReadIsLeftOut() {
        JitQuiet rule = new JitQuiet();
        assertThat(rule.window(SECOND, 10_000_000, -1)).isFalse();
        assertThat(rule.window(SECOND, 10_000_000, -1)).isTrue();
    }
}
