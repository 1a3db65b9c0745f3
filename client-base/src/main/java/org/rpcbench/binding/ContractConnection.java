package org.rpcbench.binding;

import org.rpcbench.cases.Case;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.checks.Checks;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.User;
import org.rpcbench.contract.UserService;

/**
 * A connection for bindings that call the contract's Java interface directly (every serialization that
 * needs no IDL): the binding only has to hand over its proxy of {@link UserService}.
 */
public final class ContractConnection extends ClosingConnection {
    private final UserService service;

    public ContractConnection(UserService service, AutoCloseable resources) {
        super(resources);
        this.service = service;
    }

    @Override
    public Exchange prepare(Case c, int seq) {
        switch (c) {
            case EXIST_USER: {
                String email = Fixtures.existUserRequest(seq);
                return Exchange.of(() -> service.existUser(email), answer -> Checks.existUser(email, answer));
            }
            case CREATE_USER: {
                User user = Fixtures.createUserRequest(seq);
                return Exchange.of(() -> service.createUser(user), Checks::createUser);
            }
            case GET_USER: {
                long id = Fixtures.getUserRequest(seq);
                User expected = Fixtures.user(id);
                return Exchange.of(() -> service.getUser(id), answer -> Checks.user(expected, answer));
            }
            case LIST_USER: {
                int pageNo = Fixtures.listUserRequest(seq);
                Page expected = Fixtures.page(pageNo);
                return Exchange.of(() -> service.listUser(pageNo), answer -> Checks.page(expected, answer));
            }
            default:
                throw new IllegalArgumentException("unknown case " + c);
        }
    }

}
