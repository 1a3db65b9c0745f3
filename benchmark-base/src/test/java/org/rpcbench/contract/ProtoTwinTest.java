package org.rpcbench.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Fixtures;

class ProtoTwinTest {

    @Test
    void userSurvivesTheRoundTripThroughItsWireForm() throws Exception {
        for (long id = 1; id <= 4; id++) {
            for (User user : new User[] {Fixtures.user(id), Fixtures.submittedUser(id)}) {
                byte[] wire = ProtoTwin.toProto(user).toByteArray();
                User back = ProtoTwin.fromProto(org.rpcbench.contract.proto.User.parseFrom(wire));
                assertThat(back).isEqualTo(user);
                assertThat(back.getCreateTime().getNano()).isEqualTo(user.getCreateTime().getNano());
            }
        }
    }

    @Test
    void pageSurvivesTheRoundTripThroughItsWireForm() throws Exception {
        Page page = Fixtures.page(5);
        byte[] wire = ProtoTwin.toProto(page).toByteArray();
        assertThat(ProtoTwin.fromProto(org.rpcbench.contract.proto.Page.parseFrom(wire))).isEqualTo(page);
    }

    @Test
    void timesAreTimestampsOfTheirWallTimeAtUtcAndComeBackToTheNanosecond() {
        LocalDateTime t = LocalDateTime.of(2026, 3, 29, 2, 30, 5, 123_456_789);
        Timestamp ts = ProtoTwin.timestamp(t);
        assertThat(ts.getSeconds()).isEqualTo(1_774_751_405L);
        assertThat(ts.getNanos()).isEqualTo(123_456_789);
        assertThat(ProtoTwin.localDateTime(ts)).isEqualTo(t);
        for (LocalDateTime edge : new LocalDateTime[] {LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_999_999),
                LocalDateTime.of(1970, 1, 1, 0, 0), LocalDateTime.of(9999, 12, 31, 23, 59, 59, 1)}) {
            assertThat(ProtoTwin.localDateTime(ProtoTwin.timestamp(edge))).isEqualTo(edge);
        }

        LocalDate birthday = LocalDate.of(1968, 12, 8);
        assertThat(ProtoTwin.timestamp(birthday).getSeconds()).isEqualTo(-33_609_600L);
        assertThat(ProtoTwin.localDate(ProtoTwin.timestamp(birthday))).isEqualTo(birthday);
        assertThat(ProtoTwin.localDate(ProtoTwin.timestamp(LocalDate.of(2000, 2, 29)))).isEqualTo(LocalDate.of(2000, 2, 29));
    }

    @Test
    void aTimestampThatIsNoDateOrNoTimeIsRefusedNotRounded() {
        assertThatThrownBy(() -> ProtoTwin.localDate(Timestamp.newBuilder().setSeconds(86_400 + 3_600).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no date's midnight");
        assertThatThrownBy(() -> ProtoTwin.localDate(Timestamp.newBuilder().setSeconds(86_400).setNanos(1).build()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ProtoTwin.localDateTime(Timestamp.newBuilder().setSeconds(1).setNanos(-1).build()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no LocalDateTime");
    }

    @Test
    void aNullTimeIsAnAbsentFieldAndComesBackNull() throws Exception {
        User user = Fixtures.submittedUser(3);
        user.setCreateTime(null);
        user.setBirthday(null);
        org.rpcbench.contract.proto.User proto = ProtoTwin.toProto(user);
        assertThat(proto.hasCreateTime()).isFalse();
        assertThat(proto.hasBirthday()).isFalse();
        assertThat(proto.hasUpdateTime()).isTrue();
        User back = ProtoTwin.fromProto(org.rpcbench.contract.proto.User.parseFrom(proto.toByteArray()));
        assertThat(back.getCreateTime()).isNull();
        assertThat(back.getBirthday()).isNull();
        assertThat(back).isEqualTo(user);
    }

    @Test
    void personAndBenchmarkMessageSurviveTheRoundTripThroughTheirWireForms() throws Exception {
        byte[] person = ProtoTwin.toProto(Fixtures.person(9)).toByteArray();
        assertThat(ProtoTwin.fromProto(org.rpcbench.contract.proto.Person.parseFrom(person))).isEqualTo(Fixtures.person(9));
        byte[] message = ProtoTwin.toProto(Fixtures.benchmarkMessage(9)).toByteArray();
        assertThat(ProtoTwin.fromProto(org.rpcbench.contract.proto.BenchmarkMessage.parseFrom(message)))
                .isEqualTo(Fixtures.benchmarkMessage(9));
    }

    @Test
    void everyFieldOfTheProtoMessageIsSetExceptTheRepeatedOne() {
        org.rpcbench.contract.proto.BenchmarkMessage m = ProtoTwin.toProto(Fixtures.benchmarkMessage(0));
        assertThat(m.getAllFields()).hasSize(m.getDescriptorForType().getFields().size() - 1);
        assertThat(m.getField5Count()).isZero();
    }
}
