package org.rpcbench.thrift;

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
final class ThriftStamps extends StampedMatch<User, Page> {
    static final ThriftStamps MATCH = new ThriftStamps();

    private ThriftStamps() {
        super(User.class, Page.class, Page::getPageNo, Page::getTotal,
                page -> page.getResult() == null ? -1 : page.getResultSize(), (page, i) -> page.getResult().get(i));
    }

    @Override
    protected boolean answered(User expected, User actual, ClientClock clock, long now) {
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
