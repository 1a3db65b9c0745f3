package org.rpcbench.checks;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Timestamp;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.contract.ProtoTwin;
import org.rpcbench.contract.proto.Page;
import org.rpcbench.contract.proto.User;

class ProtoChecksTest {
    private final ClientClock clock = ClientClock.opened();

    private static User user(long id) {
        return ProtoTwin.toProto(Fixtures.user(id));
    }

    @Test
    void acceptsTheServersAnswersWithTheirOwnTimes() throws Exception {
        User expected = user(7);
        Thread.sleep(2);
        assertThat(ProtoChecks.user(expected, user(7), clock)).isNull();
        assertThat(ProtoChecks.user(expected, User.parseFrom(user(7).toByteArray()), clock)).isNull();
        Page page = ProtoTwin.toProto(Fixtures.page(4));
        assertThat(ProtoChecks.page(ProtoTwin.toProto(Fixtures.page(4)), Page.parseFrom(page.toByteArray()), clock)).isNull();
    }

    @Test
    void namesWhatIsWrongInTheContractsWords() {
        User expected = user(7);
        assertThat(ProtoChecks.user(expected, user(7).toBuilder().setSex(2).build(), clock)).isEqualTo("user 7: sex was 2, expected 1");
        assertThat(ProtoChecks.user(expected, user(7).toBuilder().setBirthday(ProtoTwin.timestamp(Fixtures.birthday(8))).build(), clock))
                .isEqualTo("user 7: birthday was 1980-01-09, expected 1980-01-08");
        assertThat(ProtoChecks.user(expected, user(7).toBuilder().clearBirthday().build(), clock))
                .isEqualTo("user 7: birthday was null, expected 1980-01-08");
        assertThat(ProtoChecks.user(expected, user(7).toBuilder().clearCreateTime().build(), clock))
                .isEqualTo("user 7: createTime was null, expected the server's time");
        assertThat(ProtoChecks.user(expected, user(7).toBuilder().clearUpdateTime().build(), clock))
                .startsWith("user 7: updateTime was null");
        assertThat(ProtoChecks.user(expected, "a string", clock)).isEqualTo("expected user 7, got String a string");
    }

    @Test
    void aTimeAtTheEpochOrTruncatedOrNoTimeAtAllIsCaught() {
        User expected = user(7);
        Timestamp epoch = Timestamp.getDefaultInstance();
        assertThat(ProtoChecks.user(expected, user(7).toBuilder().setCreateTime(epoch).setUpdateTime(epoch).build(), clock))
                .startsWith("user 7: createTime was 1970-01-01T00:00, outside the window")
                .endsWith("the hosts' clocks or time zones may differ");

        User answer = user(7);
        Timestamp truncated = answer.getUpdateTime().toBuilder().setNanos(answer.getUpdateTime().getNanos() / 1000 * 1000 + 1).build();
        assertThat(ProtoChecks.user(expected, answer.toBuilder().setUpdateTime(truncated).build(), clock))
                .startsWith("user 7: updateTime was ").contains("expected createTime's value");

        Timestamp noTime = Timestamp.newBuilder().setSeconds(1).setNanos(-5).build();
        assertThat(ProtoChecks.user(expected, user(7).toBuilder().setCreateTime(noTime).setUpdateTime(noTime).build(), clock))
                .isEqualTo("user 7: a Timestamp that is no LocalDateTime: 1 s, -5 ns (Invalid value for NanoOfSecond"
                        + " (valid values 0 - 999999999): -5)");

        Timestamp noon = ProtoTwin.timestamp(Fixtures.birthday(7)).toBuilder().setSeconds(
                ProtoTwin.timestamp(Fixtures.birthday(7)).getSeconds() + 43_200).build();
        assertThat(ProtoChecks.user(expected, user(7).toBuilder().setBirthday(noon).build(), clock))
                .startsWith("user 7: a Timestamp that is no date's midnight at UTC");
    }

    @Test
    void anAnswerMadeAMinuteAgoPasses() {
        Timestamp aMinuteAgo = ProtoTwin.timestamp(LocalDateTime.now().minusMinutes(1));
        assertThat(ProtoChecks.user(user(3), user(3).toBuilder().setCreateTime(aMinuteAgo).setUpdateTime(aMinuteAgo).build(), clock))
                .isNull();
    }

    @Test
    void aPageNamesItsWrongEntry() {
        Page expected = ProtoTwin.toProto(Fixtures.page(2));
        Page answer = ProtoTwin.toProto(Fixtures.page(2));
        Page oneWrong = answer.toBuilder().setResult(3, answer.getResult(3).toBuilder().clearUpdateTime()).build();
        assertThat(ProtoChecks.page(expected, oneWrong, clock)).startsWith("page 2, entry 3: user 19: updateTime was null");
        Page short14 = answer.toBuilder().removeResult(14).build();
        assertThat(ProtoChecks.page(expected, short14, clock)).isEqualTo("page 2 held 14 users, expected 15");
        Timestamp bad = Timestamp.newBuilder().setNanos(-1).build();
        Page unreadable = answer.toBuilder().setResult(5, answer.getResult(5).toBuilder().setCreateTime(bad).setUpdateTime(bad)).build();
        assertThat(ProtoChecks.page(expected, unreadable, clock)).startsWith("page 2, entry 5: user 21: a Timestamp that is no LocalDateTime");
    }

    @Test
    void checkingAServerAnswerAllocatesNothing() throws Exception {
        User expectedUser = user(7);
        User answer = User.parseFrom(user(7).toByteArray());
        Page expectedPage = ProtoTwin.toProto(Fixtures.page(3));
        Page page = Page.parseFrom(ProtoTwin.toProto(Fixtures.page(3)).toByteArray());
        assertThat(ChecksTest.allocatedBy(() -> {
            if (ProtoChecks.user(expectedUser, answer, clock) != null || ProtoChecks.page(expectedPage, page, clock) != null) {
                throw new AssertionError();
            }
        })).isLessThan(100);
    }
}
