package org.rpcbench.thrift;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.jar.JarFile;
import java.nio.file.Path;
import org.apache.thrift.TBase;
import org.apache.thrift.TDeserializer;
import org.apache.thrift.TSerializer;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.checks.Checks;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.User;

class ThriftTwinTest {

    @Test
    void aUserSurvivesTheBinaryProtocolAndComesBackEqual() throws Exception {
        for (long id : new long[] {1, 2, 77, 1_000_001}) {
            User user = Fixtures.user(id);
            byte[] wire = new TSerializer(new TBinaryProtocol.Factory()).serialize(ThriftTwin.toThrift(user));
            org.rpcbench.thrift.idl.User read = new org.rpcbench.thrift.idl.User();
            new TDeserializer(new TBinaryProtocol.Factory()).deserialize(read, wire);
            assertThat(read).isEqualTo(ThriftTwin.toThrift(user));
            assertThat(Checks.user(user, ThriftTwin.fromThrift(read))).isNull();
        }
    }

    @Test
    void aPageSurvivesTheBinaryProtocolAndComesBackEqual() throws Exception {
        Page page = Fixtures.page(4);
        byte[] wire = new TSerializer(new TBinaryProtocol.Factory()).serialize(ThriftTwin.toThrift(page));
        org.rpcbench.thrift.idl.Page read = new org.rpcbench.thrift.idl.Page();
        new TDeserializer(new TBinaryProtocol.Factory()).deserialize(read, wire);
        assertThat(read.getResultSize()).isEqualTo(Fixtures.PAGE_SIZE);
        assertThat(Checks.page(page, ThriftTwin.fromThrift(read))).isNull();
    }

    @Test
    void theGeneratedEqualsSeesAChangedField() {
        org.rpcbench.thrift.idl.User user = ThriftTwin.toThrift(Fixtures.user(3));
        org.rpcbench.thrift.idl.User other = user.deepCopy();
        other.getPermissions().set(14, -1);
        assertThat(other).isNotEqualTo(user);
        assertThat(Checks.user(Fixtures.user(3), ThriftTwin.fromThrift(other))).contains("permissions");
    }

    @Test
    void theRecordedVersionIsTheLibthriftOnTheClassPath() throws Exception {
        // here libthrift is its own jar, with its manifest; in the shaded jars only the build's record is left
        Path jar = Path.of(TBase.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (JarFile file = new JarFile(jar.toFile())) {
            String manifestVersion = file.getManifest().getMainAttributes().getValue("Implementation-Version");
            assertThat(manifestVersion).isNotBlank();
            assertThat(ThriftPair.resource("/org/rpcbench/thrift/thrift-runtime.properties", "libthrift")).isEqualTo(manifestVersion);
            assertThat(ThriftPair.libthriftVersion()).isEqualTo(manifestVersion);
        }
    }

    @Test
    void theGeneratedCodeCameFromTheCompilerOfTheSameRelease() {
        assertThat(ThriftPair.generatedBy()).isEqualTo(ThriftPair.libthriftVersion());
    }
}
