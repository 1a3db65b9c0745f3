package org.rpcbench.motan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.caucho.hessian.io.Hessian2Input;
import com.caucho.hessian.io.Hessian2Output;
import com.caucho.hessian.io.SerializerFactory;
import com.weibo.api.motan.config.RefererConfig;
import com.weibo.api.motan.serialize.Hessian2Serialization;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.Serializable;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.rpcbench.binding.Connection;
import org.rpcbench.binding.Exchange;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Case;
import org.rpcbench.server.RunningServer;

/**
 * The motan server reads the contract's classes and nothing else, as hessian-http's does: an object of another
 * class in a call is never built, where Motan's own hessian2 builds it; the contract's calls are answered.
 */
class MotanAllowlistTest {
    static final AtomicInteger GADGETS_BUILT = new AtomicInteger();

    /** createUser as a caller may declare it, taking anything: Motan decodes the argument as the caller's type. */
    public interface Loose {
        boolean createUser(Object user);
    }

    /** A class outside the contract, as an attacker's gadget would be; Hessian calls readResolve on what it builds. */
    public static final class Gadget implements Serializable {
        private static final long serialVersionUID = 1L;
        public String command = "rm -rf /";

        private Object readResolve() {
            GADGETS_BUILT.incrementAndGet();
            return this;
        }
    }

    /** Motan's own factory, as it makes it when nothing else is set. */
    static SerializerFactory motansDefault() throws Exception {
        var make = Hessian2Serialization.class.getDeclaredMethod("initDefaultSerializerFactory");
        make.setAccessible(true);
        return (SerializerFactory) make.invoke(null);
    }

    @Test
    void motansOwnHessianWouldBuildTheGadgetAndTheAllowlistDoesNot() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Hessian2Output out = new Hessian2Output(bytes);
        out.writeObject(new Gadget());
        out.close();
        GADGETS_BUILT.set(0);
        Hessian2Input motans = new Hessian2Input(new ByteArrayInputStream(bytes.toByteArray()));
        motans.setSerializerFactory(motansDefault());
        assertThat(motans.readObject()).isInstanceOf(Gadget.class);
        assertThat(GADGETS_BUILT).hasValue(1);
        Hessian2Input allowlisted = new Hessian2Input(new ByteArrayInputStream(bytes.toByteArray()));
        allowlisted.setSerializerFactory(ContractOnlyHessian.factory());
        assertThat(allowlisted.readObject()).isInstanceOf(java.util.Map.class);
        assertThat(GADGETS_BUILT).hasValue(1);
    }

    @Test
    void theServerRefusesAClassOutsideTheContractAndAnswersTheContractsCalls() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        try (RunningServer server = new MotanServer().start("127.0.0.1", port)) {
            RefererConfig<Loose> referer = new RefererConfig<>();
            referer.setInterface(Loose.class);
            referer.setProtocol(MotanPair.protocol());
            referer.setDirectUrl("127.0.0.1:" + port);
            referer.setRequestTimeout(5_000);
            referer.setConnectTimeout(5_000);
            referer.setCheck("false");
            referer.setAsyncInitConnection(false);
            try {
                Loose loose = referer.getRef();
                GADGETS_BUILT.set(0);
                assertThatThrownBy(() -> loose.createUser(new Gadget())).isInstanceOf(RuntimeException.class);
                assertThat(GADGETS_BUILT).as("gadgets the server built").hasValue(0);

                // the same call to a server reading with Motan's own factory: the gadget is built as it is decoded
                Hessian2Serialization.setSerializerFactory(motansDefault());
                try {
                    assertThatThrownBy(() -> loose.createUser(new Gadget())).isInstanceOf(RuntimeException.class);
                    assertThat(GADGETS_BUILT).as("gadgets Motan's own hessian2 built").hasValue(1);
                } finally {
                    ContractOnlyHessian.install();
                }
            } finally {
                referer.destroy();
            }
            try (Connection client = new MotanClient().connect(new Target("127.0.0.1", port, 5_000))) {
                for (Case c : Case.values()) {
                    Exchange e = client.prepare(c, 3);
                    assertThat(e.check(e.call())).as(c.method()).isNull();
                }
            }
        }
    }
}
