package org.rpcbench.dubbo;

import org.rpcbench.binding.ClientBinding;

/** The client half of a Dubbo pair. */
public abstract class DubboClientBinding extends DubboBinding implements ClientBinding {

    protected DubboClientBinding(DubboPair pair) {
        super(pair);
    }
}
