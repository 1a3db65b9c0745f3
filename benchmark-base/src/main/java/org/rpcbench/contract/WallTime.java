package org.rpcbench.contract;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * How the contract's zoneless times travel in the IDL twins' timestamps (seconds and nanoseconds): a
 * LocalDateTime as its wall time read at UTC, a LocalDate as its midnight at UTC. Read back the same way,
 * the wall time arrives unchanged whatever the hosts' zones. One rule for protobuf's Timestamp and
 * Thrift's, so that both twins carry exactly the same values.
 */
public final class WallTime {
    private static final long SECONDS_PER_DAY = 86_400;

    private WallTime() {}

    public static long seconds(LocalDateTime t) {
        return t.toEpochSecond(ZoneOffset.UTC);
    }

    public static long seconds(LocalDate d) {
        return d.toEpochDay() * SECONDS_PER_DAY;
    }

    public static LocalDateTime localDateTime(long seconds, int nanos) {
        try {
            return LocalDateTime.ofEpochSecond(seconds, nanos, ZoneOffset.UTC);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("a Timestamp that is no LocalDateTime: " + seconds + " s, " + nanos + " ns ("
                    + e.getMessage() + ")", e);
        }
    }

    /** The LocalDate whose midnight at UTC this is; any other time is refused, not rounded. */
    public static LocalDate localDate(long seconds, int nanos) {
        if (nanos != 0 || Math.floorMod(seconds, SECONDS_PER_DAY) != 0) {
            throw new IllegalArgumentException("a Timestamp that is no date's midnight at UTC: " + seconds + " s, " + nanos + " ns");
        }
        try {
            return LocalDate.ofEpochDay(seconds / SECONDS_PER_DAY);
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("a Timestamp that is no LocalDate: " + seconds + " s", e);
        }
    }
}
