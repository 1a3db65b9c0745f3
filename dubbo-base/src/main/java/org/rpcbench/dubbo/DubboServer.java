package org.rpcbench.dubbo;

import org.apache.dubbo.config.ServiceConfig;
import org.rpcbench.server.RunningServer;

/** A Dubbo provider of one interface on host:port, with the shared framework settings. */
public final class DubboServer {

    private DubboServer() {}

    public static <T> RunningServer start(DubboPair pair, Class<T> contract, T implementation, String host, int port) {
        DubboFramework.useJdkLogging(); // before the first Dubbo config class makes its logger
        pair.prepare().run();
        DubboFramework.bindExportsTo(DubboRelease.current(), host);
        ServiceConfig<T> service = new ServiceConfig<>();
        service.setInterface(contract);
        service.setRef(implementation);
        service.setFilter(DubboFramework.filter());
        DubboRuntime runtime = DubboRuntime.start("rpc-bench-server", true, bootstrap -> bootstrap
                .protocol(DubboFramework.protocol(pair.protocol(), pair.configuredSerialization(), host, port))
                .service(service));
        return runtime::close;
    }
}
