package org.rpcbench.dubbo.protobuf;

import org.rpcbench.binding.RoundTripContract;
import org.rpcbench.dubbo.DubboWire;

class DubboProtobufRoundTripTest extends RoundTripContract {
    DubboProtobufRoundTripTest() {
        super(new DubboProtobufServer(), new DubboProtobufClient(), wire -> DubboWire.assertSerialization(wire, "protobuf"));
    }
}
