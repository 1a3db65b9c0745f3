package org.rpcbench.motan;

import com.weibo.api.motan.common.MotanConstants;
import com.weibo.api.motan.common.URLParamType;
import com.weibo.api.motan.config.ProtocolConfig;
import com.weibo.api.motan.protocol.rpc.DefaultRpcCodec;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.rpcbench.binding.Binding;

/**
 * The motan pair as both halves state it: Weibo Motan's own RPC protocol ("motan", its v1 framing) with
 * Motan's default serialization, hessian2, over motan-transport-netty4, connected directly (no
 * registry). Everything not set here is Motan's default: filters, worker pool, codec.
 */
public abstract class MotanPair implements Binding {

    /** Motan's default protocol and, for it, its default serialization. */
    public static final String PROTOCOL = MotanConstants.PROTOCOL_MOTAN;
    public static final String SERIALIZATION = URLParamType.serialize.getValue();
    /** Channels the client keeps to the server; Motan's default is 2, the harness compares pairs on 1. */
    public static final int CLIENT_CONNECTIONS = 1;

    /**
     * Where Motan, netty and slf4j-jdk14 log in java.util.logging: Motan's LoggerUtil writes to loggers
     * named after levels ("info", "warn", ...), the rest to class names. Held here because
     * java.util.logging keeps loggers only weakly, and a collected one forgets its level.
     */
    private static final List<Logger> FRAMEWORK_LOGS = new ArrayList<>();

    static {
        for (String name : new String[] {"com.weibo", "io.netty", "trace", "debug", "info", "warn", "error",
                "accessLog", "serviceStatsLog", "profile"}) {
            FRAMEWORK_LOGS.add(Logger.getLogger(name));
        }
    }

    /** The same for both halves, so each returns a copy of it. */
    private static final Map<String, String> SETTINGS = describe();

    @Override
    public final Map<String, String> settings() {
        return new LinkedHashMap<>(SETTINGS);
    }

    private static Map<String, String> describe() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("framework", "Weibo Motan");
        s.put("frameworkVersion", artifactVersion("motan-core"));
        s.put("transport", "motan-transport-netty4 " + artifactVersion("motan-transport-netty4") + ", netty "
                + nettyVersion());
        s.put("protocol", PROTOCOL + " (Motan's default: v1 messages, magic 0x" + hex(DefaultRpcCodec.MAGIC)
                + ", each in a motan-transport-netty4 frame, magic 0x" + hex(MotanConstants.NETTY_MAGIC_TYPE) + ")");
        s.put("serialization", SERIALIZATION + " (Motan's default, Caucho Hessian)");
        s.put("serializeCheck", "allowlist on the server: the contract's classes (org.rpcbench.contract) and what Hessian"
                + " allows by itself (java.*, javax.management.*); an object of another class is read as a map, never built");
        s.put("serverThreads", "Motan's default worker pool, " + MotanConstants.NETTY_NOT_SHARECHANNEL_MIN_WORKDER
                + " to " + MotanConstants.NETTY_NOT_SHARECHANNEL_MAX_WORKDER + " threads");
        s.put("serverBind", "the given host only (Motan's NettyServer binds every interface; see HostBoundServer)");
        s.put("connections", CLIENT_CONNECTIONS + " shared (minClientConnection=" + CLIENT_CONNECTIONS
                + ", opened before the first call: asyncInitConnection=false)");
        s.put("registry", "none (direct URL on the client, local registry on the server)");
        s.put("filters", "Motan's defaults");
        s.put("logLevel", "WARNING on the server, OFF on the client (java.util.logging through slf4j-jdk14)");
        return s;
    }

    /** The protocol both halves configure: Motan's defaults but for the client's channel count. */
    protected static ProtocolConfig protocol() {
        ProtocolConfig protocol = new ProtocolConfig();
        protocol.setId(PROTOCOL);
        protocol.setName(PROTOCOL);
        protocol.setSerialization(SERIALIZATION);
        protocol.setMinClientConnection(CLIENT_CONNECTIONS);
        protocol.setMaxClientConnection(CLIENT_CONNECTIONS);
        return protocol;
    }

    /** The level of Motan's and netty's logging: WARNING on the server, OFF on the client. */
    protected static void frameworkLogLevel(Level level) {
        for (Logger log : FRAMEWORK_LOGS) {
            log.setLevel(level);
        }
    }

    /** A Motan artifact's version, from the Maven metadata its jar carries (kept in the shaded jars). */
    static String artifactVersion(String artifact) {
        String path = "/META-INF/maven/com.weibo/" + artifact + "/pom.properties";
        try (InputStream in = MotanConstants.class.getResourceAsStream(path)) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown (" + e.getMessage() + ")";
        }
    }

    private static String hex(short magic) {
        return Integer.toHexString(magic & 0xffff).toUpperCase(java.util.Locale.ROOT);
    }

    static String nettyVersion() {
        return io.netty.util.Version.identify().values().stream().map(io.netty.util.Version::artifactVersion)
                .findFirst().orElse("unknown");
    }
}
