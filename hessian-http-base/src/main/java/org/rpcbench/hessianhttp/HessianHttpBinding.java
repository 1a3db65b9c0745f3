package org.rpcbench.hessianhttp;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import org.rpcbench.binding.Binding;

/**
 * Either half of the hessian-http pair, seed 003's "Hessian": Caucho's Hessian RPC over HTTP/1.1, the
 * contract served by Hessian's own servlet in an embedded servlet container and called through Hessian's
 * proxy factory, both as their documentation sets them up. Hessian carries the contract's java.time fields
 * with the serializers of caucho-hessian-base, registered the way Hessian reads them.
 */
public abstract class HessianHttpBinding implements Binding {
    /** Where the servlet answers. */
    public static final String PATH = "/UserService";
    /**
     * Idle keep-alive connections the client's JDK HTTP stack keeps per server ({@code http.maxConnections});
     * the JDK's 5 would close the connections of all but five of 32 threads after every call.
     */
    public static final int KEEP_ALIVE_CONNECTIONS = 1024;

    private static final Properties VERSIONS = versions();

    public static String hessianVersion() {
        return VERSIONS.getProperty("hessian");
    }

    public static String jettyVersion() {
        return VERSIONS.getProperty("jetty");
    }

    @Override
    public final Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("framework", "Caucho Hessian");
        s.put("frameworkVersion", hessianVersion());
        s.put("protocol", "Hessian RPC over HTTP/1.1 POST " + PATH);
        s.put("serialization", "hessian2 (Caucho; java.time by caucho-hessian-base's serializers)");
        s.put("server", "com.caucho.hessian.server.HessianServlet in Jetty " + jettyVersion()
                + " (javax.servlet, EE 8), one connector on the given host; Jetty's default thread pool (at most 200)");
        s.put("client", "com.caucho.hessian.client.HessianProxyFactory, hessian2 requests and replies, over the JDK's"
                + " HttpURLConnection (its default)");
        s.put("connections", "HTTP/1.1 keep-alive: one connection per call in flight (HTTP/1.1 cannot multiplex), so up"
                + " to one per benchmark thread, idle ones reused (http.maxConnections=" + KEEP_ALIVE_CONNECTIONS + ")");
        s.put("callTimeout", "the client's timeout as the proxy factory's connect and read timeouts");
        return s;
    }

    private static Properties versions() {
        Properties p = new Properties();
        try (InputStream in = HessianHttpBinding.class.getResourceAsStream("versions.properties")) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("hessian-http's versions.properties cannot be read", e);
        }
        return p;
    }
}
