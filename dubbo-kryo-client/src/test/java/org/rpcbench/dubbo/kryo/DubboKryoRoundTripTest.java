package org.rpcbench.dubbo.kryo;

import org.rpcbench.binding.RoundTripContract;
import org.rpcbench.dubbo.DubboWire;

class DubboKryoRoundTripTest extends RoundTripContract {
    DubboKryoRoundTripTest() {
        super(new DubboKryoServer(), new DubboKryoClient(), wire -> DubboWire.assertSerialization(wire, "kryo"));
    }
}
