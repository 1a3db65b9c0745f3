package org.rpcbench.dubbo;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.rpcbench.binding.DubboSwitches;
import org.rpcbench.binding.Switch;

/**
 * The framework settings every Dubbo pair runs with, on both sides, so that pairs differ only in
 * protocol and serialization. They are recorded in each run record.
 *
 * <p>Filters: Dubbo's default filter chain is off ({@code -default}) for provider and consumer of every
 * pair unless the run turns it on with the {@link #FILTERS} switch, and then for every pair alike. A
 * chain that differs between pairs is a trap: with the defaults on, a per-call local-address lookup
 * inside them made Triple look twice as slow as the dubbo protocol on a loopback-only host in
 * apache/dubbo-benchmark, whose dubbo pairs had them off.
 */
public final class DubboFramework {
    public static final Switch FILTERS = DubboSwitches.FILTERS;
    /**
     * Dubbo 3.3 reads {@code decode.in.io.thread} (default false) on the provider's and the consumer's URL,
     * but ignores it and decodes in the IO thread in its default "isolation" executor mode. So every pair
     * runs in the "default" executor mode (one pool per protocol: the fixed 200 recorded below), where the
     * parameter is obeyed. Releases before 3.2 have no modes: one pool per protocol, as in "default".
     */
    public static final Switch DECODE_IN_IO = DubboSwitches.DECODE_IN_IO;
    static final String DECODE_IN_IO_KEY = "decode.in.io.thread";
    static final String EXECUTOR_MODE = "default";
    public static final String THREADPOOL = "fixed";
    public static final int THREADS = 200;
    public static final String DISPATCHER = "all";
    /**
     * Deserialization is checked against an allowlist, and a class outside it is refused, not just logged.
     * That is Dubbo's default since 3.2; it is set here so that it does not change with Dubbo's default and
     * run records can state it. The list is Dubbo's built-in one plus what it trusts automatically: the
     * packages, to {@value #TRUST_LEVEL} segments, of the classes in the served interface's signatures,
     * which is org.rpcbench.contract (the contract and its protobuf twin) and nothing else of the harness.
     * Releases before 3.1.6 have no allowlist: there the record says so.
     */
    public static final String SERIALIZE_CHECK = "STRICT";
    static final int TRUST_LEVEL = 3;
    static final String IP_TO_BIND = "DUBBO_IP_TO_BIND";
    /** Dubbo's own logging, set in server-base's and client-base's logging.properties. */
    public static final String SERVER_LOG_LEVEL = "WARNING";
    public static final String CLIENT_LOG_LEVEL = "OFF";

    private DubboFramework() {}

    /** The settings a run record carries for a pair, on the Dubbo release on the class path. */
    public static Map<String, String> settings(String protocol, String serialization) {
        return settings(protocol, serialization, DubboRelease.current());
    }

