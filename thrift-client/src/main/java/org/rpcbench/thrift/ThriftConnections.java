package org.rpcbench.thrift;

import static org.rpcbench.thrift.ThriftForm.THRIFT;

import java.util.ArrayList;
import java.util.List;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;
import org.apache.thrift.transport.layered.TFramedTransport;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.TwinForm;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.thrift.ThriftForm.ThriftCall;
import org.rpcbench.thrift.idl.UserService;

/**
 * The harness's one "connection" for the thrift pair: a set of Thrift connections, one per thread that
 * prepares requests. A thread's connection is opened the first time it prepares (before measurement),
 * and each prepared exchange keeps the connection of the thread that prepared it, so the measured call
 * is the generated client's call and nothing else. Requests and expected answers are built in Thrift's
 * form while preparing ({@link ThriftForm}); an answer is compared with the generated equals (users field
 * by field, their times being the server's), and only a wrong one is converted back to the contract's
 * types so the shared checks can say what is wrong.
 */
final class ThriftConnections implements Connection {
    private final Target target;
    private final ClientClock clock = ClientClock.opened();
    private final ThreadLocal<Line> ownLine = new ThreadLocal<>();
    private final List<Line> lines = new ArrayList<>();
    private boolean closed;

    ThriftConnections(Target target) throws TTransportException {
        this.target = target;
        line();
    }

    @Override
    public Exchange prepare(Case c, int seq) {
        Line line;
        try {
            line = line();
        } catch (TTransportException e) {
            throw new IllegalStateException("cannot open a Thrift connection to " + target + ": " + e.getMessage(), e);
        }
        TwinForm.Prepared prepared = THRIFT.prepare(c, seq, clock);
        ThriftCall call = ThriftForm.call(c.operation(), prepared.request());
        return Exchange.of(() -> line.call(call), prepared.check());
    }

    /** The calling thread's connection, opened on its first use. */
    private Line line() throws TTransportException {
        Line line = ownLine.get();
        if (line == null) {
            line = new Line(target);
            synchronized (this) {
                if (closed) {
                    line.close();
                    throw new IllegalStateException("the Thrift connections to " + target + " are closed");
                }
                lines.add(line);
            }
            ownLine.set(line);
        }
        return line;
    }

    @Override
    public synchronized void close() {
        closed = true;
        for (Line line : lines) {
            line.close();
        }
        lines.clear();
    }

    /**
     * One Thrift connection: a socket whose connect and reads are bounded by the call timeout, framed,
     * spoken in the binary protocol. After a failed call the connection may still hold the late answer,
     * which the next call would take for its own, so it is dropped and the next call opens a new one.
     */
    static final class Line {
        private final Target target;
        private TTransport transport;
        private UserService.Client client;

        Line(Target target) throws TTransportException {
            this.target = target;
            open();
        }

        private void open() throws TTransportException {
            TSocket socket = new TSocket(new TConfiguration(), target.host(), target.port(),
                    target.timeoutMillis(), target.timeoutMillis());
            TTransport framed = new TFramedTransport(socket);
            framed.open();
            transport = framed;
            client = new UserService.Client(new TBinaryProtocol(framed));
        }

        Object call(ThriftCall call) throws TException {
            if (client == null) {
                open();
            }
            try {
                return call.on(client);
            } catch (TException | RuntimeException e) {
                close();
                throw e;
            }
        }

        synchronized void close() {
            if (transport != null) {
                transport.close();
            }
            transport = null;
            client = null;
        }
    }
}
