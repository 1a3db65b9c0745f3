package org.rpcbench.dubbo;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.dubbo.common.Version;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;

/**
 * The framework settings every Dubbo pair runs with, on both sides, so that pairs differ only in
 * protocol and serialization. They are recorded in each run record.
 *
 * <p>Filters: Dubbo's default filter chain is off ({@code -default}) for provider and consumer of every
 * pair. A chain that differs between pairs is a trap: with the defaults on, a per-call local-address
 * lookup inside them made Triple look twice as slow as the dubbo protocol on a loopback-only host in
 * apache/dubbo-benchmark, whose dubbo pairs had them off.
 */
public final class DubboFramework {
    public static final String FILTERS = "-default";
    public static final String THREADPOOL = "fixed";
    public static final int THREADS = 200;
    public static final String DISPATCHER = "all";
    /** Dubbo's own logging, set in server-base's and client-base's logging.properties. */
    public static final String SERVER_LOG_LEVEL = "WARNING";
    public static final String CLIENT_LOG_LEVEL = "OFF";

    private DubboFramework() {}

    /** The settings a run record carries for a pair. */
    public static Map<String, String> settings(String protocol, String serialization) {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("framework", "Apache Dubbo");
        s.put("frameworkVersion", Version.getVersion());
        s.put("protocol", protocol);
        s.put("serialization", serialization);
        s.put("filter", FILTERS);
        s.put("threadpool", THREADPOOL);
        s.put("threads", String.valueOf(THREADS));
        s.put("dispatcher", DISPATCHER);
        s.put("qos", "off");
        s.put("registry", "none (direct URL)");
        s.put("connections", "1 shared");
        s.put("logLevel", SERVER_LOG_LEVEL + " on the server, " + CLIENT_LOG_LEVEL + " on the client");
        return s;
    }

    static ApplicationConfig application(String name) {
        useJdkLogging();
        ApplicationConfig app = new ApplicationConfig(name);
        app.setQosEnable(false);
        app.setMetadataType("local");
        return app;
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
            p.setPreferSerialization(serialization);
        }
        p.setThreadpool(THREADPOOL);
        p.setThreads(THREADS);
        p.setDispatcher(DISPATCHER);
        return p;
    }

    /** Before any Dubbo class loads: pick the JDK adapter, which reads logging.properties. */
    static void useJdkLogging() {
        if (System.getProperty("dubbo.application.logger") == null) {
            System.setProperty("dubbo.application.logger", "jdk");
        }
    }

}
