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
        DubboFramework.useJdkLogging();
        FrameworkModel framework = new FrameworkModel();
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
