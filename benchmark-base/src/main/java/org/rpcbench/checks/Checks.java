package org.rpcbench.checks;

import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Stream;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;

/**
 * The checks every answer goes through. Each returns {@code null} when the answer is right and a short
 * description of the first thing wrong otherwise. Building that description costs something, but only
 * on the failure path; the success path is a chain of equality tests with no allocation, and for answers
 * that carry the server's times, one reading of the client's clock ({@link ClientClock}).
 *
 * <p>Every field is compared exactly, except the createTime and updateTime of a user the server answers
 * with: it stamps them with its own clock, so they are checked as strictly as the client can: both there,
 * equal, and inside the window of the client's clock.
 */
public final class Checks {

    private Checks() {}

    /** {@code expected}: {@link org.rpcbench.cases.Fixtures#exists}'s answer for the email, worked out before the call. */
    public static String existUser(String email, boolean expected, Object answer) {
        if (!(answer instanceof Boolean)) {
            return "existUser(" + email + ") answered " + describe(answer) + ", expected " + expected;
        }
        return (Boolean) answer == expected ? null
                : "existUser(" + email + ") answered " + answer + ", expected " + expected;
    }

    public static String createUser(Object answer) {
        return Boolean.TRUE.equals(answer) ? null
                : "createUser answered " + describe(answer) + ", expected true (the server saw a different user)";
    }

    /**
     * A user that must equal {@code expected} in every field, times included and exactly: what the server
     * checks createUser's argument with, and what a round trip through a serialization must give back.
     */
    public static String user(User expected, Object answer) {
        if (!(answer instanceof User)) {
            return "expected user " + expected.getId() + ", got " + describe(answer);
        }
        User actual = (User) answer;
        if (expected.equals(actual)) {
            return null;
        }
        String problem = firstDifference(expected, actual, USER_FIELDS);
        return problem != null ? problem : "user " + expected.getId() + " differs";
    }

    /**
     * A user as a server answers it: every field as {@code expected}'s exactly, except createTime and
     * updateTime, which the server stamps with its own clock; those must both be there, be equal, and lie
     * in the window of the client's {@code clock}. Reads the clock once.
     */
    public static String user(User expected, Object answer, ClientClock clock) {
        return answered(expected, answer, clock, clock.now());
    }

    /** A page as a server answers it: each user as {@link #user(User, Object, ClientClock)} checks it. */
    public static String page(Page expected, Object answer, ClientClock clock) {
        return page(expected, answer, clock, clock.now());
    }

    /** A page that must equal {@code expected} exactly, times included (a serialization's round trip). */
    public static String page(Page expected, Object answer) {
        return page(expected, answer, null, 0);
    }

    /** With a clock, the users' times are the server's (checked in its window); without, exactly the expected ones. */
    private static String page(Page expected, Object answer, ClientClock clock, long now) {
        if (!(answer instanceof Page)) {
            return "expected page " + expected.getPageNo() + ", got " + describe(answer);
        }
        Page actual = (Page) answer;
        if (actual.getPageNo() != expected.getPageNo()) {
            return "asked for page " + expected.getPageNo() + ", got page " + actual.getPageNo();
        }
        if (actual.getTotal() != expected.getTotal()) {
            return "page " + expected.getPageNo() + ": total was " + actual.getTotal() + ", expected " + expected.getTotal();
        }
        List<User> users = actual.getResult();
        int size = users == null ? 0 : users.size();
        if (size != expected.getResult().size()) {
            return "page " + expected.getPageNo() + " held " + size + " users, expected " + expected.getResult().size();
        }
        for (int i = 0; i < size; i++) {
            User want = expected.getResult().get(i);
            String problem = clock == null ? user(want, users.get(i)) : answered(want, users.get(i), clock, now);
            if (problem != null) {
                return "page " + expected.getPageNo() + ", entry " + i + ": " + problem;
            }
        }
        return null;
    }

    private static String answered(User expected, Object answer, ClientClock clock, long now) {
        if (!(answer instanceof User)) {
            return "expected user " + expected.getId() + ", got " + describe(answer);
        }
        User actual = (User) answer;
        if (!sameProfile(expected, actual)) {
            String problem = firstDifference(expected, actual, PROFILE_FIELDS);
            return problem != null ? problem : "user " + expected.getId() + " differs";
        }
        LocalDateTime created = actual.getCreateTime();
        LocalDateTime updated = actual.getUpdateTime();
        if (created != null && created.equals(updated) && clock.accepts(created, now)) {
            return null;
        }
        return "user " + expected.getId() + ": " + stampProblem(created, updated, clock, now);
    }

    /** What is wrong with a server's createTime and updateTime: one missing, the two apart, or outside the window. */
    public static String stampProblem(LocalDateTime created, LocalDateTime updated, ClientClock clock, long now) {
        if (created == null) {
            return "createTime was null, expected the server's time";
        }
        if (updated == null) {
            return "updateTime was null, expected the server's time (createTime's, " + created + ")";
        }
        if (!created.equals(updated)) {
            return "updateTime was " + updated + ", expected createTime's value " + created
                    + " (the server sets both from one reading of its clock)";
        }
        String problem = clock.problem("createTime", created, now);
        return problem != null ? problem : "createTime and updateTime are right";
    }

