package org.rpcbench.contract;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Fixtures;

class ProtoTwinTest {

    @Test
    void userSurvivesTheRoundTripThroughItsWireForm() throws Exception {
        for (long id = 1; id <= 4; id++) {
            byte[] wire = ProtoTwin.toProto(Fixtures.user(id)).toByteArray();
            User back = ProtoTwin.fromProto(org.rpcbench.contract.proto.User.parseFrom(wire));
            assertThat(back).isEqualTo(Fixtures.user(id));
        }
    }

    @Test
    void pageSurvivesTheRoundTripThroughItsWireForm() throws Exception {
        byte[] wire = ProtoTwin.toProto(Fixtures.page(5)).toByteArray();
        assertThat(ProtoTwin.fromProto(org.rpcbench.contract.proto.Page.parseFrom(wire))).isEqualTo(Fixtures.page(5));
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
