package org.rpcbench.hessianhttp;

import com.caucho.hessian.server.HessianServlet;
import org.eclipse.jetty.ee8.servlet.ServletContextHandler;
import org.eclipse.jetty.ee8.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.rpcbench.contract.UserService;
import org.rpcbench.server.FixtureUserService;
import org.rpcbench.server.RunningServer;
import org.rpcbench.server.ServerBinding;

/**
 * The fixtures behind Hessian's servlet, in an embedded Jetty listening on the given host and port only.
 * The servlet reads only the contract's classes and what they are made of (Hessian's whitelist), as the
 * other pairs' servers do.
 */
public final class HessianHttpServer extends HessianHttpBinding implements ServerBinding {

    @Override
    public RunningServer start(String host, int port) throws Exception {
        HessianServlet servlet = new HessianServlet();
        servlet.setHomeAPI(UserService.class);
        servlet.setHome(new FixtureUserService());
        servlet.setWhitelist(true);
        servlet.allow("org.rpcbench.contract.*");
        servlet.allow("java.time.LocalDate");
        servlet.allow("java.time.LocalDateTime");
        Server jetty = new Server();
        ServerConnector connector = new ServerConnector(jetty);
        connector.setHost(host);
        connector.setPort(port);
        jetty.addConnector(connector);
        ServletContextHandler context = new ServletContextHandler();
        context.addServlet(new ServletHolder(servlet), PATH);
        jetty.setHandler(context);
        // stopping waits for calls in progress no longer than this
        jetty.setStopTimeout(2_000);
        try {
            jetty.start();
        } catch (Exception e) {
            jetty.stop();
            throw e;
        }
        return () -> {
            try {
                jetty.stop();
            } catch (java.util.concurrent.TimeoutException callsCut) {
                // what was still in progress after the stop timeout is cut: Jetty stops its connectors and
                // handlers after the graceful wait all the same, and only then says that the wait ran out
            } catch (Exception e) {
                throw new IllegalStateException("Jetty did not stop: " + e.getMessage(), e);
            }
        };
    }
}
