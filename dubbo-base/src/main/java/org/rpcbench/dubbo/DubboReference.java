package org.rpcbench.dubbo;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.rpcbench.binding.Target;

/**
 * A Dubbo consumer of one interface, connected straight to host:port (no registry), in its own
 * framework model. With no registry the provider cannot advertise its serialization, so the consumer
 * names it in its own URL, as the seeds describe for consumer-only processes.
 *
 * @param <T> the referred interface
 */
public final class DubboReference<T> implements AutoCloseable {
    private final FrameworkModel framework;
    private final DubboBootstrap bootstrap;
    private final T proxy;
    private boolean closed;

    private DubboReference(FrameworkModel framework, DubboBootstrap bootstrap, T proxy) {
        this.framework = framework;
        this.bootstrap = bootstrap;
        this.proxy = proxy;
    }

    public static <T> DubboReference<T> refer(String protocol, String serialization, Class<T> contract, Target target) {
        DubboFramework.quietLogging();
        FrameworkModel framework = new FrameworkModel();
        try {
            ReferenceConfig<T> reference = new ReferenceConfig<>();
            reference.setInterface(contract);
            reference.setUrl(protocol + "://" + DubboHosts.literal(target.host()) + ":" + target.port());
            reference.setTimeout(target.timeoutMillis());
            reference.setRetries(0);
            reference.setCheck(true);
            reference.setFilter(DubboFramework.FILTERS);
            Map<String, String> p = new LinkedHashMap<>();
            if (serialization != null) {
                p.put("serialization", serialization);
                p.put("prefer.serialization", serialization);
            }
            p.put("connect.timeout", String.valueOf(target.timeoutMillis()));
            p.put("threadpool", DubboFramework.THREADPOOL);
            p.put("dispatcher", DubboFramework.DISPATCHER);
            reference.setParameters(p);
            DubboBootstrap bootstrap = DubboBootstrap.newInstance(framework)
                    .application(DubboFramework.application("rpc-bench-client"))
                    .registry(DubboFramework.noRegistry())
                    .reference(reference)
                    .start();
            return new DubboReference<>(framework, bootstrap, reference.get());
        } catch (RuntimeException e) {
            framework.destroy();
            throw e;
        }
    }

    public T proxy() {
        return proxy;
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
