package org.rpcbench.checks;

import java.util.function.ToIntFunction;

/**
 * How an IDL twin's user and page answers are matched when they carry the server's times: every field as
 * the expected one's, and the server's createTime and updateTime there, equal and in the client clock's
 * window. The page and the type checks are the same for every twin; a twin says how its user's fields
 * compare ({@link #answered}) and how its page is read. One reading of the clock per answer, no
 * allocation; what is wrong is said by {@link Checks}.
 *
 * @param <U> the twin's user type
 * @param <P> the twin's page type
 */
public abstract class StampedMatch<U, P> {
    private final Class<U> userType;
    private final Class<P> pageType;
    private final ToIntFunction<P> pageNo;
    private final ToIntFunction<P> total;
    private final ToIntFunction<P> size;
    private final Entry<P, U> entry;

    /** A page's user number {@code i}. */
    @FunctionalInterface
    protected interface Entry<P, U> {
        U of(P page, int i);
    }

    /** @param size the number of users on a page, -1 when it has no list at all */
    protected StampedMatch(Class<U> userType, Class<P> pageType, ToIntFunction<P> pageNo, ToIntFunction<P> total,
                           ToIntFunction<P> size, Entry<P, U> entry) {
        this.userType = userType;
        this.pageType = pageType;
        this.pageNo = pageNo;
        this.total = total;
        this.size = size;
        this.entry = entry;
    }

    /** Whether {@code answer} is the user {@code expected} (both in the twin's types). */
    public final boolean user(Object expected, Object answer, ClientClock clock) {
        return userType.isInstance(answer) && answered(userType.cast(expected), userType.cast(answer), clock, clock.now());
    }

    /** Whether {@code answer} is the page {@code expected}, each user as {@link #user} has it, at one reading of the clock. */
    public final boolean page(Object expected, Object answer, ClientClock clock) {
        if (!pageType.isInstance(answer)) {
            return false;
        }
        P want = pageType.cast(expected);
        P got = pageType.cast(answer);
        int users = size.applyAsInt(want);
        if (pageNo.applyAsInt(got) != pageNo.applyAsInt(want) || total.applyAsInt(got) != total.applyAsInt(want)
                || size.applyAsInt(got) != users) {
            return false;
        }
        long now = clock.now();
        for (int i = 0; i < users; i++) {
            U user = entry.of(got, i);
            if (user == null || !answered(entry.of(want, i), user, clock, now)) {
                return false;
            }
        }
        return true;
    }

    /** Every field as expected's, and the server's two times present, equal and in the clock's window at {@code now}. */
    protected abstract boolean answered(U expected, U actual, ClientClock clock, long now);
}
