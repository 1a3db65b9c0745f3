package org.rpcbench.thrift;

import java.util.logging.Level;
import org.apache.thrift.transport.TTransportException;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Operation;

/**
 * Calls a Thrift server through the client generated from user_service.thrift. A Thrift connection
 * carries one call at a time, so each benchmark thread gets its own (see {@link ThriftPair}); the
 * connection of the thread that connects is opened at once, so a server that is not up fails here.
 */
public final class ThriftClient extends ThriftPair implements ClientBinding {

    @Override
    public Connection connect(Target target) throws TTransportException {
        thriftLogLevel(Level.OFF);
        return new ThriftConnections(target);
    }

    @Override
    public boolean connectionPerThread() {
        return true;
    }

    /** The twin's operations only: seed 003's scene calls are the Java interface's. */
    @Override
    public boolean carries(Operation op) {
        return op.twinned();
    }
}
