package org.rpcbench.triple.hessian;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.rpcbench.binding.RoundTripContract;

class TripleHessianRoundTripTest extends RoundTripContract {
    TripleHessianRoundTripTest() {
        // HTTP/2 from the first byte; the protobuf envelope of each call names the serialization inside it
        super(new TripleHessianServer(), new TripleHessianClient(), wire -> assertThat(new String(wire, StandardCharsets.ISO_8859_1))
                .startsWith("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
                .contains("hessian"));
    }
}
