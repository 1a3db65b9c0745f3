package org.rpcbench.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.rpcbench.binding.RoundTripContract;

@org.junit.jupiter.api.extension.ExtendWith(RerunOnHttp1Defect.class)
class HttpJsonRoundTripTest extends RoundTripContract {
    HttpJsonRoundTripTest() {
        // plain HTTP/1.1 from the first byte: a request line, no HTTP/2 preface, no upgrade
        super(new HttpJsonServer(), new HttpJsonClient(), wire -> assertThat(new String(wire, StandardCharsets.ISO_8859_1))
                .startsWith("POST /org.rpcbench.contract.UserService/")
                .contains(" HTTP/1.1\r\n")
                .containsIgnoringCase("content-type: application/json\r\n")
                .doesNotContainIgnoringCase("upgrade:"));
    }
}
