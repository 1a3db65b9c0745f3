package org.rpcbench.binding;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Timestamp;
import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Case;
import org.rpcbench.contract.ProtoUserService;
import org.rpcbench.server.FixtureProtoService;

class ProtoContractConnectionTest {
    final FixtureProtoService fixtures = new FixtureProtoService();

    @Test
    void rightAnswersPassEveryCase() throws Exception {
        Connection c = new ContractConnection(ProtoUserService.of(fixtures::existUser, fixtures::createUser,
                fixtures::getUser, fixtures::listUser, fixtures::ping, fixtures::echo, fixtures::echoPerson, fixtures::say),
                () -> {});
        for (Case each : Case.values()) {
            if (!each.operation().twinned()) {
                continue; // the protobuf twin has no such call
            }
            for (int seq = 0; seq < 4; seq++) {
                Exchange exchange = c.prepare(each, seq);
                assertThat(exchange.check(exchange.call())).as("%s %d", each, seq).isNull();
            }
        }
    }

    @Test
    void oneGarbledFieldDeepInAPageIsCaughtAndNamed() throws Exception {
        Connection c = new ContractConnection(ProtoUserService.of(fixtures::existUser, fixtures::createUser,
                fixtures::getUser, request -> {
                    var page = fixtures.listUser(request).toBuilder();
                    page.setResult(7, page.getResult(7).toBuilder().setMobile("13800000000"));
                    return page.build();
                }, fixtures::ping, fixtures::echo, fixtures::echoPerson, fixtures::say), () -> {});
        Exchange exchange = c.prepare(Case.LIST_USER, 2);
        assertThat(exchange.check(exchange.call())).contains("entry 7").contains("mobile was '13800000000'");
    }

    @Test
    void aServerTimeLostOrGarbledOnTheWayIsCaughtAndNamed() throws Exception {
        Connection dropped = new ContractConnection(ProtoUserService.of(fixtures::existUser, fixtures::createUser,
                request -> fixtures.getUser(request).toBuilder().clearUpdateTime().build(), fixtures::listUser,
                fixtures::ping, fixtures::echo, fixtures::echoPerson, fixtures::say), () -> {});
        Exchange exchange = dropped.prepare(Case.GET_USER, 4);
        assertThat(exchange.check(exchange.call())).startsWith("user 5: updateTime was null");

        Timestamp epoch = Timestamp.getDefaultInstance();
        Connection atEpoch = new ContractConnection(ProtoUserService.of(fixtures::existUser, fixtures::createUser,
                fixtures::getUser, request -> {
                    var page = fixtures.listUser(request).toBuilder();
                    page.setResult(3, page.getResult(3).toBuilder().setCreateTime(epoch).setUpdateTime(epoch));
                    return page.build();
                }, fixtures::ping, fixtures::echo, fixtures::echoPerson, fixtures::say), () -> {});
        exchange = atEpoch.prepare(Case.LIST_USER, 0);
        assertThat(exchange.check(exchange.call())).startsWith("page 1, entry 3: user 4: createTime was 1970-01-01T00:00, outside");
    }

    @Test
    void aSubmittedUserWithItsNanosCutIsRefusedByTheServer() throws Exception {
        Connection c = new ContractConnection(ProtoUserService.of(fixtures::existUser,
                user -> fixtures.createUser(user.toBuilder().setCreateTime(user.getCreateTime().toBuilder()
                        .setNanos(user.getCreateTime().getNanos() / 1000 * 1000)).build()),
                fixtures::getUser, fixtures::listUser, fixtures::ping, fixtures::echo, fixtures::echoPerson, fixtures::say), () -> {});
        Exchange exchange = c.prepare(Case.CREATE_USER, 5);
        assertThat(exchange.check(exchange.call())).contains("expected true");
    }

    @Test
    void aFalseBoolReplyIsWrong() throws Exception {
        Connection c = new ContractConnection(ProtoUserService.of(fixtures::existUser,
                user -> fixtures.createUser(user.toBuilder().setStatus(9).build()), fixtures::getUser, fixtures::listUser,
                fixtures::ping, fixtures::echo, fixtures::echoPerson, fixtures::say), () -> {});
        Exchange exchange = c.prepare(Case.CREATE_USER, 0);
        assertThat(exchange.check(exchange.call())).contains("expected true");
    }

    @Test
    void aSayThatLeavesField2AloneIsWrong() throws Exception {
        Connection c = new ContractConnection(ProtoUserService.of(fixtures::existUser, fixtures::createUser,
                fixtures::getUser, fixtures::listUser, fixtures::ping, fixtures::echo, fixtures::echoPerson,
                message -> message.toBuilder().setField1("OK").build()), () -> {});
        Exchange exchange = c.prepare(Case.SAY, 3);
        assertThat(exchange.check(exchange.call())).contains("field2=100000").contains("expected 100");
    }

    @Test
    void anEchoCutShortIsWrong() throws Exception {
        Connection c = new ContractConnection(ProtoUserService.of(fixtures::existUser, fixtures::createUser,
                fixtures::getUser, fixtures::listUser, fixtures::ping,
                text -> text.toBuilder().setText(text.getText().substring(0, 50_000)).build(),
                fixtures::echoPerson, fixtures::say), () -> {});
        Exchange exchange = c.prepare(Case.ECHO_200K, 1);
        assertThat(exchange.check(exchange.call())).contains("204800 characters came back as 50000");
    }
}
