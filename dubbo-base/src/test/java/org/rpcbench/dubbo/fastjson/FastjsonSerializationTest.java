package org.rpcbench.dubbo.fastjson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.dubbo.common.serialize.ObjectInput;
import org.apache.dubbo.common.serialize.ObjectOutput;
import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.checks.Checks;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.User;

class FastjsonSerializationTest {
    private final FastjsonSerialization serialization = new FastjsonSerialization();

    private ObjectInput written(IoWriter writer) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ObjectOutput out = serialization.serialize(null, bytes);
        writer.write(out);
        out.flushBuffer();
        return serialization.deserialize(null, new ByteArrayInputStream(bytes.toByteArray()));
    }

    interface IoWriter {
        void write(ObjectOutput out) throws IOException;
    }

    @Test
    void theContractSurvivesExactly() throws Exception {
        User user = Fixtures.submittedUser(7);
        Page page = Fixtures.page(3);
        ObjectInput in = written(out -> {
            out.writeUTF("2.0.2");
            out.writeObject(user);
            out.writeObject(page);
            out.writeLong(Long.MIN_VALUE);
            out.writeBool(true);
            out.writeAttachments(Map.of("k", "v"));
        });
        assertThat(in.readUTF()).isEqualTo("2.0.2");
        assertThat(Checks.user(user, in.readObject(User.class))).isNull();
        assertThat(Checks.page(page, in.readObject(Page.class))).isNull();
        assertThat(in.readLong()).isEqualTo(Long.MIN_VALUE);
        assertThat(in.readBool()).isTrue();
        assertThat(in.readAttachments()).containsEntry("k", "v");
    }

    @Test
    void aClassNamedInTheInputIsRefused() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        byte[] json = "{\"@type\":\"java.net.InetAddress\",\"val\":\"example.org\"}".getBytes(StandardCharsets.UTF_8);
        DataOutputStream out = new DataOutputStream(bytes);
        out.writeInt(json.length);
        out.write(json);
        ObjectInput in = serialization.deserialize(null, new ByteArrayInputStream(bytes.toByteArray()));
        assertThatThrownBy(in::readObject).hasMessageContaining("safeMode");
    }

    @Test
    void aRemoteExceptionArrivesAsTypeAndMessageOnly() throws Exception {
        ObjectInput in = written(out -> out.writeThrowable(new IllegalStateException("boom")));
        Throwable t = in.readThrowable();
        assertThat(t).isExactlyInstanceOf(RuntimeException.class).hasMessage("java.lang.IllegalStateException: boom");
    }
}
