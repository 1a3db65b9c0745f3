package org.rpcbench.dubbo;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.dubbo.config.ReferenceConfig;
import org.rpcbench.binding.Target;

/**
 * A Dubbo consumer of one interface, connected straight to host:port (no registry), with the shared
 * framework settings. With no registry the provider cannot advertise its serialization, so the consumer
 * names it in its own URL, as the seeds describe for consumer-only processes.
 *
 * @param <T> the referred interface
 */
public final class DubboReference<T> implements AutoCloseable {
    private final DubboRuntime runtime;
    private final T proxy;

    private DubboReference(DubboRuntime runtime, T proxy) {
        this.runtime = runtime;
        this.proxy = proxy;
    }

    public static <T> DubboReference<T> refer(DubboPair pair, Class<T> contract, Target target) throws IOException {
        target.probe(); // Triple would wait out its whole connect timeout before reporting a refusal
        DubboFramework.useJdkLogging(); // before the first Dubbo config class makes its logger
        pair.prepare().run();
        ReferenceConfig<T> reference = new ReferenceConfig<>();
        reference.setInterface(contract);
        reference.setUrl(pair.protocol() + "://" + DubboHosts.literal(target.host()) + ":" + target.port());
        reference.setTimeout(target.timeoutMillis());
        reference.setRetries(0);
        reference.setCheck(true);
        reference.setFilter(DubboFramework.filter());
        if (pair.idl() && !DubboRelease.current().consumerFindsStubs()) {
            // Dubbo 3.0 and 3.1 use a generated stub on the consumer side only when asked; without it the
            // consumer calls Java method names ("existUser") the server does not know (seen with 3.1.11)
            reference.setProxy("nativestub");
        }
        Map<String, String> p = new LinkedHashMap<>();
        String serialization = pair.configuredSerialization();
        if (serialization != null) {
            p.put("serialization", serialization);
            p.put("prefer.serialization", serialization);
        }
        p.put("connect.timeout", String.valueOf(target.timeoutMillis()));
        p.put("threadpool", DubboFramework.THREADPOOL);
        p.put("dispatcher", DubboFramework.DISPATCHER);
        p.putAll(DubboFramework.parameters(pair.protocol()));
        reference.setParameters(p);
        DubboRuntime runtime = DubboRuntime.start("rpc-bench-client", bootstrap -> bootstrap.reference(reference));
        try {
            return new DubboReference<>(runtime, reference.get());
        } catch (RuntimeException e) {
            runtime.close();
            throw e;
        }
    }

    public T proxy() {
        return proxy;
    }

    @Override
    public void close() {
        runtime.close();
    }
}
