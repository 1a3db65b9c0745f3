package org.rpcbench.binding;

import static org.rpcbench.cases.ProtoForm.PROTO;

import com.google.protobuf.Message;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.ProtoForm;
import org.rpcbench.cases.Request;
import org.rpcbench.cases.TwinForm;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.contract.ProtoUserService;
import org.rpcbench.contract.UserService;

/**
 * A connection for bindings whose framework hands over a service proxy: of the contract's Java interface
 * (every serialization that needs no IDL), or of its protobuf twin (IDL protocols whose stubs have the
 * twin's methods). Each case is carried by its operation ({@link org.rpcbench.cases.Operation}); the
 * server's times in getUser's and listUser's answers are checked against the client's clock as it read
 * when this connection was made ({@link ClientClock}).
 */
public final class ContractConnection extends ClosingConnection {
    private final ClientClock clock = ClientClock.opened();
    private final Preparer preparer;

    /** How a request is prepared for the proxy this connection holds. */
    @FunctionalInterface
    private interface Preparer {
        Exchange prepare(Case c, int seq, ClientClock clock);
    }

    /** Calls the contract's Java interface directly, checking its answers with the contract's checks. */
    public ContractConnection(UserService service, AutoCloseable resources) {
        this(resources, (c, seq, clock) -> {
            Request request = Request.of(c, seq);
            return Exchange.of(c.operation().call(service, request.argument()), request.check(clock));
        });
    }

    /**
     * Calls the protobuf twin: requests and expected answers are built as messages before measurement
     * ({@link ProtoForm}), and answers checked by the twins' check ({@link TwinForm#check}).
     */
    public ContractConnection(ProtoUserService service, AutoCloseable resources) {
        this(resources, (c, seq, clock) -> {
            TwinForm.Prepared prepared = PROTO.prepare(c, seq, clock);
            return Exchange.of(ProtoForm.call(c.operation(), service, (Message) prepared.request()), prepared.check());
        });
    }

    private ContractConnection(AutoCloseable resources, Preparer preparer) {
        super(resources);
        this.preparer = preparer;
    }

    @Override
    public Exchange prepare(Case c, int seq) {
        return preparer.prepare(c, seq, clock);
    }
}
