package org.rpcbench.dubbo.hessian;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;
import org.rpcbench.binding.Target;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.checks.Checks;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.contract.User;
import org.rpcbench.contract.UserService;
import org.rpcbench.dubbo.DubboPair;
import org.rpcbench.dubbo.DubboReference;
import org.rpcbench.server.ServerMain;

/**
 * A deserialization endpoint must not build whatever class a request names: that is how gadget chains
 * get in. The server here has the class on its class path (it runs in this JVM), so only the allowlist
 * can stop it; with the check at WARN (or DISABLE) the same call is answered.
 */
class SerializationAllowlistTest {

    /** A user of a class outside the contract's package, standing in for any class a request could name. */
    public static class Intruder extends User {
        private static final long serialVersionUID = 1L;
    }

    @Test
    void aClassOutsideTheAllowlistIsRefusedWhileTheContractIsAnswered() throws Exception {
        ServerMain.Started started = ServerMain.start(new DubboHessianServer(), new String[] {"--port", "0"},
                new PrintStream(new ByteArrayOutputStream(), true), System.err);
        assertThat(started.exitCode()).isZero();
        int port = Integer.parseInt(started.address().substring(started.address().lastIndexOf(':') + 1));
        try (DubboReference<UserService> reference = DubboReference.refer(DubboPair.contract("dubbo", "hessian2"),
                UserService.class, new Target("127.0.0.1", port, 10_000))) {
            UserService service = reference.proxy();
            assertThat(service.createUser(Fixtures.createUserRequest(0))).isTrue();
            // the JDK's HashMap holding the contract's persons is allowed (seed 003's stability scene sends one)
            assertThat(Checks.persons(Fixtures.persons(1), service.echoPersons(Fixtures.persons(1)))).isNull();

            User template = Fixtures.createUserRequest(0);
            Intruder intruder = new Intruder();
            intruder.setId(template.getId());
            intruder.setName(template.getName());
            assertThatThrownBy(() -> service.createUser(intruder))
                    .hasStackTraceContaining(Intruder.class.getName())
                    .hasStackTraceContaining("allow");

            // refused, not fatal: the next proper call is answered
            assertThat(Checks.user(Fixtures.user(7), service.getUser(7), ClientClock.opened())).isNull();
        } finally {
            started.server().close();
        }
    }
}
