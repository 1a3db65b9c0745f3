package org.rpcbench.server;

import org.rpcbench.cases.Fixtures;
import org.rpcbench.checks.Checks;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.User;
import org.rpcbench.contract.UserService;

/**
 * The service every server binding serves. Answers are built per call, as a real service would, from
 * the same fixtures the client checks against. createUser verifies the user it received field by field,
 * so a request the serialization garbled comes back false and is counted as an error by the client.
 */
public final class FixtureUserService implements UserService {

    @Override
    public boolean existUser(String email) {
        return Fixtures.exists(email);
    }

    @Override
    public boolean createUser(User user) {
        return user != null && Checks.user(Fixtures.user(user.getId()), user) == null;
    }

    @Override
    public User getUser(long id) {
        return Fixtures.user(id);
    }

    @Override
    public Page listUser(int pageNo) {
        return Fixtures.page(pageNo);
    }
}
