package org.rpcbench.dubbo;

import java.lang.reflect.Method;
import org.apache.dubbo.common.config.ConfigurationUtils;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * One started Dubbo bootstrap in a framework model of its own, so that a provider and a consumer can
 * share a JVM (as in the tests) without sharing configuration. Closing stops both; twice is harmless.
 *
 * <p>A runtime is closed only once its calls are over (the run, the case or the check has ended), so Dubbo's
 * graceful stop would wait for nothing: Netty's 2 s quiet period for every event loop group and up to 10 s
 * for an executor to end, seconds on every server stop and client close of every run. Closing ends that
 * grace at once where the release has the setting (3.2 on; 3.0 and 3.1 wait as before).
 */
final class DubboRuntime implements AutoCloseable {
    /** {@code ConfigurationUtils.setExpectedShutdownTime(long)}, or null on a release without it. */
    private static final Method END_GRACE = endGraceSetter();

    private final FrameworkModel framework;
    private final DubboBootstrap bootstrap;
    private boolean closed;

    private DubboRuntime(FrameworkModel framework, DubboBootstrap bootstrap) {
        this.framework = framework;
        this.bootstrap = bootstrap;
    }

    /** Configures a bootstrap with {@code configure} and starts it. */
    static DubboRuntime start(String application, java.util.function.UnaryOperator<DubboBootstrap> configure) {
        return start(application, false, configure);
    }

    /**
     * As {@link #start(String, java.util.function.UnaryOperator)}, for a provider when {@code provider}:
     * on Dubbo 3.0 a provider runs in the default framework model, because 3.0's port-unification server
     * (which serves Triple) finds its protocols in that model only, and answered "Service not found" for a
     * service exported in a model of its own (seen with 3.0.15; 3.1 looks in the service's own model).
     */
    static DubboRuntime start(String application, boolean provider, java.util.function.UnaryOperator<DubboBootstrap> configure) {
        DubboFramework.useJdkLogging();
        FrameworkModel framework = provider && !DubboRelease.current().ownFrameworkModelServed()
                ? FrameworkModel.defaultModel() : new FrameworkModel();
        try {
            DubboBootstrap bootstrap = configure.apply(DubboBootstrap.newInstance(framework)
                    .application(DubboFramework.application(application))
                    .registry(DubboFramework.noRegistry()));
            bootstrap.start();
            return new DubboRuntime(framework, bootstrap);
        } catch (RuntimeException e) {
            framework.destroy();
            throw e;
        }
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        endGraceNow();
        try {
            bootstrap.stop();
        } finally {
            framework.destroy();
        }
    }

    /** Dubbo's shutdown waits are cut to what is left before "now": 1 ms (the setting is the JVM's, and stays). */
    private static void endGraceNow() {
        if (END_GRACE == null) {
            return;
        }
        try {
            END_GRACE.invoke(null, System.currentTimeMillis());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot end Dubbo's shutdown grace: " + e, e);
        }
    }

    private static Method endGraceSetter() {
        try {
            return ConfigurationUtils.class.getMethod("setExpectedShutdownTime", long.class);
        } catch (NoSuchMethodException olderRelease) {
            return null;
        }
    }
}
