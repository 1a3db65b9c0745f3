package org.rpcbench.triple;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.RoundTripContract;
import org.rpcbench.server.ServerBinding;

class TripleProtobufRoundTripTest extends RoundTripContract {
    @Override
    protected ServerBinding serverBinding() {
        return new TripleProtobufServer();
    }

    @Override
    protected ClientBinding clientBinding() {
        return new TripleProtobufClient();
    }

    @Override
    protected void wireCheck(byte[] firstClientBytes) {
        // Triple speaks HTTP/2 from the first byte, as gRPC does
        assertThat(new String(firstClientBytes, StandardCharsets.ISO_8859_1)).startsWith("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");
    }
}
