package org.rpcbench.record;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/** Latency histograms of nanosecond call times, and their compact text form in tally files. */
public final class Histograms {
    /** Longer calls are recorded as this: a minute is far beyond any call limit the harness sets. */
    public static final long HIGHEST_NANOS = 60_000_000_000L;

    private Histograms() {}

    public static Histogram empty() {
        return new Histogram(HIGHEST_NANOS, 3);
    }

    public static String encode(Histogram h) {
        ByteBuffer buffer = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
        int length = h.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    public static Histogram decode(String text) {
        if (text == null || text.isEmpty()) {
            return empty();
        }
        try {
            Histogram h = empty();
            h.add(Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)), 0));
            return h;
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("a corrupt latency histogram: " + e.getMessage(), e);
        }
    }
}
