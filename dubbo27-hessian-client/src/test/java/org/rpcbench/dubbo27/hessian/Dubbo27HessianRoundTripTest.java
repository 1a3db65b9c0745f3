package org.rpcbench.dubbo27.hessian;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.dubbo.common.serialize.hessian2.Hessian2Serialization;
import org.rpcbench.binding.RoundTripContract;

class Dubbo27HessianRoundTripTest extends RoundTripContract {
    Dubbo27HessianRoundTripTest() {
        super(new Dubbo27HessianServer(), new Dubbo27HessianClient(), Dubbo27HessianRoundTripTest::isHessian2Request);
    }

    /**
     * A dubbo frame header: 0xdabb, then a flag byte holding request (0x80) and two-way (0x40) bits and,
     * in its low five bits, the id of the serialization the body was written with: 2 for hessian2.
     */
    static void isHessian2Request(byte[] wire) {
        assertThat(wire.length).as("bytes seen, a header has 16").isGreaterThanOrEqualTo(16);
        assertThat((wire[0] & 0xff) << 8 | (wire[1] & 0xff)).as("dubbo magic").isEqualTo(0xdabb);
        int flag = wire[2] & 0xff;
        assertThat(flag & 0xc0).as("request, two-way").isEqualTo(0xc0);
        assertThat(flag & 0x1f).as("serialization id").isEqualTo(2)
                .isEqualTo((int) new Hessian2Serialization().getContentTypeId());
    }
}
