package org.rpcbench.dubbo.hessian;

import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.RoundTripContract;
import org.rpcbench.dubbo.DubboWire;
import org.rpcbench.server.ServerBinding;

class DubboHessianRoundTripTest extends RoundTripContract {
    @Override
    protected ServerBinding serverBinding() {
        return new DubboHessianServer();
    }

    @Override
    protected ClientBinding clientBinding() {
        return new DubboHessianClient();
    }

    @Override
    protected void wireCheck(byte[] firstClientBytes) {
        DubboWire.assertSerialization(firstClientBytes, "hessian2");
    }
}
