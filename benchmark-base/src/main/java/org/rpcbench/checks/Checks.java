package org.rpcbench.checks;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.contract.Page;
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

    private static String describe(Object answer) {
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
