package org.rpcbench.motan;

import com.weibo.api.motan.config.RefererConfig;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.ContractConnection;
import org.rpcbench.binding.Target;
import org.rpcbench.contract.UserService;

/**
 * Refers to the contract's UserService with Motan, directly at the server's address: one channel, the
 * motan protocol, hessian2. Motan's first calls can fail until its channel is up (by default it opens
 * the channel in the background), so connecting waits for a first answer before handing the proxy to the
 * benchmark, and throws the last failure once the target's timeout has passed without one.
 */
public final class MotanClient extends MotanPair implements ClientBinding {
    /** What connect() calls until it is answered: the cheapest call there is. */
    static final String PROBE_EMAIL = "probe@rpc-bench.test";
    private static final long RETRY_PAUSE_MILLIS = 20;

    @Override
    public Connection connect(Target target) throws Exception {
        frameworkLogLevel(Level.OFF);
        target.probe(); // else a missing server is Motan's "no available referers", after its timeout
        RefererConfig<UserService> referer = new RefererConfig<>();
        referer.setInterface(UserService.class);
        referer.setProtocol(protocol());
        referer.setDirectUrl(target.host() + ":" + target.port());
        referer.setRequestTimeout(target.timeoutMillis());
        referer.setConnectTimeout(target.timeoutMillis());
        referer.setCheck("false");
        // Motan's default (true) opens the channel in the background while the first call opens it again:
        // two sockets, and the first is never closed. Opened here, before any call, there is one.
        referer.setAsyncInitConnection(false);
        Referred referred = new Referred(referer);
        try {
            UserService proxy = referer.getRef();
            awaitFirstAnswer(proxy, target);
            return new ContractConnection(proxy, referred);
        } catch (Exception | Error e) {
            referred.close();
            throw e;
        }
    }

    /** Calls until the server answers, or throws the last failure once the target's timeout has passed. */
    private static void awaitFirstAnswer(UserService proxy, Target target) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(target.timeoutMillis());
        while (true) {
            try {
                proxy.existUser(PROBE_EMAIL);
                return;
            } catch (RuntimeException e) {
                if (System.nanoTime() - deadline >= 0) {
                    throw new IllegalStateException("no answer from Motan at " + target + " within "
                            + target.timeoutMillis() + " ms: " + e.getMessage(), e);
                }
            }
            Thread.sleep(RETRY_PAUSE_MILLIS);
        }
    }

    /** A referer, counted among the JVM's open Motan connections; destroyed once, however often closed. */
    private static final class Referred implements AutoCloseable {
        private final RefererConfig<UserService> referer;
        private final AtomicBoolean open = new AtomicBoolean(true);

        Referred(RefererConfig<UserService> referer) {
            this.referer = referer;
            MotanClientThreads.opened();
        }

        @Override
        public void close() {
            if (open.compareAndSet(true, false)) {
                MotanClientThreads.closing(referer::destroy);
            }
        }
    }
}
