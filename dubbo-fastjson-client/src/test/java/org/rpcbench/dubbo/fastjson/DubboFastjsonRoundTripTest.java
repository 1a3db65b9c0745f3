package org.rpcbench.dubbo.fastjson;

import org.rpcbench.binding.RoundTripContract;
import org.rpcbench.dubbo.DubboWire;

class DubboFastjsonRoundTripTest extends RoundTripContract {
    DubboFastjsonRoundTripTest() {
        super(new DubboFastjsonServer(), new DubboFastjsonClient(), wire -> DubboWire.assertSerialization(wire, "fastjson"));
    }
}
