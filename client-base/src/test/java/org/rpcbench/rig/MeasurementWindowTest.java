package org.rpcbench.rig;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.infra.Control;
import org.rpcbench.meter.ProcessMeter;

/** The window watcher against flags a test flips, reading this JVM's own meters. */
class MeasurementWindowTest {

    @Test
    void theMetersAreReadAtTheWindowsEdgesAndNotAroundThem() {
        MeasurementWindow window = new MeasurementWindow(ProcessMeter.self(), null, 200_000_000L);
        Control flags = new Control();
        window.offer(flags);
        LockSupport.parkNanos(150_000_000L); // before the window: not counted
        long opening = System.nanoTime();
        flags.startMeasurement = true;
        LockSupport.parkNanos(250_000_000L);
        flags.stopMeasurement = true;
        MeasurementWindow.Use use = window.close();
        long closed = System.nanoTime();
        // the first reading comes after the window opened, the last before close() returned
        assertThat(use.seconds()).isPositive().isLessThanOrEqualTo((closed - opening) / 1e9);
        assertThat(use.client().cpuNanos()).isNotNull();
        assertThat(use.client().allocBytes()).isNotNull();
        assertThat(use.server()).isNull();
    }

    @Test
    void aWindowThatNeverOpenedIsUnknown() {
        MeasurementWindow window = new MeasurementWindow(ProcessMeter.self(), null, 10_000_000L);
        MeasurementWindow.Use use = window.close();
        assertThat(use.client()).isNull();
        assertThat(use.seconds()).isNaN();
    }
}
