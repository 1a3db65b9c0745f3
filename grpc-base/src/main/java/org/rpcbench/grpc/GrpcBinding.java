package org.rpcbench.grpc;

import io.grpc.internal.GrpcUtil;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.netty.shaded.io.netty.channel.epoll.Epoll;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.rpcbench.binding.Binding;

/**
 * Either half of the grpc-protobuf pair: plain grpc-java (Netty transport, generated blocking stub and
 * method descriptors) on the contract's .proto, the reference that Dubbo's Triple claims to speak.
 *
 * <p>Everything is left at grpc-java's defaults: flow control, executors, event loops, message limits.
 * What those defaults are is recorded with the settings, read from the library where it says.
 */
public abstract class GrpcBinding implements Binding {

    static final Level SERVER_LOG_LEVEL = Level.WARNING;
    static final Level CLIENT_LOG_LEVEL = Level.OFF;

    /**
     * grpc-java (and the Netty shaded inside it, whose loggers are named io.grpc.netty.shaded...) logs
     * through java.util.logging. Held here because java.util.logging keeps loggers only weakly: a level
     * set on a collected logger is forgotten.
     */
    private static final Logger GRPC_LOG = Logger.getLogger("io.grpc");
    private static final String SHADED_NETTY_VERSIONS = "META-INF/io.grpc.netty.shaded.io.netty.versions.properties";

    /**
     * The client turns grpc-java's log off (the harness counts and reports failed calls itself, in one
     * line each); the server keeps warnings, as every pair's server does.
     */
    protected static void logAt(Level level) {
        GRPC_LOG.setLevel(level);
    }

    @Override
    public final Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put("framework", "grpc-java");
        s.put("frameworkVersion", GrpcUtil.getGrpcBuildVersion().getImplementationVersion());
        s.put("protocol", "gRPC (HTTP/2 cleartext)");
        s.put("serialization", "protobuf");
        s.put("stubs", "protoc-gen-grpc-java, generated from user_service.proto in the build");
        s.put("transport", "grpc-netty-shaded, Netty " + nettyVersion() + ", " + (Epoll.isAvailable() ? "epoll" : "nio"));
        s.put("serverExecutor", "grpc default: one shared cached thread pool, unbounded (calls leave the event loop)");
        s.put("eventLoops", "grpc default: shared boss group of 1 thread, shared worker group of Netty's default size");
        s.put("clientCalls", "blocking stub; each answer is handed to the thread that waits for it");
        s.put("callDeadline", "the client's timeout, set on every call by a channel interceptor");
        s.put("flowControl", "not set: grpc default initial window of " + NettyChannelBuilder.DEFAULT_FLOW_CONTROL_WINDOW
                + " bytes, BDP-based auto-tuning on");
        s.put("maxConcurrentCallsPerConnection", "not set: unlimited");
        s.put("connections", "1 shared channel: one HTTP/2 connection (pick_first), each call a stream on it");
        s.put("logLevel", "io.grpc at " + SERVER_LOG_LEVEL + " on the server, " + CLIENT_LOG_LEVEL + " on the client");
        return s;
    }

    /**
     * The Netty inside grpc-netty-shaded. Its Version.identify() looks for Netty's usual properties file,
     * which the shading renamed, so the renamed file is read here.
     */
    private static String nettyVersion() {
        Properties versions = new Properties();
        try (InputStream in = Epoll.class.getClassLoader().getResourceAsStream(SHADED_NETTY_VERSIONS)) {
            if (in != null) {
                versions.load(in);
            }
        } catch (IOException e) {
            // reported as unknown
        }
        return versions.getProperty("netty-common.version", "unknown");
    }
}
