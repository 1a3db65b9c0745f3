package org.rpcbench.binding;

import org.rpcbench.cases.Case;
import org.rpcbench.cases.Request;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.contract.UserService;

/**
 * A connection for bindings that call the contract's Java interface directly (every serialization that
 * needs no IDL): the binding only has to hand over its proxy of {@link UserService}. Each case is carried
 * by its operation ({@link org.rpcbench.cases.Operation}). The server's times in getUser's and listUser's
 * answers are checked against the client's clock as it read when this connection was made ({@link ClientClock}).
 */
public final class ContractConnection extends ClosingConnection {
    private final UserService service;
    private final ClientClock clock = ClientClock.opened();

    public ContractConnection(UserService service, AutoCloseable resources) {
        super(resources);
        this.service = service;
    }

    @Override
    public Exchange prepare(Case c, int seq) {
        Request request = Request.of(c, seq);
        return Exchange.of(request.operation().call(service, request.argument()), request.check(clock));
    }
}
