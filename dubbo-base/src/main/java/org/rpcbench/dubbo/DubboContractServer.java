package org.rpcbench.dubbo;

import java.util.Map;
import org.rpcbench.contract.UserService;
import org.rpcbench.server.FixtureUserService;
import org.rpcbench.server.RunningServer;
import org.rpcbench.server.ServerBinding;

/**
 * A server binding that serves the contract's Java interface with Dubbo: a pair module names its
 * protocol and serialization and nothing else.
 */
public abstract class DubboContractServer implements ServerBinding {
    private final String name;
    private final String protocol;
    private final String serialization;
    private final Map<String, String> notes;
    private final Runnable prepare;

    protected DubboContractServer(String name, String protocol, String serialization) {
        this(name, protocol, serialization, Map.of(), () -> {});
    }

    /**
     * @param notes   what the pair does beyond protocol and serialization, recorded with the settings
     * @param prepare runs before each start or connect (it must be idempotent), e.g. to register classes
     */
    protected DubboContractServer(String name, String protocol, String serialization, Map<String, String> notes, Runnable prepare) {
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
    public RunningServer start(String host, int port) {
        prepare.run();
        return DubboServer.start(protocol, serialization, UserService.class, new FixtureUserService(), host, port);
    }
}
