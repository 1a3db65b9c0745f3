package org.rpcbench.httpjson;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.http.HttpTimeoutException;
import org.junit.jupiter.api.Test;

/** The one failure this pair's bytes-on-the-wire sizing takes a new connection for: Dubbo's HTTP/1 lost answer. */
class KnownDefectTest {
    @Test
    void onlyTheLostAnswersTimeoutIsTheDefect() {
        HttpJsonClient client = new HttpJsonClient();
        assertThat(client.knownDefect(new HttpTimeoutException("request timed out"))).isTrue();
        assertThat(client.knownDefect(new IOException("header parser received no bytes"))).isFalse();
        assertThat(client.knownDefect(new java.net.ConnectException("Connection refused"))).isFalse();
    }
}
