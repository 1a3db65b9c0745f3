package org.rpcbench.dubbo27;

import java.util.List;
import java.util.Map;
import org.rpcbench.binding.Binding;
import org.rpcbench.binding.Switch;

/**
 * The dubbo27-hessian pair as both of its halves state it: the dubbo protocol with hessian2 (hessian-lite,
 * bundled in the Dubbo 2.7 jar), on Dubbo 2.7, the seeds' "Dubbo+Hessian2 (2.7)" column.
 */
public interface Dubbo27HessianPair extends Binding {
    String PROTOCOL = "dubbo";
    String SERIALIZATION = "hessian2";


    @Override
    default List<Switch> switches() {
        return Dubbo27.SWITCHES;
    }

    @Override
    default Map<String, String> settings() {
        return Dubbo27.settings(PROTOCOL, SERIALIZATION);
    }
}
