package org.rpcbench.httpjson;

import com.alibaba.fastjson2.JSON;
import java.util.LinkedHashMap;
import java.util.Map;
import org.rpcbench.contract.UserService;
import org.rpcbench.dubbo.DubboPair;

/**
 * The http-json pair (seed 003's "HTTP with JSON"): a Dubbo 3.3 Triple server, which also answers plain
 * HTTP/1.1 ("Triple REST", built into the all-in-one jar, no extra module), called by a plain HTTP client.
 * Each contract method is {@code POST /org.rpcbench.contract.UserService/<method>} with its one argument
 * as the JSON body, {@code Content-Type: application/json} (ping, which takes none, posts no body); the
 * answer is the result as JSON (for ping, a void method, the JSON {@code null}). JSON is
 * written and read by fastjson2 on both sides: Dubbo picks it for HTTP bodies when it is on the class
 * path (its first JSON adapter), and the client uses it directly.
 */
public final class HttpJsonPair {
    public static final DubboPair PAIR = new DubboPair("tri", "fastjson2", false, recorded(), () -> {});

    private HttpJsonPair() {}

    /** Where the server answers a method of the contract. */
    public static String path(String method) {
        return "/" + UserService.class.getName() + "/" + method;
    }

    /** What the run record says beyond Dubbo's framework settings; "connections" replaces theirs. */
    private static Map<String, String> recorded() {
        Map<String, String> notes = new LinkedHashMap<>();
        notes.put("wire", "HTTP/1.1 POST /{interface}/{method}, JSON body and answer (application/json);"
                + " ping posts no body and is answered null");
        notes.put("client", "java.net.http.HttpClient, HTTP/1.1 only; JSON by fastjson2, bodies encoded before the call"
                + " (echo's once per text), answers decoded inside the call and checked after the clock stops");
        notes.put("connections", "HTTP/1.1 keep-alive pool of the JDK client: one connection per request in flight"
                + " (HTTP/1.1 cannot multiplex), so up to one per benchmark thread, each reused");
        notes.put("fastjson2", fastjson2Version());
        return notes;
    }

    /** Read from the class at run time: {@code JSON.VERSION} in source would be the compile-time constant. */
    static String fastjson2Version() {
        try {
            return String.valueOf(JSON.class.getField("VERSION").get(null));
        } catch (ReflectiveOperationException e) {
            return "unknown";
        }
    }
}
