package org.rpcbench.thrift;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.server.TThreadedSelectorServer;
import org.apache.thrift.transport.TNonblockingServerSocket;
import org.apache.thrift.transport.TTransportException;
import org.apache.thrift.transport.layered.TFramedTransport;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.server.FixtureUserService;
import org.rpcbench.server.RunningServer;
import org.rpcbench.server.ServerBinding;
import org.rpcbench.thrift.idl.BenchmarkMessage;
import org.rpcbench.thrift.idl.Page;
import org.rpcbench.thrift.idl.Person;
import org.rpcbench.thrift.idl.User;
import org.rpcbench.thrift.idl.UserService;

/**
 * Serves user_service.thrift with a TThreadedSelectorServer: an accept thread, selector threads that
 * read and write frames, and a worker pool that runs the service. Framed transport and the binary
 * protocol, as the client speaks them.
 */
public final class ThriftServer extends ThriftPair implements ServerBinding {
    private static final long START_MILLIS = 10_000;

    @Override
    public RunningServer start(String host, int port) throws TTransportException, java.net.UnknownHostException {
        thriftLogLevel(Level.WARNING);
        // binds here, on the given address only; a busy port is a TTransportException caused by a BindException
        TNonblockingServerSocket socket = new TNonblockingServerSocket(new InetSocketAddress(InetAddress.getByName(host), port));
        ExecutorService workers = Executors.newFixedThreadPool(WORKER_THREADS, threads("thrift-worker-"));
        TThreadedSelectorServer server;
        try {
            server = new TThreadedSelectorServer(new TThreadedSelectorServer.Args(socket)
                    .selectorThreads(SELECTOR_THREADS)
                    .executorService(workers)
                    .stopTimeoutVal(5)
                    .stopTimeoutUnit(TimeUnit.SECONDS)
                    .processor(new UserService.Processor<>(service(new FixtureUserService())))
                    .transportFactory(new TFramedTransport.Factory())
                    .protocolFactory(new TBinaryProtocol.Factory()));
        } catch (RuntimeException e) {
            socket.close();
            workers.shutdownNow();
            throw e;
        }
        Thread serving = threads("thrift-serve-").newThread(server::serve);
        serving.start();
        Serving running = new Serving(server, serving, workers);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MILLIS);
        while (!server.isServing()) {
            if (!serving.isAlive() || System.nanoTime() > deadline) {
                running.close();
                throw new IllegalStateException("the Thrift server on " + host + ":" + port + " did not start serving");
            }
            sleep(5);
        }
        return running;
    }

    private static ThreadFactory threads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return r -> new Thread(r, prefix + count.incrementAndGet());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting", e);
        }
    }

    /** The running server: stop() ends the accept and selector threads, then the worker pool goes. */
    private static final class Serving implements RunningServer {
        private final TThreadedSelectorServer server;
        private final Thread serving;
        private final ExecutorService workers;
        private boolean closed;

        Serving(TThreadedSelectorServer server, Thread serving, ExecutorService workers) {
            this.server = server;
            this.serving = serving;
            this.workers = workers;
        }

        @Override
        public synchronized void close() {
            if (closed) {
                return;
            }
            closed = true;
            server.stop();
            workers.shutdownNow();
            try {
                serving.join(10_000);
                workers.awaitTermination(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (serving.isAlive()) {
                throw new IllegalStateException("the Thrift server did not stop within 10 s");
            }
        }
    }

    /**
     * The generated service interface over the shared fixtures. Answers are converted to Thrift structs
     * per call, as a service keeping the contract's model behind a Thrift API would. The echoes and say
     * answer with what they received, as every other pair's server does with what it decoded.
     */
    static UserService.Iface service(FixtureUserService fixtures) {
        return new UserService.Iface() {
            @Override
            public User getUser(long id) {
                return ThriftTwin.toThrift(fixtures.getUser(id));
            }

            @Override
            public Page listUser(int pageNo) {
                return ThriftTwin.toThrift(fixtures.listUser(pageNo));
            }

            @Override
            public boolean existUser(String email) {
                return fixtures.existUser(email);
            }

            @Override
            public boolean createUser(User received) {
                // a struct that lost its fields on the way is refused, as the fixture refuses a changed user, and
                // so is one whose times are no LocalDate or LocalDateTime
                if (received == null) {
                    return false;
                }
                org.rpcbench.contract.User user;
                try {
                    user = ThriftTwin.fromThrift(received);
                } catch (IllegalArgumentException e) {
                    return false;
                }
                return fixtures.createUser(user);
            }

            @Override
            public void ping() {
                fixtures.ping();
            }

            @Override
            public String echo(String text) {
                return fixtures.echo(text);
            }

            @Override
            public Person echoPerson(Person person) {
                return person;
            }

            /** The seeds' server: two fields set in the struct received, which goes back. */
            @Override
            public BenchmarkMessage say(BenchmarkMessage message) {
                message.setField1(Fixtures.SAID_FIELD1);
                message.setField2(Fixtures.SAID_FIELD2);
                return message;
            }
        };
    }
}
