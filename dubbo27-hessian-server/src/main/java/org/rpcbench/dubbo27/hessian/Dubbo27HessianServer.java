package org.rpcbench.dubbo27.hessian;

import java.util.HashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.rpc.ProtocolServer;
import org.apache.dubbo.rpc.protocol.dubbo.DubboProtocol;
import org.rpcbench.contract.UserService;
import org.rpcbench.dubbo27.Dubbo27;
import org.rpcbench.dubbo27.Dubbo27HessianPair;
import org.rpcbench.server.FixtureUserService;
import org.rpcbench.server.RunningServer;
import org.rpcbench.server.ServerBinding;

/**
 * Dubbo 2.7 exporting the contract over the dubbo protocol with hessian2, through the plain API
 * ({@link ServiceConfig#export()}, no bootstrap start, no registry).
 */
public final class Dubbo27HessianServer implements ServerBinding, Dubbo27HessianPair {

    @Override
    public RunningServer start(String host, int port) {
        String bindHost = Dubbo27.host(host); // first: Dubbo27 picks Dubbo's logger before any Dubbo class does
        ProtocolConfig protocol = new ProtocolConfig(PROTOCOL, port);
        protocol.setHost(bindHost);
        protocol.setSerialization(SERIALIZATION);
        protocol.setParameters(new HashMap<>(Dubbo27.parameters()));

        ServiceConfig<UserService> service = new ServiceConfig<>();
        service.setApplication(Dubbo27.application());
        service.setRegistry(Dubbo27.noRegistry());
        service.setProtocol(protocol);
        service.setInterface(UserService.class);
        service.setRef(new FixtureUserService());
        service.setFilter(Dubbo27.filter());
        Dubbo27.withoutDubboShutdownHook();
        try {
            service.export();
        } catch (RuntimeException e) {
            service.unexport();
            throw e;
        }
        return new Exported(service, service.getExportedUrls().get(0).getAddress());
    }

    /** The exported service and the one netty server Dubbo opened for it, at {@code address}. */
    private static final class Exported implements RunningServer {
        private final ServiceConfig<UserService> service;
        private final String address;
        private final AtomicBoolean closed = new AtomicBoolean();

        Exported(ServiceConfig<UserService> service, String address) {
            this.service = service;
            this.address = address;
        }

        /**
         * Unexports the service, then closes the server socket, its connections, its 200 business threads
         * and its netty event loops. Only this address: {@code DubboProtocol.destroy()} would also close
         * every other server and client of the process. Immediate, not Dubbo's graceful close, which waits
         * up to 10 s for clients to go away: the harness stops a server only after its client finished.
         */
        @Override
        public void close() {
            if (!closed.compareAndSet(false, true)) {
                return;
            }
            service.unexport();
            for (ProtocolServer server : DubboProtocol.getDubboProtocol().getServers()) {
                if (address.equals(server.getAddress())) {
                    server.close();
                }
            }
        }
    }
}
