package org.rpcbench.thrift;

import java.util.ArrayList;
import java.util.List;
import org.rpcbench.checks.Checks;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.User;
import org.rpcbench.thrift.idl.Timestamp;

/**
 * The checks of {@link Checks} for answers in the Thrift structs: compared with the expected struct field
 * by field, the server's createTime and updateTime checked as {@link Checks#user(User, Object, ClientClock)}
 * checks them (the Timestamp read as the wall time at UTC, as {@link ThriftTwin} writes it), with no
 * allocation; only a wrong answer is converted back to the contract's types, so the shared checks can say
 * what is wrong.
 */
public final class ThriftChecks {

    private ThriftChecks() {}

    /** A user as the server answers it; reads the clock once. */
    public static String user(org.rpcbench.thrift.idl.User expected, Object answer, ClientClock clock) {
        long now = clock.now();
        if (answer instanceof org.rpcbench.thrift.idl.User actual && answered(expected, actual, clock, now)) {
            return null;
        }
        User want = ThriftTwin.fromThrift(expected);
        if (!(answer instanceof org.rpcbench.thrift.idl.User actual)) {
            return Checks.user(want, answer, clock);
        }
        Object got = contract(actual);
        return got instanceof String unreadable ? unreadable : explained(Checks.user(want, got, clock), "user " + expected.getId());
    }

    /** A page as the server answers it: each user as {@link #user} checks it, at one reading of the clock. */
    public static String page(org.rpcbench.thrift.idl.Page expected, Object answer, ClientClock clock) {
        long now = clock.now();
        if (answer instanceof org.rpcbench.thrift.idl.Page actual && answered(expected, actual, clock, now)) {
            return null;
        }
        Page want = ThriftTwin.fromThrift(expected);
        if (!(answer instanceof org.rpcbench.thrift.idl.Page actual)) {
            return Checks.page(want, answer, clock);
        }
        Page got = new Page();
        got.setPageNo(actual.getPageNo());
        got.setTotal(actual.getTotal());
        if (actual.getResult() != null) {
            List<User> users = new ArrayList<>(actual.getResultSize());
            for (int i = 0; i < actual.getResultSize(); i++) {
                Object user = actual.getResult().get(i) == null ? null : contract(actual.getResult().get(i));
                if (user instanceof String unreadable) {
                    return "page " + expected.getPageNo() + ", entry " + i + ": " + unreadable;
                }
                users.add((User) user);
            }
            got.setResult(users);
        }
        return explained(Checks.page(want, got, clock), "page " + expected.getPageNo());
    }

    private static boolean answered(org.rpcbench.thrift.idl.Page expected, org.rpcbench.thrift.idl.Page actual,
                                    ClientClock clock, long now) {
        List<org.rpcbench.thrift.idl.User> wanted = expected.getResult();
        List<org.rpcbench.thrift.idl.User> got = actual.getResult();
        if (actual.getPageNo() != expected.getPageNo() || actual.getTotal() != expected.getTotal()
                || got == null || got.size() != wanted.size()) {
            return false;
        }
        for (int i = 0; i < wanted.size(); i++) {
            if (got.get(i) == null || !answered(wanted.get(i), got.get(i), clock, now)) {
                return false;
            }
        }
        return true;
    }

    /** Every field as expected's, and the server's two times present, equal and in the clock's window. */
    static boolean answered(org.rpcbench.thrift.idl.User expected, org.rpcbench.thrift.idl.User actual,
                            ClientClock clock, long now) {
        if (expected.getId() != actual.getId() || expected.getSex() != actual.getSex()
                || expected.getStatus() != actual.getStatus()
                || !same(expected.getBirthday(), actual.getBirthday())
                || !expected.getName().equals(actual.getName()) || !expected.getEmail().equals(actual.getEmail())
                || !expected.getMobile().equals(actual.getMobile()) || !expected.getAddress().equals(actual.getAddress())
                || !expected.getIcon().equals(actual.getIcon())
                || !expected.getPermissions().equals(actual.getPermissions())) {
            return false;
        }
        Timestamp created = actual.getCreateTime();
        return created != null && actual.getUpdateTime() != null && same(created, actual.getUpdateTime())
                && clock.accepts(created.getSeconds(), created.getNanos(), now);
    }

    private static boolean same(Timestamp a, Timestamp b) {
        return a == null ? b == null : b != null && a.getSeconds() == b.getSeconds() && a.getNanos() == b.getNanos();
    }

    /** The user in the contract's types, or, when it carries a value no contract user can hold, what that is. */
    private static Object contract(org.rpcbench.thrift.idl.User u) {
        try {
            return ThriftTwin.fromThrift(u);
        } catch (IllegalArgumentException e) {
            return "user " + u.getId() + ": " + e.getMessage();
        }
    }

    private static String explained(String problem, String what) {
        return problem != null ? problem : what + " differs from the expected one in its Thrift form";
    }
}
