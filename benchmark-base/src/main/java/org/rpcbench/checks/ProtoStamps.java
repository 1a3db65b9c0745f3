package org.rpcbench.checks;

import com.google.protobuf.Timestamp;
import org.rpcbench.contract.proto.Page;
import org.rpcbench.contract.proto.User;

/**
 * Whether a user or page in the protobuf twin is the one expected, its server-stamped times as
 * {@link Checks#user(org.rpcbench.contract.User, Object, ClientClock)} checks them (the Timestamp's seconds
 * and nanos read as the wall time at UTC, as {@link org.rpcbench.contract.ProtoTwin} writes it): field by
 * field, with one reading of the clock and no allocation. What is wrong is said by the contract's checks.
 */
public final class ProtoStamps extends StampedMatch<User, Page> {
    public static final ProtoStamps MATCH = new ProtoStamps();

    private ProtoStamps() {
        super(User.class, Page.class, Page::getPageNo, Page::getTotal, Page::getResultCount, Page::getResult);
    }

    @Override
    protected boolean answered(User expected, User actual, ClientClock clock, long now) {
        if (expected.getId() != actual.getId() || expected.getSex() != actual.getSex()
                || expected.getStatus() != actual.getStatus()
                || expected.hasBirthday() != actual.hasBirthday() || !same(expected.getBirthday(), actual.getBirthday())
                || !expected.getName().equals(actual.getName()) || !expected.getEmail().equals(actual.getEmail())
                || !expected.getMobile().equals(actual.getMobile()) || !expected.getAddress().equals(actual.getAddress())
                || !expected.getIcon().equals(actual.getIcon())
                || !expected.getPermissionsList().equals(actual.getPermissionsList())
                || !actual.hasCreateTime() || !actual.hasUpdateTime()) {
            return false;
        }
        Timestamp created = actual.getCreateTime();
        return same(created, actual.getUpdateTime()) && clock.accepts(created.getSeconds(), created.getNanos(), now);
    }

    private static boolean same(Timestamp a, Timestamp b) {
        return a.getSeconds() == b.getSeconds() && a.getNanos() == b.getNanos();
    }
}
