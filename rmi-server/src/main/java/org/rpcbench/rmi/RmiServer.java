package org.rpcbench.rmi;

import java.io.IOException;
import java.io.ObjectInputFilter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.AlreadyBoundException;
import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.rpcbench.contract.UserService;
import org.rpcbench.server.FixtureUserService;
import org.rpcbench.server.RunningServer;
import org.rpcbench.server.ServerBinding;

/**
 * The fixtures exported as an RMI remote object, with an RMI registry to find it by, both on the given
 * host and port only.
 *
 * <p>Why a registry: it is how an RMI client gets a stub, and keeping it means the client needs nothing
 * but host and port, as every other pair. It is created with the same server socket factory and port
 * as the service, so RMI serves both from one listening socket, bound to the given address. The JDK's registry accepts binds
 * from its own JVM only and filters what it deserializes with its built-in allowlist.
 */
public final class RmiServer extends RmiBinding implements ServerBinding {

    @Override
    public RunningServer start(String host, int port) throws IOException, AlreadyBoundException {
        Listeners sockets = new Listeners(InetAddress.getByName(host));
        // the address stubs made from now on carry; RMI reads it again for every new export
        System.setProperty("java.rmi.server.hostname", host);
        RemoteUserService service = fixtures();
        Remote stub = UnicastRemoteObject.exportObject(service, port, null, sockets,
                ObjectInputFilter.Config.createFilter(SERIAL_FILTER));
        Exported exported = new Exported(sockets, service);
        try {
            Registry registry = LocateRegistry.createRegistry(port, null, sockets);
            exported.add(registry);
            registry.bind(REGISTRY_NAME, stub);
        } catch (IOException | AlreadyBoundException | RuntimeException e) {
            exported.close();
            throw e;
        }
        return exported;
    }

    /**
     * What one start exported. Closing unexports it all, which makes RMI close the shared listening
     * socket and lets RMI's one non-daemon thread (its reaper, alive while anything is exported) end;
     * close returns once the listening socket is really released.
     */
    private static final class Exported implements RunningServer {
        private final Listeners sockets;
        private final List<Remote> objects = new CopyOnWriteArrayList<>();
        private final AtomicBoolean closed = new AtomicBoolean();

        Exported(Listeners sockets, Remote service) {
            this.sockets = sockets;
            objects.add(service);
        }

        void add(Remote object) {
            objects.add(0, object);
        }

        @Override
        public void close() {
            if (!closed.compareAndSet(false, true)) {
                return;
            }
            for (Remote object : objects) {
                try {
                    // force: calls in progress are abandoned, so stopping never waits for a client
                    UnicastRemoteObject.unexportObject(object, true);
                } catch (NoSuchObjectException e) {
                    // not exported (any more)
                }
            }
            sockets.awaitReleased(TimeUnit.SECONDS.toMillis(5));
        }
    }

    /**
     * Makes the listening sockets of one start, on one address. Equal only to itself: RMI shares a
     * listening socket between objects exported on the same port with equal factories, which the
     * registry and the service of one start are, and nothing else is.
     *
     * <p>RMI closes a listening socket while its accept thread is blocked in accept(); the JDK then
     * releases the port only when that thread has woken up. The sockets made here let close wait for
     * that, so the port is free when close returns (a server restarted at once on the same port
     * otherwise failed about one time in four here).
     */
    private static final class Listeners implements RMIServerSocketFactory {
        private final InetAddress address;
        private final List<Listener> made = new CopyOnWriteArrayList<>();

        Listeners(InetAddress address) {
            this.address = address;
        }

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            Listener listener = new Listener(port, address);
            made.add(listener);
            return listener;
        }

        void awaitReleased(long millis) {
            long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
            for (Listener listener : made) {
                listener.awaitNoAccept(deadline);
            }
        }
    }

    /** A listening socket that knows whether a thread is inside accept(). */
    private static final class Listener extends ServerSocket {
        private final Object lock = new Object();
        private int accepting;

        Listener(int port, InetAddress address) throws IOException {
            super(port, 0, address);
        }

        @Override
        public Socket accept() throws IOException {
            synchronized (lock) {
                accepting++;
            }
            try {
                return super.accept();
            } finally {
                synchronized (lock) {
                    if (--accepting == 0) {
                        lock.notifyAll();
                    }
                }
            }
        }

        void awaitNoAccept(long deadlineNanos) {
            synchronized (lock) {
                long left;
                while (accepting > 0 && (left = deadlineNanos - System.nanoTime()) > 0) {
                    try {
                        TimeUnit.NANOSECONDS.timedWait(lock, left);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
            }
        }
    }

    /**
     * The remote object: a proxy of {@link RemoteUserService} that answers each call with the same-named
     * method of the shared fixtures. Building it checks that the remote interface mirrors the contract's
     * exactly (names, parameter and answer types), so the two cannot drift apart. The extra reflective
     * hop sits beside RMI's own: RMI dispatches every call to its remote object reflectively too.
     */
    static RemoteUserService fixtures() {
        FixtureUserService fixtures = new FixtureUserService();
        Method[] contract = UserService.class.getMethods();
        Map<Method, Method> twins = new HashMap<>();
        for (Method remote : RemoteUserService.class.getMethods()) {
            try {
                Method twin = UserService.class.getMethod(remote.getName(), remote.getParameterTypes());
                if (twin.getReturnType() != remote.getReturnType()) {
                    throw new IllegalStateException(remote + " answers differently from " + twin);
                }
                twins.put(remote, twin);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(remote + " has no twin in " + UserService.class.getName(), e);
            }
        }
        if (twins.size() != contract.length) {
            throw new IllegalStateException(RemoteUserService.class.getName() + " lacks methods of " + UserService.class.getName());
        }
        InvocationHandler answer = (proxy, method, args) -> {
            Method twin = twins.get(method);
            if (twin == null) {
                return identity(proxy, method, args);
            }
            try {
                return twin.invoke(fixtures, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
        };
        return (RemoteUserService) Proxy.newProxyInstance(RemoteUserService.class.getClassLoader(),
                new Class<?>[] {RemoteUserService.class}, answer);
    }

    /** equals, hashCode and toString of the proxy: by identity. */
    private static Object identity(Object proxy, Method method, Object[] args) {
        switch (method.getName()) {
            case "equals":
                return proxy == args[0];
            case "hashCode":
                return System.identityHashCode(proxy);
            default:
                return "rpc-bench fixtures over RMI";
        }
    }
}
