package org.rpcbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ResourceUseTest {
    static final long S = 1_000_000_000L;

    @Test
    void sumsIntervalsAndGivesCpuAsAShareOfOneCore() {
        ResourceUse use = new ResourceUse();
        // two measured seconds at 150 % of a core, then a warm-up gap that is not added, then one at 50 %
        use.add(new ProcessReading(0, 0, 0, 0, 0), new ProcessReading(2 * S, 3 * S, 4, 0, 20_000_000));
        use.add(new ProcessReading(10 * S, 20 * S, 9, 1, 90_000_000), new ProcessReading(11 * S, 20 * S + S / 2, 10, 1, 95_000_000));
        assertThat(use.cpuPercentOfCore()).isEqualTo(100.0 * 3.5 / 3);
        assertThat(use.gcCount()).isEqualTo(5);
        assertThat(use.fullGcCount()).isZero();
        assertThat(use.gcPauseMillis()).isEqualTo(25.0);
        assertThat(use.seconds()).isEqualTo(3.0);
    }

    @Test
    void aFigureUnknownOnceStaysUnknownRatherThanUnderstated() {
        ResourceUse use = new ResourceUse();
        use.add(new ProcessReading(0, 0, -1, -1, -1), new ProcessReading(S, S, -1, -1, -1));
        use.add(new ProcessReading(2 * S, 2 * S, 0, 0, 0), new ProcessReading(3 * S, 3 * S, 5, 0, 10));
        assertThat(use.gcCount()).isEqualTo(-1);
        assertThat(use.gcPauseMillis()).isNaN();
        assertThat(use.cpuPercentOfCore()).isEqualTo(100.0);
        assertThat(new ResourceUse().cpuPercentOfCore()).isNaN();
        assertThat(new ResourceUse().measured()).isFalse();
    }

    @Test
    void forksMergeAsOneLongerWindowAndSurviveTheirFile() {
        ResourceUse a = new ResourceUse();
        a.add(new ProcessReading(0, 0, 0, 0, 0), new ProcessReading(S, S, 1, 0, 1_000_000));
        ResourceUse b = new ResourceUse();
        b.add(new ProcessReading(0, 0, 0, 0, 0), new ProcessReading(3 * S, 0, 3, 1, 3_000_000));
        ResourceUse merged = ResourceUse.fromState(a.state());
        merged.merge(ResourceUse.fromState(b.state()));
        assertThat(merged.cpuPercentOfCore()).isEqualTo(25.0);
        assertThat(merged.gcCount()).isEqualTo(4);
        assertThat(merged.fullGcCount()).isEqualTo(1);
        assertThat(merged.gcPauseMillis()).isEqualTo(4.0);
        ResourceUse empty = new ResourceUse();
        empty.merge(merged);
        assertThat(empty.gcCount()).isEqualTo(4);
    }
}
