package org.rpcbench.dubbo.kryo;

import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.RoundTripContract;
import org.rpcbench.dubbo.DubboWire;
import org.rpcbench.server.ServerBinding;

class DubboKryoRoundTripTest extends RoundTripContract {
    @Override
    protected ServerBinding serverBinding() {
        return new DubboKryoServer();
    }

    @Override
    protected ClientBinding clientBinding() {
        return new DubboKryoClient();
    }

    @Override
    protected void wireCheck(byte[] firstClientBytes) {
        DubboWire.assertSerialization(firstClientBytes, "kryo");
    }
}
