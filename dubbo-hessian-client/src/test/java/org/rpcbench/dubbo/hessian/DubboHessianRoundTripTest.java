package org.rpcbench.dubbo.hessian;

import org.rpcbench.binding.RoundTripContract;
import org.rpcbench.dubbo.DubboWire;

class DubboHessianRoundTripTest extends RoundTripContract {
    DubboHessianRoundTripTest() {
        super(new DubboHessianServer(), new DubboHessianClient(), wire -> DubboWire.assertSerialization(wire, "hessian2"));
    }
}
