package org.rpcbench.binding;

import org.rpcbench.cases.Case;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.cases.ProtoFixtures;
import org.rpcbench.checks.Checks;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.checks.ProtoChecks;
import org.rpcbench.contract.ProtoTwin;
import org.rpcbench.contract.ProtoUserService;
import org.rpcbench.contract.proto.BenchmarkMessage;
import org.rpcbench.contract.proto.BoolReply;
import org.rpcbench.contract.proto.EchoText;
import org.rpcbench.contract.proto.Empty;
import org.rpcbench.contract.proto.ExistUserRequest;
import org.rpcbench.contract.proto.GetUserRequest;
import org.rpcbench.contract.proto.ListUserRequest;
import org.rpcbench.contract.proto.Person;

/**
 * A connection for IDL protocols that carry the protobuf twin. Requests and the expected answers are
 * built as protobuf messages before measurement; an answer is compared with its expectation field by
 * field (the generated equals, or {@link ProtoChecks} for users, whose times are the server's; no
 * allocation), and only a wrong one is read back into the contract's types, so the shared checks can say
 * what is wrong.
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
        switch (c) {
            case EXIST_USER: {
                ExistUserRequest request = (ExistUserRequest) ProtoFixtures.request(c, seq);
                String email = request.getEmail();
                boolean exists = Fixtures.exists(email);
                return Exchange.of(() -> service.existUser(request), answer -> Checks.existUser(email, exists, bool(answer)));
            }
            case CREATE_USER: {
                org.rpcbench.contract.proto.User request = (org.rpcbench.contract.proto.User) ProtoFixtures.request(c, seq);
                return Exchange.of(() -> service.createUser(request), answer -> Checks.createUser(bool(answer)));
            }
            case GET_USER: {
                GetUserRequest request = (GetUserRequest) ProtoFixtures.request(c, seq);
                org.rpcbench.contract.proto.User expected = ProtoTwin.toProto(Fixtures.user(request.getId()));
                return Exchange.of(() -> service.getUser(request), answer -> ProtoChecks.user(expected, answer, clock));
            }
            case LIST_USER: {
                ListUserRequest request = (ListUserRequest) ProtoFixtures.request(c, seq);
                org.rpcbench.contract.proto.Page expected = ProtoTwin.toProto(Fixtures.page(request.getPageNo()));
                return Exchange.of(() -> service.listUser(request), answer -> ProtoChecks.page(expected, answer, clock));
            }
            case PING:
                return Exchange.of(() -> service.ping(Empty.getDefaultInstance()),
                        answer -> answer instanceof Empty ? null : Checks.ping(answer));
            case ECHO_20B:
            case ECHO_1K:
            case ECHO_5K:
            case ECHO_50K:
            case ECHO_200K: {
                EchoText request = (EchoText) ProtoFixtures.request(c, seq);
                String text = request.getText();
                return Exchange.of(() -> service.echo(request),
                        answer -> Checks.echo(text, answer instanceof EchoText e ? e.getText() : answer));
            }
            case ECHO_POJO: {
                Person request = (Person) ProtoFixtures.request(c, seq);
                org.rpcbench.contract.Person expected = Fixtures.person(seq);
                return Exchange.of(() -> service.echoPerson(request), answer -> request.equals(answer) ? null
                        : Checks.person(expected, answer instanceof Person p ? ProtoTwin.fromProto(p) : answer));
            }
            case SAY: {
                BenchmarkMessage request = (BenchmarkMessage) ProtoFixtures.request(c, seq);
                BenchmarkMessage expectedProto = ProtoFixtures.said(request);
                org.rpcbench.contract.BenchmarkMessage expected = ProtoTwin.fromProto(expectedProto);
                return Exchange.of(() -> service.say(request), answer -> expectedProto.equals(answer) ? null
                        : Checks.say(expected, answer instanceof BenchmarkMessage m ? ProtoTwin.fromProto(m) : answer));
            }
            default:
                throw new IllegalArgumentException("unknown case " + c);
        }
    }

    private static Object bool(Object answer) {
        return answer instanceof BoolReply ? (Object) ((BoolReply) answer).getValue() : answer;
    }

}
