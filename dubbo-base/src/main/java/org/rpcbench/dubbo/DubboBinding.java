package org.rpcbench.dubbo;

import java.util.List;
import java.util.Map;
import org.rpcbench.binding.Binding;
import org.rpcbench.binding.Switch;

/** Either half of a Dubbo pair: its protocol and serialization come from the {@link DubboPair}. */
abstract class DubboBinding implements Binding {
    protected final DubboPair pair;

    DubboBinding(DubboPair pair) {
        this.pair = pair;
    }


    @Override
    public List<Switch> switches() {
        return DubboFramework.switches(pair.protocol());
    }

    @Override
    public Map<String, String> settings() {
        return pair.settings();
    }
}
