package org.rpcbench.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.rpcbench.binding.RoundTripContract;

class GrpcProtobufRoundTripTest extends RoundTripContract {
    GrpcProtobufRoundTripTest() {
        // gRPC speaks HTTP/2 with prior knowledge: the connection opens with the client preface
        super(new GrpcProtobufServer(), new GrpcProtobufClient(), wire ->
                assertThat(new String(wire, StandardCharsets.ISO_8859_1)).startsWith("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"));
    }
}
