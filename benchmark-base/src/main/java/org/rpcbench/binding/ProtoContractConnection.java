package org.rpcbench.binding;

import static org.rpcbench.cases.ProtoForm.PROTO;

import com.google.protobuf.Message;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.ProtoForm;
import org.rpcbench.cases.Request;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.contract.ProtoUserService;

/**
 * A connection for IDL protocols that carry the protobuf twin. Requests and the expected answers are
 * built as protobuf messages before measurement ({@link ProtoForm}); an answer is compared with its
 * expectation field by field, and only a wrong one is read back into the contract's types, so the shared
 * checks can say what is wrong ({@link org.rpcbench.cases.TwinForm#check}).
 */
public final class ProtoContractConnection extends ClosingConnection {
    private final ProtoUserService service;
    private final ClientClock clock = ClientClock.opened();

    public ProtoContractConnection(ProtoUserService service, AutoCloseable resources) {
        super(resources);
        this.service = service;
    }

    @Override
    public Exchange prepare(Case c, int seq) {
        Request request = Request.of(c, seq);
        Message sent = PROTO.request(request.operation(), request.argument());
        Message expected = PROTO.answer(request.operation(), request.expected());
        return Exchange.of(ProtoForm.call(request.operation(), service, sent), PROTO.check(request, expected, clock));
    }
}
