package org.rpcbench.checks;

import com.google.protobuf.Timestamp;
import java.util.ArrayList;
import java.util.List;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.ProtoTwin;
import org.rpcbench.contract.User;

/**
 * The checks of {@link Checks} for answers in the contract's protobuf twin, for IDL protocols. The answer
 * is compared with the expected message field by field, the server's createTime and updateTime checked
 * as {@link Checks#user(User, Object, ClientClock)} checks them (the Timestamp's seconds and nanos read as
 * the wall time at UTC, as {@link ProtoTwin} writes it), with no allocation; only a wrong answer is read
 * back into the contract's types, so the shared checks can say what is wrong.
 */
public final class ProtoChecks {

    private ProtoChecks() {}

    /** A user as the server answers it; reads the clock once. */
    public static String user(org.rpcbench.contract.proto.User expected, Object answer, ClientClock clock) {
        long now = clock.now();
        if (answer instanceof org.rpcbench.contract.proto.User actual && answered(expected, actual, clock, now)) {
            return null;
        }
        User want = ProtoTwin.fromProto(expected);
        if (!(answer instanceof org.rpcbench.contract.proto.User actual)) {
            return Checks.user(want, answer, clock);
        }
        Object got = contract(actual);
        return got instanceof String unreadable ? unreadable : explained(Checks.user(want, got, clock), "user " + expected.getId());
    }

    /** A page as the server answers it: each user as {@link #user} checks it, at one reading of the clock. */
    public static String page(org.rpcbench.contract.proto.Page expected, Object answer, ClientClock clock) {
        long now = clock.now();
        if (answer instanceof org.rpcbench.contract.proto.Page actual && answered(expected, actual, clock, now)) {
            return null;
        }
        Page want = ProtoTwin.fromProto(expected);
        if (!(answer instanceof org.rpcbench.contract.proto.Page actual)) {
            return Checks.page(want, answer, clock);
        }
        Page got = new Page();
        got.setPageNo(actual.getPageNo());
        got.setTotal(actual.getTotal());
        List<Object> users = new ArrayList<>(actual.getResultCount());
        for (org.rpcbench.contract.proto.User u : actual.getResultList()) {
            users.add(contract(u));
        }
        for (int i = 0; i < users.size(); i++) {
            if (users.get(i) instanceof String unreadable) {
                return "page " + expected.getPageNo() + ", entry " + i + ": " + unreadable;
            }
        }
        @SuppressWarnings("unchecked")
        List<User> read = (List<User>) (List<?>) users;
        got.setResult(read);
        return explained(Checks.page(want, got, clock), "page " + expected.getPageNo());
    }

    private static boolean answered(org.rpcbench.contract.proto.Page expected, org.rpcbench.contract.proto.Page actual,
                                    ClientClock clock, long now) {
        int size = expected.getResultCount();
        if (actual.getPageNo() != expected.getPageNo() || actual.getTotal() != expected.getTotal()
                || actual.getResultCount() != size) {
            return false;
        }
        for (int i = 0; i < size; i++) {
            if (!answered(expected.getResult(i), actual.getResult(i), clock, now)) {
                return false;
            }
        }
        return true;
    }

    /** Every field as expected's, and the server's two times present, equal and in the clock's window. */
    static boolean answered(org.rpcbench.contract.proto.User expected, org.rpcbench.contract.proto.User actual,
                            ClientClock clock, long now) {
        if (expected.getId() != actual.getId() || expected.getSex() != actual.getSex()
                || expected.getStatus() != actual.getStatus()
                || expected.hasBirthday() != actual.hasBirthday() || !same(expected.getBirthday(), actual.getBirthday())
                || !expected.getName().equals(actual.getName()) || !expected.getEmail().equals(actual.getEmail())
                || !expected.getMobile().equals(actual.getMobile()) || !expected.getAddress().equals(actual.getAddress())
                || !expected.getIcon().equals(actual.getIcon())
                || !expected.getPermissionsList().equals(actual.getPermissionsList())) {
            return false;
        }
        if (!actual.hasCreateTime() || !actual.hasUpdateTime()) {
            return false;
        }
        Timestamp created = actual.getCreateTime();
        return same(created, actual.getUpdateTime()) && clock.accepts(created.getSeconds(), created.getNanos(), now);
    }

    private static boolean same(Timestamp a, Timestamp b) {
        return a.getSeconds() == b.getSeconds() && a.getNanos() == b.getNanos();
    }

    /** The user in the contract's types, or, when it carries a value no contract user can hold, what that is. */
    private static Object contract(org.rpcbench.contract.proto.User u) {
        try {
            return ProtoTwin.fromProto(u);
        } catch (IllegalArgumentException e) {
            return "user " + u.getId() + ": " + e.getMessage();
        }
    }

    private static String explained(String problem, String what) {
        return problem != null ? problem : what + " differs from the expected one in its protobuf form";
    }
}
