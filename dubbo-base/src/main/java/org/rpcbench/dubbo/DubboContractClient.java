package org.rpcbench.dubbo;

import java.util.Map;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.ContractConnection;
import org.rpcbench.binding.Target;
import org.rpcbench.contract.UserService;

/** The client half of {@link DubboContractServer}: a Dubbo proxy of the contract's Java interface. */
public abstract class DubboContractClient implements ClientBinding {
    private final String name;
    private final String protocol;
    private final String serialization;
    private final Map<String, String> notes;
    private final Runnable prepare;

    protected DubboContractClient(String name, String protocol, String serialization) {
        this(name, protocol, serialization, Map.of(), () -> {});
    }

    /**
     * @param notes   what the pair does beyond protocol and serialization, recorded with the settings
     * @param prepare runs before each start or connect (it must be idempotent), e.g. to register classes
     */
    protected DubboContractClient(String name, String protocol, String serialization, Map<String, String> notes, Runnable prepare) {
        this.prepare = prepare;
        this.name = name;
        this.protocol = protocol;
        this.serialization = serialization;
        this.notes = Map.copyOf(notes);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int defaultPort() {
        return DubboPorts.of(protocol);
    }

    @Override
    public Map<String, String> settings() {
        Map<String, String> s = DubboFramework.settings(protocol, serialization);
        s.putAll(notes);
        return s;
    }

    @Override
    public Connection connect(Target target) {
        prepare.run();
        DubboReference<UserService> reference = DubboReference.refer(protocol, serialization, UserService.class, target);
        return new ContractConnection(reference.proxy(), reference);
    }
}
