package org.rpcbench.binding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Case;
import org.rpcbench.contract.ProtoUserService;
import org.rpcbench.server.FixtureProtoService;

class ProtoContractConnectionTest {
    final FixtureProtoService fixtures = new FixtureProtoService();

    @Test
    void rightAnswersPassEveryCase() throws Exception {
        Connection c = new ProtoContractConnection(ProtoUserService.of(fixtures::existUser, fixtures::createUser,
                fixtures::getUser, fixtures::listUser, fixtures::ping, fixtures::echo, fixtures::echoPerson, fixtures::say),
                () -> {});
        for (Case each : Case.values()) {
            for (int seq = 0; seq < 4; seq++) {
                Exchange exchange = c.prepare(each, seq);
                assertThat(exchange.check(exchange.call())).as("%s %d", each, seq).isNull();
            }
        }
    }

    @Test
    void oneGarbledFieldDeepInAPageIsCaughtAndNamed() throws Exception {
        Connection c = new ProtoContractConnection(ProtoUserService.of(fixtures::existUser, fixtures::createUser,
                fixtures::getUser, request -> {
                    var page = fixtures.listUser(request).toBuilder();
                    page.setResult(7, page.getResult(7).toBuilder().setMobile("13800000000"));
                    return page.build();
                }, fixtures::ping, fixtures::echo, fixtures::echoPerson, fixtures::say), () -> {});
        Exchange exchange = c.prepare(Case.LIST_USER, 2);
        assertThat(exchange.check(exchange.call())).contains("entry 7").contains("mobile was '13800000000'");
    }

    @Test
    void aFalseBoolReplyIsWrong() throws Exception {
        Connection c = new ProtoContractConnection(ProtoUserService.of(fixtures::existUser,
                user -> fixtures.createUser(user.toBuilder().setStatus(9).build()), fixtures::getUser, fixtures::listUser,
                fixtures::ping, fixtures::echo, fixtures::echoPerson, fixtures::say), () -> {});
        Exchange exchange = c.prepare(Case.CREATE_USER, 0);
        assertThat(exchange.check(exchange.call())).contains("expected true");
    }

    @Test
    void aSayThatLeavesField2AloneIsWrong() throws Exception {
        Connection c = new ProtoContractConnection(ProtoUserService.of(fixtures::existUser, fixtures::createUser,
                fixtures::getUser, fixtures::listUser, fixtures::ping, fixtures::echo, fixtures::echoPerson,
                message -> message.toBuilder().setField1("OK").build()), () -> {});
        Exchange exchange = c.prepare(Case.SAY, 3);
        assertThat(exchange.check(exchange.call())).contains("field2=100000").contains("expected 100");
    }

    @Test
    void anEchoCutShortIsWrong() throws Exception {
        Connection c = new ProtoContractConnection(ProtoUserService.of(fixtures::existUser, fixtures::createUser,
                fixtures::getUser, fixtures::listUser, fixtures::ping,
                text -> text.toBuilder().setText(text.getText().substring(0, 50_000)).build(),
                fixtures::echoPerson, fixtures::say), () -> {});
        Exchange exchange = c.prepare(Case.ECHO_200K, 1);
        assertThat(exchange.check(exchange.call())).contains("204800 characters came back as 50000");
    }
}
