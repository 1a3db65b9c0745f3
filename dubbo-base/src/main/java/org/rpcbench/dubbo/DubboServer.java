package org.rpcbench.dubbo;

import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.rpcbench.server.RunningServer;

/**
 * A Dubbo provider of one interface on host:port, in its own framework model so that several can live
 * in one JVM (as in the round-trip tests) without sharing configuration.
 */
public final class DubboServer implements RunningServer {
    private final FrameworkModel framework;
    private final DubboBootstrap bootstrap;
    private boolean closed;

    private DubboServer(FrameworkModel framework, DubboBootstrap bootstrap) {
        this.framework = framework;
        this.bootstrap = bootstrap;
    }

    public static <T> DubboServer start(String protocol, String serialization, Class<T> contract, T implementation, String host, int port) {
        DubboFramework.quietLogging();
        FrameworkModel framework = new FrameworkModel();
        try {
            ServiceConfig<T> service = new ServiceConfig<>();
            service.setInterface(contract);
            service.setRef(implementation);
            service.setFilter(DubboFramework.FILTERS);
            DubboBootstrap bootstrap = DubboBootstrap.newInstance(framework)
                    .application(DubboFramework.application("rpc-bench-server"))
                    .registry(DubboFramework.noRegistry())
                    .protocol(DubboFramework.protocol(protocol, serialization, host, port))
                    .service(service)
                    .start();
            return new DubboServer(framework, bootstrap);
        } catch (RuntimeException e) {
            framework.destroy();
            throw e;
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            bootstrap.stop();
        } finally {
            framework.destroy();
        }
    }
}