    /** As applied on {@code release}: a setting it lacks is recorded as absent, with what happens instead. */
    static Map<String, String> settings(String protocol, String serialization, DubboRelease release) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("framework", "Apache Dubbo");
        s.put("frameworkVersion", release.version());
        s.put("protocol", protocol);
        s.put("serialization", serialization);
        s.put("defaultFilters", FILTERS.value());
        s.put("threadpool", THREADPOOL);
        s.put("threads", String.valueOf(THREADS));
        s.put("dispatcher", DISPATCHER);
        s.put("executorManagementMode", release.executorModes() ? EXECUTOR_MODE
                : "none in Dubbo " + release.version() + " (modes arrived in 3.2.0): one pool per protocol port, as the \""
                        + EXECUTOR_MODE + "\" mode keeps");
        if (protocol.equals("dubbo")) {
            s.put("decodeInIoThread", DECODE_IN_IO.value());
        }
        s.put("serializeCheck", release.serializeCheck()
                ? SERIALIZE_CHECK + " (Dubbo's allowlist and the contract's package, org.rpcbench.contract)"
                : "not available in Dubbo " + release.version() + " (the allowlist arrived in 3.1.6): no allowlist applies");
        if (!release.sharedMetadataService()) {
            s.put("metadataService", "on the provider's host (" + IP_TO_BIND + "): Dubbo " + release.version()
                    + " would bind it on the machine's first network address");
        }
        if (!release.ownFrameworkModelServed()) {
            s.put("frameworkModel", "the provider's is Dubbo's default one: " + release.version()
                    + "'s Triple server serves no other");
        }
        s.put("qos", "off");
        s.put("registry", "none (direct URL)");
        s.put("connections", "1 shared");
        s.put("logLevel", SERVER_LOG_LEVEL + " on the server, " + CLIENT_LOG_LEVEL + " on the client");
        return s;
    }

    /** The switches of a pair speaking {@code protocol}. */
    static List<Switch> switches(String protocol) {
        return protocol.equals("dubbo") ? List.of(FILTERS, DECODE_IN_IO) : List.of(FILTERS);
    }

    /** The filter setting for providers and consumers, or null for Dubbo's default chain. */
    static String filter() {
        return FILTERS.value().equals("none") ? "-default" : null;
    }

    /** URL parameters both sides of a pair set, by protocol. */
    static Map<String, String> parameters(String protocol) {
        Map<String, String> p = new LinkedHashMap<>();
        if (protocol.equals("dubbo")) {
            p.put(DECODE_IN_IO_KEY, String.valueOf(DECODE_IN_IO.on()));
        }
        return p;
    }

    static ApplicationConfig application(String name) {
        useJdkLogging();
        ApplicationConfig app = new ApplicationConfig(name);
        app.setQosEnable(false);
        app.setMetadataType("local");
        DubboRelease release = DubboRelease.current();
        if (release.executorModes()) {
            DubboRelease.EXECUTOR_MANAGEMENT_MODE.set(app, EXECUTOR_MODE);
        }
        if (release.serializeCheck()) {
            DubboRelease.SERIALIZE_CHECK_STATUS.set(app, SERIALIZE_CHECK);
            DubboRelease.AUTO_TRUST_SERIALIZE_CLASS.set(app, true);
            DubboRelease.TRUST_SERIALIZE_CLASS_LEVEL.set(app, TRUST_LEVEL);
            DubboRelease.CHECK_SERIALIZABLE.set(app, true);
        }
        return app;
    }

    /**
     * Before 3.2, the MetadataService a provider exports beside its service (metadata type "local") gets a
     * protocol config of its own, without the provider's host, and binds on the machine's first network
     * address (seen with 3.0.15: the provider's port there, "Address already in use"). Dubbo reads
     * DUBBO_IP_TO_BIND for every export, so that is where the provider's host goes on those releases: the
     * MetadataService then stays on the provider's host. Nothing reads it (no registry).
     */
    static void bindExportsTo(DubboRelease release, String host) {
        if (release.sharedMetadataService()) {
            return;
        }
        String literal = DubboHosts.literal(host);
        String set = System.getProperty(IP_TO_BIND);
        if (set != null && !set.equals(literal)) {
            throw new IllegalStateException("Dubbo " + release.version() + " providers in one JVM share " + IP_TO_BIND
                    + ": it is " + set + ", cannot also be " + literal);
        }
        System.setProperty(IP_TO_BIND, literal);
    }

    static RegistryConfig noRegistry() {
        return new RegistryConfig(RegistryConfig.NO_AVAILABLE);
    }

    /** @param serialization null for IDL stubs, which carry their own (protobuf) */
    static ProtocolConfig protocol(String name, String serialization, String host, int port) {
        ProtocolConfig p = new ProtocolConfig(name);
        p.setHost(DubboHosts.literal(host));
        p.setPort(port);
        if (serialization != null) {
            p.setSerialization(serialization);
            if (DubboRelease.current().preferSerialization()) {
                DubboRelease.PREFER_SERIALIZATION.set(p, serialization);
            }
        }
        p.setThreadpool(THREADPOOL);
        p.setThreads(THREADS);
        p.setDispatcher(DISPATCHER);
        p.setParameters(parameters(name));
        return p;
    }

    /** Before any Dubbo class loads: pick the JDK adapter, which reads logging.properties. */
    static void useJdkLogging() {
        if (System.getProperty("dubbo.application.logger") == null) {
            System.setProperty("dubbo.application.logger", "jdk");
        }
    }

}
