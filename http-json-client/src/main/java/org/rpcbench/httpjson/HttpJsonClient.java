package org.rpcbench.httpjson;

import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Target;
import org.rpcbench.dubbo.DubboClientBinding;

/**
 * A plain HTTP/1.1 client of the Dubbo Triple server: no Dubbo on the calling side, only the JDK's
 * {@code java.net.http.HttpClient} and JSON. Dubbo is on this module's class path only for the pair's
 * identity and recorded settings.
 */
public final class HttpJsonClient extends DubboClientBinding {

    public HttpJsonClient() {
        super(HttpJsonPair.PAIR);
    }

    /** Dubbo's HTTP/1 defect ({@link Http1Defect}): a lost answer, the call timed out. */
    @Override
    public boolean knownDefect(Exception failure) {
        return failure instanceof java.net.http.HttpTimeoutException;
    }

    @Override
    public Connection connect(Target target) throws Exception {
        HttpJsonConnection connection = new HttpJsonConnection(target);
        try {
            connection.probe();
        } catch (Exception e) {
            connection.close();
            throw e;
        }
        return connection;
    }
}