    /** Every field but the times the server stamps; no allocation. */
    private static boolean sameProfile(User expected, User actual) {
        return expected.getId() == actual.getId() && expected.getSex() == actual.getSex()
                && expected.getStatus() == actual.getStatus()
                && Objects.equals(expected.getName(), actual.getName())
                && Objects.equals(expected.getBirthday(), actual.getBirthday())
                && Objects.equals(expected.getEmail(), actual.getEmail())
                && Objects.equals(expected.getMobile(), actual.getMobile())
                && Objects.equals(expected.getAddress(), actual.getAddress())
                && Objects.equals(expected.getIcon(), actual.getIcon())
                && Objects.equals(expected.getPermissions(), actual.getPermissions());
    }

    private static String firstDifference(User expected, User actual, List<Field> fields) {
        for (Field field : fields) {
            Object want = field.get.apply(expected);
            Object got = field.get.apply(actual);
            if (!Objects.equals(want, got)) {
                return "user " + expected.getId() + ": " + field.name + " was " + quote(got) + ", expected " + quote(want);
            }
        }
        return null;
    }

    /** A call without a return value must come back with nothing. */
    public static String ping(Object answer) {
        return answer == null ? null : "ping returned " + describe(answer) + ", expected nothing";
    }

    public static String echo(String sent, Object answer) {
        if (!(answer instanceof String text)) {
            return "echo of " + sent.length() + " characters answered " + describe(answer);
        }
        if (sent.equals(text)) {
            return null;
        }
        int at = 0;
        while (at < Math.min(sent.length(), text.length()) && sent.charAt(at) == text.charAt(at)) {
            at++;
        }
        return "echo of " + sent.length() + " characters came back as " + text.length()
                + " characters, differing from character " + at;
    }

    public static String person(Person sent, Object answer) {
        if (!(answer instanceof Person person)) {
            return "echo of person " + sent.getId() + " answered " + describe(answer);
        }
        if (sent.equals(person)) {
            return null;
        }
        if (person.getId() != sent.getId()) {
            return "echo of person " + sent.getId() + " came back as person " + person.getId();
        }
        int friends = Person.orEmpty(person.getFriends()).size();
        if (friends != sent.getFriends().size()) {
            return "person " + sent.getId() + " came back with " + friends + " friends, sent " + sent.getFriends().size();
        }
        return "person " + sent.getId() + " came back different: " + person + " " + person.getAddress();
    }

    /** The summary of the work on {@code text} ({@link org.rpcbench.cases.Fixtures#assemble}), exactly. */
    public static String assembled(String text, String expected, Object answer) {
        if (expected.equals(answer)) {
            return null;
        }
        return "assemble of " + text.length() + " characters answered " + (answer instanceof String s ? quote(s) : describe(answer))
                + ", expected " + quote(expected);
    }

    /** The map of persons sent, every key and every person exactly ({@link #person}'s check). */
    public static String persons(Map<String, Person> sent, Object answer) {
        if (!(answer instanceof Map<?, ?> persons)) {
            return "echo of " + sent.size() + " persons answered " + describe(answer);
        }
        if (sent.equals(persons)) {
            return null;
        }
        if (!sent.keySet().equals(persons.keySet())) {
            return "echo of persons " + sent.keySet() + " came back as " + persons.keySet();
        }
        for (Map.Entry<String, Person> e : sent.entrySet()) {
            String problem = person(e.getValue(), persons.get(e.getKey()));
            if (problem != null) {
                return "echo of persons, " + e.getKey() + ": " + problem;
            }
        }
        return "echo of persons " + sent.keySet() + " came back different";
    }

    /** The answer must be the message sent with field1 "OK" and field2 100, every other field unchanged. */
    public static String say(BenchmarkMessage expected, Object answer) {
        if (!(answer instanceof BenchmarkMessage m)) {
            return "say answered " + describe(answer);
        }
        if (expected.equals(m)) {
            return null;
        }
        if (!Objects.equals(m.getField1(), expected.getField1())) {
            return "say answered field1=" + quote(m.getField1()) + ", expected " + quote(expected.getField1());
        }
        if (m.getField2() != expected.getField2()) {
            return "say answered field2=" + m.getField2() + ", expected " + expected.getField2();
        }
        return "say changed fields other than field1 and field2: " + m;
    }

    private static String describe(Object answer) {
        if (answer instanceof String text && text.length() > 80) {
            return "String of " + text.length() + " characters";
        }
        return answer == null ? "null" : answer.getClass().getSimpleName() + " " + answer;
    }

    private static String quote(Object value) {
        return value instanceof String ? "'" + value + "'" : String.valueOf(value);
    }

    private record Field(String name, Function<User, Object> get) {}

    /** Every field the server does not stamp, in the bean's order. */
    private static final List<Field> PROFILE_FIELDS = List.of(
            new Field("id", User::getId),
            new Field("name", User::getName),
            new Field("sex", User::getSex),
            new Field("birthday", User::getBirthday),
            new Field("email", User::getEmail),
            new Field("mobile", User::getMobile),
            new Field("address", User::getAddress),
            new Field("icon", User::getIcon),
            new Field("permissions", User::getPermissions),
            new Field("status", User::getStatus));

    private static final List<Field> USER_FIELDS = Stream.concat(PROFILE_FIELDS.stream(), Stream.of(
            new Field("createTime", User::getCreateTime),
            new Field("updateTime", User::getUpdateTime))).toList();
}
