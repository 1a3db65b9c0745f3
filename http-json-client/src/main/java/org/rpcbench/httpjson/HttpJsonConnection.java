package org.rpcbench.httpjson;

import com.alibaba.fastjson2.JSON;
import com.alibaba.fastjson2.JSONException;
import java.io.IOException;
import java.lang.reflect.Type;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.Operation;
import org.rpcbench.cases.Request;
import org.rpcbench.checks.ClientClock;

/**
 * One JDK HTTP client shared by every benchmark thread, forced to HTTP/1.1.
 *
 * <p>Connections: HTTP/1.1 carries one request at a time per connection (the JDK client does not
 * pipeline), so a single shared connection would queue all 32 threads behind each other. The client's
 * own keep-alive pool is used instead, as the JDK documents it: a request takes an idle pooled
 * connection or opens one, and returns it afterwards, so the pool settles at one connection per request
 * in flight, reused for the whole run.
 *
 * <p>Requests follow Triple REST's basic mapping: {@code POST /<interface>/<method>}; a method with one
 * parameter takes the argument itself as the JSON body (Dubbo's {@code FallbackArgumentResolver} decodes
 * a one-parameter body straight into the parameter's type; a JSON array of all arguments also works, but
 * costs the server a failed decode first). Each request, body included, is built in {@link #prepare};
 * {@code call()} sends it and reads the answer into the contract's type, as every RPC client stub in
 * this harness does inside its call (so JSON decoding is measured here as hessian2 or protobuf decoding
 * is there); the values are checked after the clock stopped.
 *
 * <p>ping takes no argument, so its POST has no body; Dubbo answers a void method with the JSON
 * {@code null}, which is the only answer ping accepts (an empty body is no JSON at all).
 */
final class HttpJsonConnection implements Connection {
    private static final String JSON_TYPE = "application/json";
    private static final int SHOWN = 200;

    /**
     * The echo request bodies, one per text: Fixtures hands out a few shared texts per size, so every
     * request for one text shares its encoded body instead of holding up to 200 KB of its own.
     */
    private static final Map<String, byte[]> ECHO_BODIES = new ConcurrentHashMap<>();

    private final HttpClient client;
    private final String origin;
    private final Duration timeout;
    private final ClientClock clock = ClientClock.opened();

    HttpJsonConnection(Target target) {
        this.timeout = Duration.ofMillis(target.timeoutMillis());
        this.client = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .build();
        String host = target.host();
        this.origin = "http://" + (host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host)
                + ":" + target.port();
    }

    /**
     * One real, checked request, so that a port with no HTTP server behind it, or one answering
     * something else, fails here in one line.
     */
    void probe() throws Exception {
        Exchange exchange = prepare(Case.EXIST_USER, 0);
        Object answer;
        try {
            answer = exchange.call();
        } catch (ConnectException e) {
            // the JDK's has no message, only a ClosedChannelException as its cause
            throw new ConnectException("could not connect to " + origin);
        }
        String problem = exchange.check(answer);
        if (problem != null) {
            throw new IOException(problem);
        }
    }

    @Override
    public Exchange prepare(Case c, int seq) {
        Request request = Request.of(c, seq);
        Operation op = request.operation();
        Object argument = request.argument();
        byte[] body = op == Operation.PING ? null
                : op == Operation.ECHO || op == Operation.ASSEMBLE ? ECHO_BODIES.computeIfAbsent((String) argument, JSON::toJSONBytes) : JSON.toJSONBytes(argument);
        return send(op.method(), body, op.answerType(), request.check(clock));
    }

    /**
     * A prepared POST of {@code argument} as JSON to {@code method}; its check reads the answer as
     * {@code answerType} (with its type arguments: echoPersons' values are persons) and hands it to {@code check}.
     */
    Exchange post(String method, Object argument, Type answerType, Function<Object, String> check) {
        return send(method, JSON.toJSONBytes(argument), answerType, check);
    }

    /** The same with the body already encoded; a null body is a POST without one (and without a Content-Type). */
    private Exchange send(String method, byte[] body, Type answerType, Function<Object, String> check) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(origin + HttpJsonPair.path(method)))
                .timeout(timeout)
                .header("Accept", JSON_TYPE);
        if (body == null) {
            builder.POST(HttpRequest.BodyPublishers.noBody());
        } else {
            builder.header("Content-Type", JSON_TYPE).POST(HttpRequest.BodyPublishers.ofByteArray(body));
        }
        HttpRequest request = builder.build();
        HttpResponse.BodyHandler<byte[]> bytes = HttpResponse.BodyHandlers.ofByteArray();
        return Exchange.of(() -> {
            HttpResponse<byte[]> response = client.send(request, bytes);
            return decode(method, response.statusCode(), response.body(), answerType);
        }, answer -> answer instanceof Refusal refusal ? refusal.problem() : check.apply(answer));
    }

    /** An answer that is not a value of the contract: a status other than 200, or no JSON of that type. */
    private record Refusal(String problem) {}

    /**
     * The answer as a value of {@code answerType}, or a {@link Refusal}. The JSON {@code null} is a null
     * value (a void method's answer); an empty body is not JSON and so never a value.
     */
    static Object decode(String method, int status, byte[] body, Type answerType) {
        if (status != 200) {
            return new Refusal(method + ": HTTP " + status + " " + shown(body));
        }
        if (body.length == 0) {
            return new Refusal(method + ": the answer is empty, not JSON");
        }
        try {
            return JSON.parseObject(body, answerType);
        } catch (JSONException e) {
            String type = answerType instanceof Class<?> c ? c.getSimpleName() : answerType.getTypeName();
            return new Refusal(method + ": the answer is not a " + type + " in JSON: " + shown(body));
        }
    }

    /** The start of a body on one line, for a problem report. */
    private static String shown(byte[] body) {
        String text = new String(body, StandardCharsets.UTF_8).replaceAll("\\s+", " ").trim();
        return text.length() <= SHOWN ? text : text.substring(0, SHOWN) + "...";
    }

    /**
     * On JDK 21 and later the client is AutoCloseable and closing it closes its pooled connections; the
     * JDK 17 client has no close and lets them go when it is collected (its threads are daemons).
     */
    @Override
    public void close() {
        if (client instanceof AutoCloseable closeable) {
            try {
                closeable.close();
            } catch (Exception e) {
                throw new IllegalStateException("closing the HTTP client failed: " + e.getMessage(), e);
            }
        }
    }
}
