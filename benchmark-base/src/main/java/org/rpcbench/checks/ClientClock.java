package org.rpcbench.checks;

import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.concurrent.TimeUnit;

/**
 * The client's clock, against which the times a server stamps on its answers are checked. The server
 * reads its own clock ({@code LocalDateTime.now()}: the wall time of its zone), so the client cannot know
 * the value, only the window it must lie in: no earlier than {@link #SLACK_MINUTES} minutes before the
 * client's connection was opened (a server may build an answer once and keep it, as raw-netty's does) and
 * no later than {@link #SLACK_MINUTES} minutes after the check. The server's wall time is read in the
 * client's zone: on one host, or on hosts with synchronised clocks and the same zone, it falls inside.
 *
 * <p>A check reads the clock once ({@link #now()}) and allocates nothing when the time is inside: the
 * zone's offset is kept until its next transition. Only a time outside is looked at again, with every
 * offset the zone had at that wall time (so an answer stamped across a daylight-saving change is not
 * refused), before it is reported.
 */
public final class ClientClock {
    public static final int SLACK_MINUTES = 5;
    static final long SLACK_MILLIS = TimeUnit.MINUTES.toMillis(SLACK_MINUTES);
    /** Beyond this (about 30,000 years either way) a wall time is garbage, and milliseconds would overflow. */
    private static final long FAR_SECONDS = 1_000_000_000_000L;

    private final ZoneId zone;
    private final long openedMillis;
    private volatile Offset offset;

    /** The zone's offset, valid from one transition (inclusive) to the next (exclusive), in epoch millis. */
    private record Offset(int seconds, long fromMillis, long untilMillis) {}

    private ClientClock(ZoneId zone, long openedMillis) {
        this.zone = zone;
        this.openedMillis = openedMillis;
        this.offset = offsetAt(openedMillis);
    }

    /** A connection opened now, in this JVM's zone. */
    public static ClientClock opened() {
        return new ClientClock(ZoneId.systemDefault(), System.currentTimeMillis());
    }

    /** A connection opened at {@code epochMillis}, with the client in {@code zone}. */
    public static ClientClock openedAt(long epochMillis, ZoneId zone) {
        return new ClientClock(zone, epochMillis);
    }

    /** The one clock reading a check makes, in epoch milliseconds. */
    public long now() {
        return System.currentTimeMillis();
    }

    /**
     * Whether a server's wall time lies in the window at {@code nowMillis}. The wall time is given as the
     * seconds of that local date-time counted as if it were UTC ({@code toEpochSecond(ZoneOffset.UTC)}, the
     * form the IDL twins carry) and its nanoseconds.
     */
    public boolean accepts(long wallSecond, int nano, long nowMillis) {
        if (nano < 0 || nano > 999_999_999 || wallSecond < -FAR_SECONDS || wallSecond > FAR_SECONDS) {
            return false;
        }
        Offset o = offset;
        if (nowMillis < o.fromMillis || nowMillis >= o.untilMillis) {
            o = offsetAt(nowMillis);
            offset = o;
        }
        if (inside(wallSecond, nano, o.seconds, nowMillis)) {
            return true;
        }
        return insideAtAnyOffset(wallSecond, nano, nowMillis);
    }

    public boolean accepts(LocalDateTime value, long nowMillis) {
        return value != null && accepts(value.toEpochSecond(ZoneOffset.UTC), value.getNano(), nowMillis);
    }

    /** What is wrong with {@code field}'s value (null: absent), or null when it is accepted. */
    public String problem(String field, LocalDateTime value, long nowMillis) {
        if (value == null) {
            return field + " was null, expected the server's time";
        }
        return problem(field, value.toEpochSecond(ZoneOffset.UTC), value.getNano(), nowMillis);
    }

    /** The same for a wall time given as {@link #accepts(long, int, long)} takes it. */
    public String problem(String field, long wallSecond, int nano, long nowMillis) {
        if (accepts(wallSecond, nano, nowMillis)) {
            return null;
        }
        String value;
        try {
            value = LocalDateTime.ofEpochSecond(wallSecond, nano, ZoneOffset.UTC).toString();
        } catch (DateTimeException e) {
            return field + " is no time at all (" + wallSecond + " s, " + nano + " ns)";
        }
        LocalDateTime earliest = wall(openedMillis - SLACK_MILLIS);
        LocalDateTime latest = wall(nowMillis + SLACK_MILLIS);
        return field + " was " + value + ", outside the window the client's clock allows, " + earliest + " to " + latest
                + " (the client's clock read " + wall(nowMillis) + " in " + zone + "; the window opens " + SLACK_MINUTES
                + " minutes before the connection was opened and closes " + SLACK_MINUTES + " minutes after now):"
                + " the hosts' clocks or time zones may differ";
    }

    private boolean inside(long wallSecond, int nano, int offsetSeconds, long nowMillis) {
        long millis = (wallSecond - offsetSeconds) * 1000 + nano / 1_000_000;
        return millis >= openedMillis - SLACK_MILLIS && millis <= nowMillis + SLACK_MILLIS;
    }

    /** A wall time the zone had twice (or that fell into a gap) is accepted if any of its offsets places it inside. */
    private boolean insideAtAnyOffset(long wallSecond, int nano, long nowMillis) {
        LocalDateTime wall;
        try {
            wall = LocalDateTime.ofEpochSecond(wallSecond, nano, ZoneOffset.UTC);
        } catch (DateTimeException e) {
            return false;
        }
        ZoneRules rules = zone.getRules();
        ZoneOffsetTransition gap = rules.getTransition(wall);
        if (gap != null) {
            return inside(wallSecond, nano, gap.getOffsetBefore().getTotalSeconds(), nowMillis)
                    || inside(wallSecond, nano, gap.getOffsetAfter().getTotalSeconds(), nowMillis);
        }
        for (ZoneOffset o : rules.getValidOffsets(wall)) {
            if (inside(wallSecond, nano, o.getTotalSeconds(), nowMillis)) {
                return true;
            }
        }
        return false;
    }

    private Offset offsetAt(long millis) {
        ZoneRules rules = zone.getRules();
        Instant at = Instant.ofEpochMilli(millis);
        ZoneOffsetTransition previous = rules.previousTransition(at.plusMillis(1));
        ZoneOffsetTransition next = rules.nextTransition(at);
        return new Offset(rules.getOffset(at).getTotalSeconds(),
                previous == null ? Long.MIN_VALUE : previous.toEpochSecond() * 1000,
                next == null ? Long.MAX_VALUE : next.toEpochSecond() * 1000);
    }

    private LocalDateTime wall(long millis) {
        return LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), zone);
    }
}
