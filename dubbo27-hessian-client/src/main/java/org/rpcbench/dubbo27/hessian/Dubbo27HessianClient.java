package org.rpcbench.dubbo27.hessian;

import java.util.HashMap;
import java.util.Map;
import org.apache.dubbo.config.ReferenceConfig;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.ContractConnection;
import org.rpcbench.binding.Target;
import org.rpcbench.contract.UserService;
import org.rpcbench.dubbo27.Dubbo27;
import org.rpcbench.dubbo27.Dubbo27HessianPair;

/**
 * A Dubbo 2.7 proxy of the contract, referred by direct URL. Dubbo 2.7 shares one connection per server
 * address among all callers (its default), so every benchmark thread uses the same one.
 */
public final class Dubbo27HessianClient implements ClientBinding, Dubbo27HessianPair {

    @Override
    public Connection connect(Target target) {
        String dialHost = Dubbo27.host(target.host()); // first: Dubbo27 picks Dubbo's logger before any Dubbo class does
        ReferenceConfig<UserService> reference = new ReferenceConfig<>();
        reference.setApplication(Dubbo27.application());
        reference.setRegistry(Dubbo27.noRegistry());
        reference.setInterface(UserService.class);
        reference.setUrl(PROTOCOL + "://" + dialHost + ":" + target.port());
        reference.setFilter(Dubbo27.filter());
        reference.setTimeout(target.timeoutMillis());
        reference.setRetries(0);
        reference.setCheck(true); // fail in get() when the server cannot be reached
        // with no registry nothing tells the consumer the provider's serialization: it names its own
        Map<String, String> parameters = new HashMap<>(Dubbo27.parameters());
        parameters.put("serialization", SERIALIZATION);
        parameters.put("connect.timeout", String.valueOf(target.timeoutMillis()));
        reference.setParameters(parameters);
        Dubbo27.withoutDubboShutdownHook();
        try {
            return new ContractConnection(reference.get(), reference::destroy);
        } catch (RuntimeException e) {
            reference.destroy();
            throw e;
        }
    }

    /** No: Dubbo 2.7 has one application model per JVM, whose dubbo protocol shares one client per address among every reference. */
    @Override
    public boolean socketPerConnect() {
        return false;
    }
}
