package org.rpcbench.thrift;

import java.util.List;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.checks.StampedMatch;
import org.rpcbench.thrift.idl.Page;
import org.rpcbench.thrift.idl.Timestamp;
import org.rpcbench.thrift.idl.User;

/**
 * Whether a user or page struct is the one expected, its server-stamped times as
 * {@link org.rpcbench.checks.Checks#user(org.rpcbench.contract.User, Object, ClientClock)} checks them (the
 * Timestamp read as the wall time at UTC, as {@link ThriftTwin} writes it): field by field, with one
 * reading of the clock and no allocation. What is wrong is said by the contract's checks.
 */
enum ThriftStamps implements StampedMatch {
    MATCH;

    @Override
    public boolean user(Object expected, Object answer, ClientClock clock) {
        return answer instanceof User actual && answered((User) expected, actual, clock, clock.now());
    }

    @Override
    public boolean page(Object expectedPage, Object answer, ClientClock clock) {
        Page expected = (Page) expectedPage;
        if (!(answer instanceof Page actual) || actual.getResult() == null || actual.getPageNo() != expected.getPageNo()
                || actual.getTotal() != expected.getTotal() || actual.getResultSize() != expected.getResultSize()) {
            return false;
        }
        long now = clock.now();
        List<User> wanted = expected.getResult();
        List<User> got = actual.getResult();
        for (int i = 0; i < wanted.size(); i++) {
            if (got.get(i) == null || !answered(wanted.get(i), got.get(i), clock, now)) {
                return false;
            }
        }
        return true;
    }

    /** Every field as expected's, and the server's two times present, equal and in the clock's window. */
    private static boolean answered(User expected, User actual, ClientClock clock, long now) {
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
}
