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
}
