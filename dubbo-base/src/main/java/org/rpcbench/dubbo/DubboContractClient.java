package org.rpcbench.dubbo;

import java.io.IOException;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.ContractConnection;
import org.rpcbench.binding.Target;
import org.rpcbench.contract.UserService;

/** The client half of {@link DubboContractServer}: a Dubbo proxy of the contract's Java interface. */
public abstract class DubboContractClient extends DubboClientBinding {

    protected DubboContractClient(DubboPair pair) {
        super(pair);
    }

    @Override
    public Connection connect(Target target) throws IOException {
        DubboReference<UserService> reference = DubboReference.refer(pair, UserService.class, target);
        return new ContractConnection(reference.proxy(), reference);
    }
}
