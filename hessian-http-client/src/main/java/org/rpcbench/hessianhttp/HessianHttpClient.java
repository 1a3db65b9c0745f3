package org.rpcbench.hessianhttp;

import com.caucho.hessian.client.HessianProxyFactory;
import org.rpcbench.binding.ClientBinding;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.ContractConnection;
import org.rpcbench.binding.Target;
import org.rpcbench.contract.UserService;

/**
 * Hessian's proxy for the contract, over the JDK's HTTP stack. There is no connection object to share: every
 * call is a POST, on an idle keep-alive connection to the server when there is one, else on a new one.
 */
public final class HessianHttpClient extends HessianHttpBinding implements ClientBinding {

    @Override
    public Connection connect(Target target) throws Exception {
        // read by the JDK's keep-alive cache when it is first used, so before any call of this JVM
        System.setProperty("http.maxConnections", String.valueOf(KEEP_ALIVE_CONNECTIONS));
        // a plain TCP connection first: "no server" is then one clear refusal, at once
        target.probe();
        HessianProxyFactory factory = new HessianProxyFactory(HessianHttpClient.class.getClassLoader());
        factory.setHessian2Request(true);
        factory.setHessian2Reply(true);
        factory.setConnectTimeout(target.timeoutMillis());
        factory.setReadTimeout(target.timeoutMillis());
        UserService proxy = (UserService) factory.create(UserService.class, "http://" + hostForUrl(target.host()) + ":"
                + target.port() + PATH, HessianHttpClient.class.getClassLoader());
        return new ContractConnection(proxy, () -> { });
    }

    private static String hostForUrl(String host) {
        return host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
    }

    /** No: the JDK's HttpURLConnection keeps one pool of idle sockets per host for the whole JVM. */
    @Override
    public boolean socketPerConnect() {
        return false;
    }
}
