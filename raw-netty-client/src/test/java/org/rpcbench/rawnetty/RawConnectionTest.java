package org.rpcbench.rawnetty;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.cases.ProtoForm;
import org.rpcbench.cases.Request;
import com.google.protobuf.Timestamp;
import org.rpcbench.contract.proto.BenchmarkMessage;
import org.rpcbench.contract.proto.Page;
import org.rpcbench.contract.proto.User;
import org.rpcbench.contract.proto.EchoText;

/** What prepare holds and what check says, without a server: preparing touches no channel. */
class RawConnectionTest {
    private final RawConnection connection = new RawConnection(null, new Callers(), 1000, () -> {});

    private static com.google.protobuf.Message answer(Case c, int seq) {
        return ProtoForm.PROTO.answer(c.operation(), Request.of(c, seq).expected());
    }

    private static com.google.protobuf.Message request(Case c, int seq) {
        return ProtoForm.PROTO.request(c.operation(), Request.of(c, seq).argument());
    }

    private RawConnection.Call prepare(Case c, int seq) {
        return (RawConnection.Call) connection.prepare(c, seq);
    }

    @Test
    void anEchoTextIsEncodedOncePerVariantAndIsItsOwnExpectedAnswer() {
        RawConnection.Call first = prepare(Case.ECHO_200K, 0);
        RawConnection.Call sameText = prepare(Case.ECHO_200K, 8);
        assertThat(Fixtures.echoText(Case.ECHO_200K.echoBytes(), 8)).isSameAs(Fixtures.echoText(Case.ECHO_200K.echoBytes(), 0));
        assertThat(sameText.body).isSameAs(first.body);
        assertThat(first.expectedBytes).isSameAs(first.body);
        assertThat(prepare(Case.ECHO_200K, 1).body).isNotSameAs(first.body).isNotEqualTo(first.body);
        RawConnection.Call person = prepare(Case.ECHO_POJO, 3);
        assertThat(person.expectedBytes).isSameAs(person.body);
    }

    @Test
    void theRightBytesPassAndWrongOnesAreDescribedInTheSharedChecksWords() {
        for (Case c : Case.values()) {
            if (!c.operation().twinned()) {
                continue; // the protobuf twin has no such call
            }
            assertThat(prepare(c, 5).check(answer(c, 5).toByteArray())).as(c.method()).isNull();
        }
        byte[] echo = prepare(Case.ECHO_1K, 0).body.clone();
        echo[echo.length - 1] ^= 1;
        assertThat(prepare(Case.ECHO_1K, 0).check(echo)).contains("differing from character 1023");
        assertThat(prepare(Case.ECHO_1K, 0).check(EchoText.newBuilder().setText("x").build().toByteArray()))
                .startsWith("echo of 1024 characters came back as 1 characters");
        BenchmarkMessage notSaid = (BenchmarkMessage) request(Case.SAY, 4);
        assertThat(prepare(Case.SAY, 4).check(notSaid.toByteArray())).startsWith("say answered field1=");
        assertThat(prepare(Case.ECHO_POJO, 2).check(request(Case.ECHO_POJO, 3).toByteArray()))
                .startsWith("echo of person 3 came back as person 4");
        assertThat(prepare(Case.PING, 0).check(new byte[] {8, 1})).startsWith("ping returned");
    }

    @Test
    void anAnswerWithTheServersTimesIsCheckedInFullOnceThenKnownByItsBytes() {
        RawConnection.Call call = prepare(Case.LIST_USER, 3);
        byte[] answer = answer(Case.LIST_USER, 3).toByteArray();
        assertThat(call.check(answer)).isNull();
        assertThat(call.check(answer.clone())).isNull();
        // a page made again (the server remakes its answers every minute) is checked in full again
        assertThat(call.check(answer(Case.LIST_USER, 3).toByteArray())).isNull();

        Timestamp epoch = Timestamp.getDefaultInstance();
        Page page = (Page) answer(Case.LIST_USER, 3);
        Page atEpoch = page.toBuilder().setResult(14, page.getResult(14).toBuilder().setCreateTime(epoch).setUpdateTime(epoch)).build();
        assertThat(call.check(atEpoch.toByteArray())).startsWith("page 4, entry 14: user 60: createTime was 1970-01-01T00:00, outside");
        assertThat(call.check(answer)).as("the answer kept before still passes").isNull();

        User user = (User) answer(Case.GET_USER, 3);
        assertThat(prepare(Case.GET_USER, 3).check(user.toBuilder().clearCreateTime().build().toByteArray()))
                .isEqualTo("user 4: createTime was null, expected the server's time");
        assertThat(prepare(Case.GET_USER, 3).check(new byte[] {(byte) 0xff})).startsWith("getUser: an answer of 1 bytes that is no User");
    }
}
