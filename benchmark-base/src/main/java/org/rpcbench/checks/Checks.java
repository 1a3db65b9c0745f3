package org.rpcbench.checks;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;

/**
 * The checks every answer goes through. Each returns {@code null} when the answer is right and a short
 * description of the first thing wrong otherwise. Building that description costs something, but only
 * on the failure path; the success path is a chain of equality tests with no allocation.
 */
public final class Checks {

    private Checks() {}

    public static String existUser(String email, Object answer) {
        boolean expected = Fixtures.exists(email);
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

    public static String user(User expected, Object answer) {
        if (!(answer instanceof User)) {
            return "expected user " + expected.getId() + ", got " + describe(answer);
        }
        User actual = (User) answer;
        if (expected.equals(actual)) {
            return null;
        }
        for (Field field : USER_FIELDS) {
            Object want = field.get.apply(expected);
            Object got = field.get.apply(actual);
            if (!Objects.equals(want, got)) {
                return "user " + expected.getId() + ": " + field.name + " was " + quote(got) + ", expected " + quote(want);
            }
        }
        return "user " + expected.getId() + " differs";
    }

    public static String page(Page expected, Object answer) {
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
            String problem = user(expected.getResult().get(i), users.get(i));
            if (problem != null) {
                return "page " + expected.getPageNo() + ", entry " + i + ": " + problem;
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

    private static final List<Field> USER_FIELDS = List.of(
            new Field("id", User::getId),
            new Field("name", User::getName),
            new Field("sex", User::getSex),
            new Field("birthday", User::getBirthday),
            new Field("email", User::getEmail),
            new Field("mobile", User::getMobile),
            new Field("address", User::getAddress),
            new Field("icon", User::getIcon),
            new Field("permissions", User::getPermissions),
            new Field("status", User::getStatus),
            new Field("createTime", User::getCreateTime),
            new Field("updateTime", User::getUpdateTime));
}
