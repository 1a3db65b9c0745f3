package org.rpcbench.dubbo;

import org.rpcbench.contract.UserService;
import org.rpcbench.server.FixtureUserService;
import org.rpcbench.server.RunningServer;

/** Serves the contract's Java interface with Dubbo: a pair module only names its {@link DubboPair}. */
public abstract class DubboContractServer extends DubboServerBinding {

    protected DubboContractServer(DubboPair pair) {
        super(pair);
    }

    @Override
    public RunningServer start(String host, int port) {
        return DubboServer.start(pair, UserService.class, new FixtureUserService(), host, port);
    }
}
