package org.rpcbench.hessianhttp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.rpcbench.binding.RoundTripContract;

class HessianHttpRoundTripTest extends RoundTripContract {
    HessianHttpRoundTripTest() {
        // an HTTP/1.1 POST to the servlet, its body a Hessian 2 call ('H' 2 0, then 'C')
        super(new HessianHttpServer(), new HessianHttpClient(), wire -> {
            String head = new String(wire, StandardCharsets.ISO_8859_1);
            assertThat(head).startsWith("POST " + HessianHttpBinding.PATH + " HTTP/1.1\r\n");
            int body = head.indexOf("\r\n\r\n") + 4;
            assertThat(body).as("the request's head ends").isGreaterThan(4);
        });
    }
}
