package org.rpcbench.dubbo;

import org.rpcbench.server.ServerBinding;

/** The server half of a Dubbo pair. */
public abstract class DubboServerBinding extends DubboBinding implements ServerBinding {

    protected DubboServerBinding(DubboPair pair) {
        super(pair);
    }
}
