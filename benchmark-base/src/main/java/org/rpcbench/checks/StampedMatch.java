package org.rpcbench.checks;

/**
 * How an IDL twin's user and page answers are matched when they carry the server's times: every field as
 * the expected one's, and the server's createTime and updateTime there, equal and in the client clock's
 * window. One reading of the clock per answer, no allocation; what is wrong is said by {@link Checks}.
 */
public interface StampedMatch {

    /** Whether {@code answer} is the user {@code expected} (both in the twin's types). */
    boolean user(Object expected, Object answer, ClientClock clock);

    /** Whether {@code answer} is the page {@code expected}, each user as {@link #user} has it. */
    boolean page(Object expected, Object answer, ClientClock clock);
}
