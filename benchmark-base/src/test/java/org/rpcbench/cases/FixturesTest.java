package org.rpcbench.cases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.rpcbench.checks.Checks;
import org.rpcbench.checks.ClientClock;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.ProtoTwin;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.User;

class FixturesTest {

    @Test
    void usersAreDeterministicButForTheServersTimesAndComplete() {
        ClientClock clock = ClientClock.opened();
        User a = Fixtures.user(42);
        assertThat(Checks.user(Fixtures.user(42), a, clock)).isNull();
        assertThat(Checks.user(Fixtures.user(43), a, clock)).isNotNull();
        assertThat(a.getId()).isEqualTo(42);
        assertThat(a.getSex()).isEqualTo(2);
        assertThat(Fixtures.user(43).getSex()).isEqualTo(1);
        assertThat(a.getBirthday()).isEqualTo(LocalDate.of(1980, 1, 1).plusDays(42));
        assertThat(a.getPermissions()).hasSize(Fixtures.PERMISSIONS);
        assertThat(a.getName()).isNotBlank();
        assertThat(a.getIcon()).startsWith("https://");
    }

    @Test
    void theServersUserIsCreatedNowAndUpdatedAtTheSameInstant() {
        LocalDateTime before = LocalDateTime.now();
        User a = Fixtures.user(42);
        LocalDateTime after = LocalDateTime.now();
        assertThat(a.getCreateTime()).isBetween(before, after);
        // one reading of the clock for both, as the seeds' server sets updateTime = createTime
        assertThat(a.getUpdateTime()).isSameAs(a.getCreateTime());
    }

    @Test
    void everyUserOfAPageHasItsOwnReadingOfTheClock() {
        List<User> users = Fixtures.page(2).getResult();
        for (int i = 1; i < users.size(); i++) {
            assertThat(users.get(i).getCreateTime()).isNotSameAs(users.get(i - 1).getCreateTime())
                    .isAfterOrEqualTo(users.get(i - 1).getCreateTime());
        }
    }

    @Test
    void aSubmittedUserIsFixedPerIdToTheNanosecond() {
        User submitted = Fixtures.createUserRequest(6);
        assertThat(submitted).isEqualTo(Fixtures.submittedUser(7)).isEqualTo(Fixtures.createUserRequest(6));
        assertThat(submitted.getId()).isEqualTo(7);
        assertThat(submitted.getUpdateTime()).isSameAs(submitted.getCreateTime());
        Set<LocalDateTime> times = new HashSet<>();
        for (long id = 1; id <= 2_000; id++) {
            LocalDateTime t = Fixtures.submittedTime(id);
            // every digit to the nanosecond, as LocalDateTime.now() gives them on Linux since JDK 15
            assertThat(t.getNano() % 1_000).isNotZero();
            assertThat(t.truncatedTo(ChronoUnit.MICROS)).isNotEqualTo(t);
            times.add(t);
        }
        assertThat(times).hasSize(2_000);
        // the profile is the server's user's: only the times differ
        User answered = Fixtures.user(7);
        answered.setCreateTime(submitted.getCreateTime());
        answered.setUpdateTime(submitted.getUpdateTime());
        assertThat(answered).isEqualTo(submitted);
    }

    @Test
    void textCarriesNonAsciiCharacters() {
        String address = Fixtures.user(1).getAddress();
        assertThat(address.getBytes(StandardCharsets.UTF_8).length).isGreaterThan(address.length());
    }

    @Test
    void pagesHoldFifteenConsecutiveUsers() {
        Page page = Fixtures.page(3);
        assertThat(page.getPageNo()).isEqualTo(3);
        assertThat(page.getResult()).hasSize(Fixtures.PAGE_SIZE);
        assertThat(page.getResult().get(0).getId()).isEqualTo(31);
        assertThat(page.getResult().get(14).getId()).isEqualTo(45);
    }

    @Test
    void existRuleHoldsForEvenFixtureIdsOnly() {
        assertThat(Fixtures.exists(Fixtures.email(10))).isTrue();
        assertThat(Fixtures.exists(Fixtures.email(11))).isFalse();
        assertThat(Fixtures.exists("user10@elsewhere.test")).isFalse();
        assertThat(Fixtures.exists("userX2@rpc-bench.test")).isFalse();
        assertThat(Fixtures.exists("user@rpc-bench.test")).isFalse();
        assertThat(Fixtures.exists(null)).isFalse();
    }

    @Test
    void requestsAskForBothAnswersOfExistUser() {
        assertThat(Fixtures.exists(Fixtures.existUserRequest(0))).isTrue();
        assertThat(Fixtures.exists(Fixtures.existUserRequest(1))).isFalse();
    }

    @Test
    void casesAreFoundByBenchmarkName() {
        assertThat(Case.ofBenchmark("org.rpcbench.client.UserServiceBenchmark.listUser")).isEqualTo(Case.LIST_USER);
        assertThat(Case.ofBenchmark("getUser")).isEqualTo(Case.GET_USER);
        assertThat(Case.ofBenchmark("x.say")).isEqualTo(Case.SAY);
        assertThatThrownBy(() -> Case.ofBenchmark("x.shout")).hasMessageContaining("existUser, createUser, getUser, listUser, ping");
    }

