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
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.ProtoTwin;
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
    void aPersonSurvivesTheBinaryProtocolAndComesBackEqual() throws Exception {
        for (int seq : new int[] {0, 1, 7, 1_000}) {
            Person person = Fixtures.person(seq);
            org.rpcbench.thrift.idl.Person read = new org.rpcbench.thrift.idl.Person();
            new TDeserializer(new TBinaryProtocol.Factory()).deserialize(read, binary(ThriftTwin.toThrift(person)));
            assertThat(read).isEqualTo(ThriftTwin.toThrift(person));
            assertThat(read.getFriendsSize()).isEqualTo(Fixtures.FRIENDS);
            assertThat(ThriftTwin.fromThrift(read)).isEqualTo(person);
            assertThat(Checks.person(person, ThriftTwin.fromThrift(read))).isNull();
        }
    }

    @Test
    void aBenchmarkMessageSurvivesTheBinaryProtocolAndComesBackEqual() throws Exception {
        for (int seq : new int[] {0, 1, 7, 1_000}) {
            BenchmarkMessage message = Fixtures.benchmarkMessage(seq);
            org.rpcbench.thrift.idl.BenchmarkMessage thrift = ThriftTwin.toThrift(message);
            for (org.rpcbench.thrift.idl.BenchmarkMessage._Fields field : org.rpcbench.thrift.idl.BenchmarkMessage._Fields.values()) {
                // every scalar is filled, as the seeds fill it; the one list stays empty
                assertThat(thrift.isSet(field)).as("%s set", field.getFieldName())
                        .isEqualTo(field != org.rpcbench.thrift.idl.BenchmarkMessage._Fields.FIELD5);
            }
            org.rpcbench.thrift.idl.BenchmarkMessage read = new org.rpcbench.thrift.idl.BenchmarkMessage();
            new TDeserializer(new TBinaryProtocol.Factory()).deserialize(read, binary(thrift));
            assertThat(read).isEqualTo(thrift);
            assertThat(read.getField22()).isEqualTo(Fixtures.MESSAGE_NUMBER + seq);
            assertThat(ThriftTwin.fromThrift(read)).isEqualTo(message);
            assertThat(Checks.say(message, ThriftTwin.fromThrift(read))).isNull();
            BenchmarkMessage said = Fixtures.said(message);
            assertThat(ThriftTwin.fromThrift(ThriftTwin.toThrift(said))).isEqualTo(said);
        }
    }

    @Test
    void unsetOptionalFieldsComeBackAsTheIdlDefaults() {
        BenchmarkMessage m = ThriftTwin.fromThrift(new org.rpcbench.thrift.idl.BenchmarkMessage("x", 1, 2));
        assertThat(m.getField1()).isEqualTo("x");
        assertThat(m.getField60()).isEqualTo(-1);
        assertThat(m.isField12()).isTrue();
        assertThat(m.isField24()).isFalse();
        assertThat(m.getField129()).isEqualTo("xxxxxxxxxxxxxxxxxxxxx");
        assertThat(m.getField4()).isNull();
        assertThat(m.getField5()).isEmpty();
    }

    @Test
    void aBenchmarkMessageHasAPlausibleSizeInTheBinaryProtocol() throws Exception {
        BenchmarkMessage message = Fixtures.benchmarkMessage(0);
        int thrift = binary(ThriftTwin.toThrift(message)).length;
        int proto = ProtoTwin.toProto(message).getSerializedSize();
        // a 3-byte header per field and 4-byte lengths against protobuf's 1-2 byte tags and varints
        assertThat(thrift).as("BenchmarkMessage: %d bytes in TBinaryProtocol, %d in protobuf", thrift, proto)
                .isBetween(proto, proto * 3 / 2);
    }

    private static byte[] binary(TBase<?, ?> struct) throws Exception {
        return new TSerializer(new TBinaryProtocol.Factory()).serialize(struct);
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
