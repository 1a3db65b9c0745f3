package org.rpcbench.hessianhttp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.caucho.hessian.client.HessianProxyFactory;
import com.caucho.hessian.io.Hessian2Input;
import com.caucho.hessian.io.Hessian2Output;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Serializable;
import java.net.ServerSocket;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.server.RunningServer;

/**
 * The servlet reads the contract's classes and nothing else, as the other pairs' servers do: an object of
 * any other class is never built (Hessian reads it as a plain map), so the call fails.
 */
class HessianWhitelistTest {
    static final AtomicInteger GADGETS_BUILT = new AtomicInteger();

    /** The contract's createUser as a caller may declare it, taking anything. */
    public interface Loose {
        boolean createUser(Object user);
    }

    /** A class outside the contract, as an attacker's gadget would be; Hessian calls readResolve on what it builds. */
    public static final class Gadget implements Serializable {
        public String command = "rm -rf /";

        private Object readResolve() {
            GADGETS_BUILT.incrementAndGet();
            return this;
        }
    }

    @Test
    void hessianWithoutTheWhitelistWouldBuildTheGadget() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output out = new Hessian2Output(bytes);
        out.writeObject(new Gadget());
        out.close();
        GADGETS_BUILT.set(0);
        assertThat(new Hessian2Input(new ByteArrayInputStream(bytes.toByteArray())).readObject()).isInstanceOf(Gadget.class);
        assertThat(GADGETS_BUILT).hasValue(1);
    }

    @Test
    void theServerRefusesAClassOutsideTheContractAndReadsTheContracts() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        try (RunningServer server = new HessianHttpServer().start("127.0.0.1", port)) {
            Loose loose = (Loose) new HessianProxyFactory().create(Loose.class, "http://127.0.0.1:" + port + HessianHttpBinding.PATH);
            assertThat(loose.createUser(Fixtures.submittedUser(3))).isTrue();
            GADGETS_BUILT.set(0);
            assertThatThrownBy(() -> loose.createUser(new Gadget())).hasMessageContaining("argument type mismatch");
            assertThat(GADGETS_BUILT).as("gadgets the server built").hasValue(0);
        }
    }
}
