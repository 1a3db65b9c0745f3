package org.rpcbench.motan;

import com.weibo.api.motan.common.MotanConstants;
import com.weibo.api.motan.config.ProtocolConfig;
import com.weibo.api.motan.config.RegistryConfig;
import com.weibo.api.motan.config.ServiceConfig;
import com.weibo.api.motan.util.NetUtils;
import java.util.Map;
import java.util.logging.Level;
import org.rpcbench.contract.UserService;
import org.rpcbench.server.FixtureUserService;
import org.rpcbench.server.RunningServer;
import org.rpcbench.server.ServerBinding;

/**
 * Exports the contract's UserService with Motan: the motan protocol, hessian2 reading only the contract's
 * classes ({@link ContractOnlyHessian}), Motan's worker pool, a local registry (nothing is registered anywhere
 * else), listening on the given host only.
 */
public final class MotanServer extends MotanPair implements ServerBinding {

    @Override
    public RunningServer start(String host, int port) {
        frameworkLogLevel(Level.WARNING);
        ContractOnlyHessian.install();
        ProtocolConfig protocol = protocol();
        protocol.setEndpointFactory(HostBoundEndpointFactory.NAME);
        protocol.setParameters(Map.of(HostBoundServer.BIND_HOST, host));

        RegistryConfig registry = new RegistryConfig();
        registry.setRegProtocol(MotanConstants.REGISTRY_PROTOCOL_LOCAL);
        registry.setCheck("false");

        ServiceConfig<UserService> service = new ServiceConfig<>();
        service.setInterface(UserService.class);
        service.setRef(new FixtureUserService());
        service.setProtocol(protocol);
        service.setRegistry(registry);
        service.setExport(protocol.getId() + ":" + port);
        // The service URL names this node to registries. Motan accepts only a non-loopback IPv4 address
        // there and otherwise looks up one of the machine's own; where the server listens is BIND_HOST.
        if (NetUtils.isValidLocalHost(host)) {
            service.setHost(host);
        }
        service.export();
        return new Exported(service);
    }

    /** Unexporting closes Motan's server, which releases its threads; twice is harmless. */
    private static final class Exported implements RunningServer {
        private final ServiceConfig<UserService> service;

        Exported(ServiceConfig<UserService> service) {
            this.service = service;
        }

        @Override
        public synchronized void close() {
            service.unexport();
        }
    }
}
