package org.rpcbench.rig;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rpcbench.meter.ProcessMeter;
import org.rpcbench.meter.ProcessReading;

/** The server's use of a window, or why its meter, though given, was not read. */
class ServerUseTest {
    static final ProcessReading START = new ProcessReading(1_000, 5_000, 100, 1, 0, 10);

    @Test
    void noMeterGivenIsNothingReadAndNothingLost() {
        assertThat(ServerUse.between(null, null, null)).isEqualTo(new ServerUse(null, null));
    }

    @Test
    void forwardReadingsAreTheWindowsUse() {
        ServerUse use = ServerUse.between(ProcessMeter.self(), START, new ProcessReading(2_000, 6_000, 300, 1, 0, 10));
        assertThat(use.lost()).isNull();
        assertThat(use.delta().cpuNanos()).isEqualTo(1_000);
        assertThat(use.delta().allocBytes()).isEqualTo(200);
    }

    @Test
    void figuresNotKnownAreNoNonsense() {
        ServerUse use = ServerUse.between(ProcessMeter.self(), START, new ProcessReading(2_000, -1, -1, -1, -1, -1));
        assertThat(use.lost()).isNull();
        assertThat(use.delta().cpuNanos()).isNull();
    }

    @Test
    void aLostMeterIsSaidAndItsWindowNotRead() {
        ServerUse use = ServerUse.between(new LostMeter("cannot read the server's meter at h:1: refused"), START, START);
        assertThat(use).isEqualTo(new ServerUse(null, "cannot read the server's meter at h:1: refused"));
    }

    @Test
    void readingsThatGoBackwardsAreNonsenseAndLoseTheWindow() {
        assertThat(ServerUse.between(ProcessMeter.self(), START, new ProcessReading(2_000, 4_000, 300, 1, 0, 10)).lost())
                .isEqualTo("the server's meter answered readings that went backwards (cpu: 5000, then 4000)");
        assertThat(ServerUse.between(ProcessMeter.self(), START, new ProcessReading(1_000, 6_000, 300, 1, 0, 10)).lost())
                .startsWith("the server's meter answered readings that went backwards (its clock: ");
        assertThat(ServerUse.between(ProcessMeter.self(), START, new ProcessReading(2_000, 6_000, 300, 0, 0, 10)).lost())
                .contains("gc count: 1, then 0");
        assertThat(ServerUse.between(ProcessMeter.self(), START, new ProcessReading(2_000, 6_000, 300, 0, 0, 10)).delta()).isNull();
    }
}
