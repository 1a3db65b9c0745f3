package org.rpcbench.dubbo27;

import java.io.IOException;
import java.io.InputStream;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.dubbo.common.Version;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.rpcbench.binding.DubboSwitches;
import org.rpcbench.binding.Switch;

/**
 * Dubbo 2.7 as both halves of a dubbo27 pair run it: the same framework settings the Dubbo 3 pairs use
 * (dubbo-base), expressed through 2.7's API, so a 2.7 column and a 3.x column differ only in the
 * framework version.
 *
 * <p>Dubbo 2.7 keeps one process-wide model (one {@code DubboBootstrap}, one config manager, one
 * instance per protocol), so a provider and a consumer in one JVM, as in the tests, share it; each
 * side here exports or refers only its own service and closes only what it opened.
 */
public final class Dubbo27 {
    /** The switches a run may set, the same ones (and defaults) as the Dubbo 3 pairs'. */
    public static final List<Switch> SWITCHES = List.of(DubboSwitches.FILTERS, DubboSwitches.DECODE_IN_IO);

    /** The thread model, as the URL parameters Dubbo reads on either side. */
    public static final Map<String, String> THREADING = ordered(
            "threadpool", "fixed",
            "threads", "200",
            "dispatcher", "all");

    /** The filter setting for provider and consumer, or null for Dubbo's default chain. */
    public static String filter() {
        return DubboSwitches.FILTERS.value().equals("none") ? "-default" : null;
    }

    /**
     * The URL parameters both sides set: the thread model, and where bodies are decoded (Dubbo 2.7 reads
     * {@code decode.in.io}, default false, on the provider's and the consumer's URL).
     */
    public static Map<String, String> parameters() {
        Map<String, String> p = new LinkedHashMap<>(THREADING);
        p.put("decode.in.io", String.valueOf(DubboSwitches.DECODE_IN_IO.on()));
        return p;
    }

    static {
        // Before Dubbo's LoggerFactory initialises: without a choice it takes the first adapter whose
        // library is present, which is commons-logging (spring-jcl, a Dubbo 2.7 dependency), and that
        // logs at INFO. The JDK adapter reads the logging.properties of server-base or client-base:
        // Dubbo at WARNING on the server, off on the client.
        if (System.getProperty("dubbo.application.logger") == null) {
            System.setProperty("dubbo.application.logger", "jdk");
        }
    }

    private Dubbo27() {}

    /** What a run record says about a dubbo27 pair. */
    public static Map<String, String> settings(String protocol, String serialization) {
        Map<String, String> recorded = new LinkedHashMap<>(ordered(
                "framework", "Apache Dubbo",
                "frameworkVersion", frameworkVersion(),
                "protocol", protocol,
                "serialization", serialization,
                "defaultFilters", DubboSwitches.FILTERS.value()));
        recorded.putAll(THREADING);
        recorded.put("decodeInIoThread", DubboSwitches.DECODE_IN_IO.value());
        recorded.putAll(ordered(
                "qos", "off",
                "registry", "none (direct URL)",
                "connections", "1 shared",
                "logLevel", "WARNING on the server, OFF on the client",
                "netty", nettyVersion()));
        return recorded;
    }

    /**
     * The Dubbo release on the class path. Not {@code Version.getVersion()} alone: Dubbo 2.7 reads it from
     * the manifest of the jar its classes sit in, which in a runnable (shaded) jar is ours, and then guesses
     * from that jar's file name ("dubbo27-hessian-client.jar" gave "client"). The Maven descriptor inside
     * Dubbo's jar survives shading and names the release.
     */
    static String frameworkVersion() {
        try (InputStream in = Version.class.getResourceAsStream("/META-INF/maven/org.apache.dubbo/dubbo/pom.properties")) {
            if (in != null) {
                Properties descriptor = new Properties();
                descriptor.load(in);
                String version = descriptor.getProperty("version");
                if (version != null) {
                    return version;
                }
            }
        } catch (IOException e) {
            // fall back to Dubbo's own answer
        }
        return Version.getVersion();
    }

    /** The netty Dubbo 2.7 runs on, as netty's own version file says. */
    static String nettyVersion() {
        io.netty.util.Version common = io.netty.util.Version.identify().get("netty-common");
        return common == null ? "unknown" : common.artifactVersion();
    }

    /**
     * The application both sides name. The same one on both sides: Dubbo 2.7 keeps the first one a JVM
     * registers and warns about any other.
     */
    public static ApplicationConfig application() {
        ApplicationConfig application = new ApplicationConfig("rpc-bench");
        application.setQosEnable(false);
        return application;
    }

    /** A registry setting that means none: providers export and consumers refer by direct URL. */
    public static RegistryConfig noRegistry() {
        return new RegistryConfig(RegistryConfig.NO_AVAILABLE);
    }

    /**
     * Takes Dubbo's own JVM shutdown hook out, once the bootstrap that registers it exists. That hook
     * destroys every protocol of the process at exit, waiting up to 10 s for connected clients; the
     * harness closes the server or the connection it opened itself (ServerMain's hook, the benchmark's
     * teardown), and two hooks tearing down the same server at once would race.
     */
    public static void withoutDubboShutdownHook() {
        DubboBootstrap.getInstance().unRegisterShutdownHook();
    }

    /**
     * The host as Dubbo 2.7 must be given it to bind or dial exactly that address.
     *
     * <p>Dubbo 2.7.23 takes any host starting with "127." (and "localhost") for "no host configured":
     * the provider then binds 0.0.0.0 ({@code ServiceConfig.findConfigedHosts} sets anyhost,
     * {@code AbstractServer} binds every interface) and the consumer dials the machine's first network
     * address instead ({@code AbstractClient.getConnectAddress} via {@code NetUtils.filterLocalHost}).
     * An IPv4 address can also be written as one unsigned 32-bit decimal number, which
     * {@link InetAddress} parses and Dubbo's "127." test does not match; loopback addresses are handed
     * over in that form, everything else unchanged.
     */
    public static String host(String host) {
        InetAddress address;
        try {
            address = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            return host; // let Dubbo report it
        }
        if (address instanceof Inet4Address && address.isLoopbackAddress()) {
            return Integer.toUnsignedString(ByteBuffer.wrap(address.getAddress()).getInt());
        }
        return host;
    }

    private static Map<String, String> ordered(String... keysAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return Collections.unmodifiableMap(map);
    }
}
