package org.rpcbench.thrift;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.function.Function;
import java.util.jar.JarFile;
import org.apache.thrift.TBase;
import org.apache.thrift.TDeserializer;
import org.apache.thrift.TSerializer;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Case;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.cases.Request;
import org.rpcbench.checks.Checks;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.ProtoTwin;
import org.rpcbench.contract.User;
import org.rpcbench.thrift.idl.Timestamp;

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
        assertThat(check(Case.GET_USER, user, ClientClock.opened()).apply(other)).contains("permissions");
    }

    @Test
    void timesAreTimestampStructsOfTheirWallTimeAtUtcAndComeBackToTheNanosecond() throws Exception {
        LocalDateTime t = LocalDateTime.of(2026, 3, 29, 2, 30, 5, 123_456_789);
        assertThat(ThriftTwin.timestamp(t)).isEqualTo(new Timestamp(1_774_751_405L, 123_456_789));
        assertThat(ThriftTwin.localDateTime(ThriftTwin.timestamp(t))).isEqualTo(t);
        assertThat(ThriftTwin.timestamp(LocalDate.of(1968, 12, 8))).isEqualTo(new Timestamp(-33_609_600L, 0));
        assertThat(ThriftTwin.localDate(new Timestamp(-33_609_600L, 0))).isEqualTo(LocalDate.of(1968, 12, 8));
        assertThatThrownBy(() -> ThriftTwin.localDate(new Timestamp(3_600, 0))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ThriftTwin.localDateTime(new Timestamp(0, 1_000_000_000))).isInstanceOf(IllegalArgumentException.class);

        User submitted = Fixtures.submittedUser(11);
        org.rpcbench.thrift.idl.User read = new org.rpcbench.thrift.idl.User();
        new TDeserializer(new TBinaryProtocol.Factory()).deserialize(read, binary(ThriftTwin.toThrift(submitted)));
        assertThat(ThriftTwin.fromThrift(read)).isEqualTo(submitted);

        submitted.setCreateTime(null);
        assertThat(ThriftTwin.toThrift(submitted).isSetCreateTime()).isFalse();
        assertThat(ThriftTwin.fromThrift(ThriftTwin.toThrift(submitted)).getCreateTime()).isNull();
    }

    @Test
    void theServersTimesAreCheckedInTheClientsWindowAndEverythingElseExactly() throws Exception {
        ClientClock clock = ClientClock.opened();
        org.rpcbench.thrift.idl.User expected = ThriftTwin.toThrift(Fixtures.user(7));
        org.rpcbench.thrift.idl.User answer = new org.rpcbench.thrift.idl.User();
        new TDeserializer(new TBinaryProtocol.Factory()).deserialize(answer, binary(ThriftTwin.toThrift(Fixtures.user(7))));
        assertThat(check(Case.GET_USER, expected, clock).apply(answer)).isNull();

        Timestamp epoch = new Timestamp(0, 0);
        assertThat(check(Case.GET_USER, expected, clock).apply(answer.deepCopy().setCreateTime(epoch).setUpdateTime(epoch)))
                .startsWith("user 7: createTime was 1970-01-01T00:00, outside the window").endsWith("time zones may differ");
        assertThat(check(Case.GET_USER, expected, clock).apply(answer.deepCopy().setUpdateTime(null))).startsWith("user 7: updateTime was null");
        Timestamp truncated = new Timestamp(answer.getCreateTime().getSeconds(), answer.getCreateTime().getNanos() / 1000 * 1000 + 1);
        assertThat(check(Case.GET_USER, expected, clock).apply(answer.deepCopy().setCreateTime(truncated)))
                .startsWith("user 7: updateTime was ").contains("expected createTime's value");
        assertThat(check(Case.GET_USER, expected, clock).apply(answer.deepCopy().setSex(2))).isEqualTo("user 7: sex was 2, expected 1");
        assertThat(check(Case.GET_USER, expected, clock).apply(answer.deepCopy().setBirthday(ThriftTwin.timestamp(Fixtures.birthday(6)))))
                .isEqualTo("user 7: birthday was 1980-01-07, expected 1980-01-08");
        assertThat(check(Case.GET_USER, expected, clock).apply(answer.deepCopy().setBirthday(new Timestamp(86_400 + 1, 0))))
                .startsWith("user 7: a Timestamp that is no date's midnight");

        org.rpcbench.thrift.idl.Page page = ThriftTwin.toThrift(Fixtures.page(2));
        assertThat(check(Case.LIST_USER, ThriftTwin.toThrift(Fixtures.page(2)), clock).apply(page)).isNull();
        page.getResult().get(4).setCreateTime(null);
        assertThat(check(Case.LIST_USER, ThriftTwin.toThrift(Fixtures.page(2)), clock).apply(page))
                .startsWith("page 2, entry 4: user 20: createTime was null");
    }

    /** The shared check of a getUser or listUser answer in Thrift's form, expecting {@code expected} (user or page 2, 3 or 7). */
    private static Function<Object, String> check(Case c, Object expected, ClientClock clock) {
        int seq = (int) (expected instanceof org.rpcbench.thrift.idl.User u ? u.getId() : ((org.rpcbench.thrift.idl.Page) expected).getPageNo()) - 1;
        return ThriftForm.THRIFT.check(Request.of(c, seq), expected, clock);
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
