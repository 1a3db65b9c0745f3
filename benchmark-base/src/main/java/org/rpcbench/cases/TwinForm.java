package org.rpcbench.cases;

import java.util.Objects;
import java.util.function.Function;
import java.util.function.Predicate;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.checks.StampedMatch;

/**
 * An IDL's form of the contract (protobuf's, Thrift's): each operation's request and right answer in the
 * IDL's types, and the way back. Its check is one algorithm for every IDL: an answer is compared with the
 * expected one as it came, in the IDL's types, with no allocation (generated equals; for an answer
 * carrying the server's times, {@link #stamps}); only a wrong one is read back into the contract's
 * types, where the contract's own check says what is wrong.
 */
public interface TwinForm {

    /** The form's name, as a problem report says it ("protobuf"). */
    String name();

    /** The request carrying {@code argument} of an operation. */
    Object request(Operation op, Object argument);

    /** An answer in the contract's types as this form carries it. */
    Object answer(Operation op, Object contractAnswer);

    /**
     * An answer in the contract's types: the IDL's structures read back, anything else as it is. Throws
     * IllegalArgumentException, saying which value, when the answer holds one no contract value can.
     */
    Object read(Object answer);

    /** How answers carrying the server's times (getUser's user, listUser's page) are matched in this form. */
    StampedMatch<?, ?> stamps();

    /** What a form says when asked for an operation its IDL does not have ({@link Operation#twinned()}). */
    static UnsupportedOperationException untwinned(Operation op, String form) {
        return new UnsupportedOperationException(op.method() + " is a call of the contract's Java interface only: the " + form
                + " twin has no such call");
    }

    /** Request number {@code seq} of a case in this form: what is sent, the right answer, and its check. */
    record Prepared(Request of, Object request, Object expected, Function<Object, String> check) {}

    /** Request number {@code seq} of a case in this form, built before measurement. */
    default Prepared prepare(Case c, int seq, ClientClock clock) {
        Request request = Request.of(c, seq);
        Object expected = answer(c.operation(), request.expected());
        return new Prepared(request, request(c.operation(), request.argument()), expected, check(request, expected, clock));
    }

    /** The check of an answer to {@code request} in this form, whose right answer is {@code expected}. */
    default Function<Object, String> check(Request request, Object expected, ClientClock clock) {
        StampedMatch<?, ?> stamps = stamps();
        Predicate<Object> right = switch (request.operation()) {
            case GET_USER -> answer -> stamps.user(expected, answer, clock);
            case LIST_USER -> answer -> stamps.page(expected, answer, clock);
            default -> answer -> Objects.equals(expected, answer);
        };
        Function<Object, String> explain = request.check(clock);
        String form = name();
        return answer -> right.test(answer) ? null : explained(answer, explain, form);
    }

    private String explained(Object answer, Function<Object, String> explain, String form) {
        Object read;
        try {
            read = read(answer);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        String problem = explain.apply(read);
        return problem != null ? problem : "the answer differs from the expected one in its " + form + " form";
    }
}