    @Test
    void echoTextsHaveExactlyTheirSizeInUtf8AndDifferBetweenVariants() {
        for (Case c : List.of(Case.ECHO_1K, Case.ECHO_50K, Case.ECHO_200K)) {
            String a = Fixtures.echoText(c.echoBytes(), 0);
            assertThat(a.getBytes(StandardCharsets.UTF_8)).hasSize(c.echoBytes());
            assertThat(Fixtures.echoText(c.echoBytes(), 1)).isNotEqualTo(a);
            // shared, not rebuilt: a 1,000-thread run must not hold 16,000 copies of 200 KB
            assertThat(Fixtures.echoText(c.echoBytes(), Fixtures.ECHO_VARIANTS)).isSameAs(a);
        }
        assertThat(Case.ECHO_200K.echoBytes()).isEqualTo(204_800);
        assertThat(Case.GET_USER.echoBytes()).isZero();
    }

    @Test
    void thePersonIsNestedAndAboutOneKilobyteOnTheWire() {
        Person p = Fixtures.person(3);
        assertThat(p.getFriends()).hasSize(Fixtures.FRIENDS);
        assertThat(p.getFriends().get(0).getAddress()).isNotNull();
        assertThat(p).isEqualTo(Fixtures.person(3)).isNotEqualTo(Fixtures.person(4));
        assertThat(ProtoTwin.toProto(p).getSerializedSize()).isBetween(900, 1150);
    }

    @Test
    void thePersonsMapHoldsThreeWholePersonsUnderTheirOwnKeysNewPerRequest() {
        java.util.Map<String, Person> persons = Fixtures.persons(4);
        assertThat(persons).isInstanceOf(java.util.HashMap.class).hasSize(Fixtures.PERSONS_IN_MAP)
                .isEqualTo(Fixtures.persons(4)).isNotEqualTo(Fixtures.persons(5));
        persons.forEach((key, p) -> {
            assertThat(key).isEqualTo("person-" + p.getId());
            assertThat(p.getFriends()).hasSize(Fixtures.FRIENDS);
        });
        assertThat(Case.ECHO_PERSONS.argument(4)).isEqualTo(persons).isNotSameAs(Case.ECHO_PERSONS.argument(4));
    }

    @Test
    void assembleSumsUpTheSameWorkForTheSameTextAndOtherWorkForAnother() {
        String text = Fixtures.echoText(1024, 0);
        String summary = Fixtures.assemble(text);
        assertThat(Fixtures.assemble(new String(text))).isEqualTo(summary);
        assertThat(Fixtures.assemble(Fixtures.echoText(1024, 1))).isNotEqualTo(summary);
        assertThat(summary).startsWith(text.length() + " characters and " + Fixtures.ASSEMBLED_NUMBERS + " numbers: ");
        // ten thousand ints of 1 to 11 characters each, after the text
        int assembled = Integer.parseInt(summary.replaceAll(".*numbers: (\\d+) characters.*", "$1"));
        assertThat(assembled).isBetween(text.length() + Fixtures.ASSEMBLED_NUMBERS, text.length() + 11 * Fixtures.ASSEMBLED_NUMBERS);
        assertThat(Case.ASSEMBLE_1K.argument(0)).isEqualTo(text);
        assertThat(Case.ASSEMBLE_1K.operation().twinned()).isFalse();
        assertThat(Case.ECHO_PERSONS.operation().twinned()).isFalse();
    }

    @Test
    void theBenchmarkMessageIsFilledAsTheSeedsFillItAndEncodesToAbout581Bytes() {
        BenchmarkMessage m = Fixtures.benchmarkMessage(7);
        assertThat(m.getField1()).hasSameSizeAs(Fixtures.MESSAGE_TEXT).isNotEqualTo(m.getField4());
        assertThat(m.getField18()).isEqualTo(Fixtures.MESSAGE_TEXT);
        java.util.Set<String> texts = new java.util.HashSet<>(List.of(m.getField1(), m.getField4(), m.getField7(), m.getField9(),
                m.getField18(), m.getField102(), m.getField103(), m.getField129()));
        assertThat(texts).as("every string field a different value").hasSize(8);
        assertThat(m.getField2()).isEqualTo(Fixtures.MESSAGE_NUMBER);
        assertThat(m.getField22()).isEqualTo(Fixtures.MESSAGE_NUMBER + 7L);
        assertThat(m.isField81()).isTrue();
        assertThat(m.getField5()).isEmpty();
        // the seeds: "about 581 bytes" with protobuf
        assertThat(ProtoTwin.toProto(m).getSerializedSize()).isBetween(570, 595);
    }

    @Test
    void saidSetsOnlyField1AndField2AndLeavesTheRequestAlone() {
        BenchmarkMessage request = Fixtures.benchmarkMessage(2);
        BenchmarkMessage answer = Fixtures.said(request);
        assertThat(answer.getField1()).isEqualTo("OK");
        assertThat(answer.getField2()).isEqualTo(100);
        assertThat(request.getField1()).isNotEqualTo("OK");
        answer.setField1(request.getField1());
        answer.setField2(request.getField2());
        assertThat(answer).isEqualTo(request);
        assertThat(ProtoForm.said(ProtoTwin.toProto(request))).isEqualTo(ProtoTwin.toProto(Fixtures.said(request)));
    }
}
