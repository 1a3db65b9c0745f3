package org.rpcbench.dubbo;

import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * One started Dubbo bootstrap in a framework model of its own, so that a provider and a consumer can
 * share a JVM (as in the tests) without sharing configuration. Closing stops both; twice is harmless.
 */
final class DubboRuntime implements AutoCloseable {
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
        try {
            bootstrap.stop();
        } finally {
            framework.destroy();
        }
    }
}
