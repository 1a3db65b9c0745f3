package org.rpcbench.meter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class PublishedAllocationTest {

    @Test
    void aTotalIsInterpolatedBetweenTheSamplesOnEitherSide() {
        var a = new PublishedAllocation.Sample(1_000, 10_000);
        var b = new PublishedAllocation.Sample(2_000, 20_000);
        assertThat(PublishedAllocation.interpolate(a, b, 15_000)).isEqualTo(1_500);
        assertThat(PublishedAllocation.interpolate(a, b, 10_000)).isEqualTo(1_000);
        assertThat(PublishedAllocation.interpolate(a, b, 20_000)).isEqualTo(2_000);
    }

    /**
     * A publisher that allocates one byte per nanosecond of its clock, publishing every 10 ms: a reading at
     * any moment between two samples is that moment's total, not the last sample's.
     */
    @Test
    void aReadingBetweenTwoPublishedSamplesIsTheTotalAtItsMoment() throws Exception {
        ByteBuffer buffer = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
        PublishedAllocation published = new PublishedAllocation(buffer, 0, 8);
        assertThat(published.stamped()).isTrue();
        long origin = System.nanoTime();
        AtomicBoolean stop = new AtomicBoolean();
        Thread publisher = new Thread(() -> {
            while (!stop.get()) {
                long at = System.nanoTime();
                buffer.putLong(8, 0);
                buffer.putLong(0, at - origin);
                buffer.putLong(8, at);
                LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
            }
        });
        publisher.start();
        try {
            while (published.sample() == null) {
                Thread.onSpinWait();
            }
            for (int i = 0; i < 5; i++) {
                PublishedAllocation.Sample before = published.sample();
                long now = System.nanoTime();
                long total = published.at(now, before);
                // exact but for the rounding of one multiplication
                assertThat(total).isBetween(now - origin - 1, now - origin + 1);
                assertThat(total).isGreaterThanOrEqualTo(before.bytes());
                LockSupport.parkNanos(3_000_000);
            }
        } finally {
            stop.set(true);
            publisher.join();
        }
    }

    @Test
    void aPublisherThatStoppedIsReadAsItStands() {
        ByteBuffer buffer = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
        buffer.putLong(0, 4242).putLong(8, System.nanoTime());
        PublishedAllocation published = new PublishedAllocation(buffer, 0, 8);
        PublishedAllocation.Sample before = published.sample();
        assertThat(published.at(System.nanoTime(), before)).isEqualTo(4242);
        // one that publishes no moment, nor one being rewritten, is not interpolated
        assertThat(new PublishedAllocation(buffer, 0, -1).at(System.nanoTime(), null)).isEqualTo(4242);
        buffer.putLong(8, 0);
        assertThat(published.sample()).isNull();
        assertThat(published.at(System.nanoTime(), null)).isEqualTo(4242);
    }
}
