package org.rpcbench.cases;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import com.google.protobuf.Timestamp;
import java.time.LocalDateTime;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.rpcbench.checks.ChecksTest;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.contract.ProtoTwin;
import org.rpcbench.contract.proto.Page;
import org.rpcbench.contract.proto.User;

/** The twins' shared check ({@link TwinForm#check}), through the protobuf form. */
class ProtoFormTest {
    private final ClientClock clock = ClientClock.opened();

    /** The check of getUser in the protobuf form, expecting {@code expected}. */
    private String user(User expected, Object answer) {
        return check(Case.GET_USER, expected.getId() - 1, expected).apply(answer);
    }

    private String page(Page expected, Object answer) {
        return check(Case.LIST_USER, expected.getPageNo() - 1, expected).apply(answer);
    }

    private Function<Object, String> check(Case c, long seq, Object expected) {
        return ProtoForm.PROTO.check(Request.of(c, (int) seq), expected, clock);
    }

    @Test
    void everyCaseAcceptsItsRightAnswerAndExplainsAnotherRequestsAnswer() {
        for (Case c : Case.values()) {
            if (!c.operation().twinned()) {
                continue; // the protobuf twin has no such call
            }
            Request request = Request.of(c, 4);
            Message right = ProtoForm.PROTO.answer(c.operation(), request.expected());
            Function<Object, String> check = ProtoForm.PROTO.check(request, right, clock);
            assertThat(check.apply(ProtoForm.PROTO.answer(c.operation(), Request.of(c, 4).expected()))).as(c.method()).isNull();
            Message other = ProtoForm.PROTO.answer(c.operation(), Request.of(c, 5).expected());
            if (!other.equals(right)) {
                assertThat(check.apply(other)).as(c.method()).isNotNull().doesNotContain("in its protobuf form");
            }
            assertThat(check.apply("a string")).as(c.method()).isNotNull();
        }
    }

    private static User user(long id) {
        return ProtoTwin.toProto(Fixtures.user(id));
    }

    @Test
    void acceptsTheServersAnswersWithTheirOwnTimes() throws Exception {
        User expected = user(7);
        Thread.sleep(2);
        assertThat(user(expected, user(7))).isNull();
        assertThat(user(expected, User.parseFrom(user(7).toByteArray()))).isNull();
        Page page = ProtoTwin.toProto(Fixtures.page(4));
        assertThat(page(ProtoTwin.toProto(Fixtures.page(4)), Page.parseFrom(page.toByteArray()))).isNull();
    }

    @Test
    void namesWhatIsWrongInTheContractsWords() {
        User expected = user(7);
        assertThat(user(expected, user(7).toBuilder().setSex(2).build())).isEqualTo("user 7: sex was 2, expected 1");
        assertThat(user(expected, user(7).toBuilder().setBirthday(ProtoTwin.timestamp(Fixtures.birthday(8))).build()))
                .isEqualTo("user 7: birthday was 1980-01-09, expected 1980-01-08");
        assertThat(user(expected, user(7).toBuilder().clearBirthday().build()))
                .isEqualTo("user 7: birthday was null, expected 1980-01-08");
        assertThat(user(expected, user(7).toBuilder().clearCreateTime().build()))
                .isEqualTo("user 7: createTime was null, expected the server's time");
        assertThat(user(expected, user(7).toBuilder().clearUpdateTime().build()))
                .startsWith("user 7: updateTime was null");
        assertThat(user(expected, "a string")).isEqualTo("expected user 7, got String a string");
    }

    @Test
    void aTimeAtTheEpochOrTruncatedOrNoTimeAtAllIsCaught() {
        User expected = user(7);
        Timestamp epoch = Timestamp.getDefaultInstance();
        assertThat(user(expected, user(7).toBuilder().setCreateTime(epoch).setUpdateTime(epoch).build()))
                .startsWith("user 7: createTime was 1970-01-01T00:00, outside the window")
                .endsWith("the hosts' clocks or time zones may differ");

        User answer = user(7);
        Timestamp truncated = answer.getUpdateTime().toBuilder().setNanos(answer.getUpdateTime().getNanos() / 1000 * 1000 + 1).build();
        assertThat(user(expected, answer.toBuilder().setUpdateTime(truncated).build()))
                .startsWith("user 7: updateTime was ").contains("expected createTime's value");

        Timestamp noTime = Timestamp.newBuilder().setSeconds(1).setNanos(-5).build();
        assertThat(user(expected, user(7).toBuilder().setCreateTime(noTime).setUpdateTime(noTime).build()))
                .isEqualTo("user 7: a Timestamp that is no LocalDateTime: 1 s, -5 ns (Invalid value for NanoOfSecond"
                        + " (valid values 0 - 999999999): -5)");

        Timestamp noon = ProtoTwin.timestamp(Fixtures.birthday(7)).toBuilder().setSeconds(
                ProtoTwin.timestamp(Fixtures.birthday(7)).getSeconds() + 43_200).build();
        assertThat(user(expected, user(7).toBuilder().setBirthday(noon).build()))
                .startsWith("user 7: a Timestamp that is no date's midnight at UTC");
    }

    @Test
    void anAnswerMadeAMinuteAgoPasses() {
        Timestamp aMinuteAgo = ProtoTwin.timestamp(LocalDateTime.now().minusMinutes(1));
        assertThat(user(user(3), user(3).toBuilder().setCreateTime(aMinuteAgo).setUpdateTime(aMinuteAgo).build()))
                .isNull();
    }

    @Test
    void aPageNamesItsWrongEntry() {
        Page expected = ProtoTwin.toProto(Fixtures.page(2));
        Page answer = ProtoTwin.toProto(Fixtures.page(2));
        Page oneWrong = answer.toBuilder().setResult(3, answer.getResult(3).toBuilder().clearUpdateTime()).build();
        assertThat(page(expected, oneWrong)).startsWith("page 2, entry 3: user 19: updateTime was null");
        Page short14 = answer.toBuilder().removeResult(14).build();
        assertThat(page(expected, short14)).isEqualTo("page 2 held 14 users, expected 15");
        Timestamp bad = Timestamp.newBuilder().setNanos(-1).build();
        Page unreadable = answer.toBuilder().setResult(5, answer.getResult(5).toBuilder().setCreateTime(bad).setUpdateTime(bad)).build();
        assertThat(page(expected, unreadable)).startsWith("page 2, entry 5: user 21: a Timestamp that is no LocalDateTime");
    }

    @Test
    void checkingAServerAnswerAllocatesNothing() throws Exception {
        Function<Object, String> userCheck = check(Case.GET_USER, 6, user(7));
        User answer = User.parseFrom(user(7).toByteArray());
        Function<Object, String> pageCheck = check(Case.LIST_USER, 2, ProtoTwin.toProto(Fixtures.page(3)));
        Page page = Page.parseFrom(ProtoTwin.toProto(Fixtures.page(3)).toByteArray());
        assertThat(ChecksTest.allocatedBy(() -> {
            if (userCheck.apply(answer) != null || pageCheck.apply(page) != null) {
                throw new AssertionError();
            }
        })).isLessThan(100);
    }
}
