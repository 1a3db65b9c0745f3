package org.rpcbench.dubbo.fastjson2;

import org.rpcbench.binding.RoundTripContract;
import org.rpcbench.dubbo.DubboWire;

class DubboFastjson2RoundTripTest extends RoundTripContract {
    DubboFastjson2RoundTripTest() {
        super(new DubboFastjson2Server(), new DubboFastjson2Client(), wire -> DubboWire.assertSerialization(wire, "fastjson2"));
    }
}
