package org.rpcbench.dubbo.fst;

import org.rpcbench.binding.RoundTripContract;
import org.rpcbench.dubbo.DubboWire;

class DubboFstRoundTripTest extends RoundTripContract {
    DubboFstRoundTripTest() {
        super(new DubboFstServer(), new DubboFstClient(), wire -> DubboWire.assertSerialization(wire, "fst"));
    }
}
