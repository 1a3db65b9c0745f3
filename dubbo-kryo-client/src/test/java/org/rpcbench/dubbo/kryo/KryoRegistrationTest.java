package org.rpcbench.dubbo.kryo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;
import org.apache.dubbo.common.serialize.kryo.utils.KryoUtils;
import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.contract.User;
import org.rpcbench.dubbo.KryoContract;

/**
 * Kryo writes a class's name for any class it was not told about, and by default builds whatever name it
 * reads: a request could name any class on the server's class path. With registration required, the
 * pair's kryo reads only the contract's classes.
 */
class KryoRegistrationTest {

    /** A user of a class outside the registered contract, standing in for any class a request could name. */
    public static class Intruder extends User {
        private static final long serialVersionUID = 1L;
    }

    @Test
    void bytesNamingAnUnregisteredClassAreRefusedWhileTheContractIsRead() {
        KryoContract.register();
        // what a client with its own, open kryo could send
        Kryo open = new Kryo();
        open.setRegistrationRequired(false);
        Output intruder = new Output(1024, -1);
        open.writeClassAndObject(intruder, new Intruder());

        Kryo pairs = KryoUtils.get();
        try {
            assertThatThrownBy(() -> pairs.readClassAndObject(new Input(intruder.toBytes())))
                    .hasStackTraceContaining(Intruder.class.getName())
                    .hasStackTraceContaining("not registered");

            Output user = new Output(1024, -1);
            User sent = Fixtures.user(3);
            pairs.writeClassAndObject(user, sent);
            assertThat(pairs.readClassAndObject(new Input(user.toBytes()))).isEqualTo(sent);
        } finally {
            KryoUtils.release(pairs);
        }
    }
}
