package org.rpcbench.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.User;

public class ChecksTest {
    private final ClientClock clock = ClientClock.opened();

    @Test
    void acceptsTheFixtureAnswers() {
        assertThat(Checks.user(Fixtures.user(7), Fixtures.user(7), clock)).isNull();
        assertThat(Checks.page(Fixtures.page(3), Fixtures.page(3), clock)).isNull();
        assertThat(Checks.user(Fixtures.submittedUser(7), Fixtures.submittedUser(7))).isNull();
        assertThat(Checks.createUser(true)).isNull();
        assertThat(Checks.existUser(Fixtures.email(4), true, true)).isNull();
        assertThat(Checks.existUser(Fixtures.email(5), false, false)).isNull();
    }

    @Test
    void namesTheWrongUserId() {
        assertThat(Checks.user(Fixtures.user(7), Fixtures.user(8), clock)).contains("id was 8, expected 7");
        assertThat(Checks.user(Fixtures.submittedUser(7), Fixtures.submittedUser(8))).contains("id was 8, expected 7");
    }

    @Test
    void namesTheFirstWrongField() {
        User garbled = Fixtures.user(7);
        garbled.setAddress(garbled.getAddress().replace('京', '?'));
        assertThat(Checks.user(Fixtures.user(7), garbled, clock)).startsWith("user 7: address was");

        User fewerPermissions = Fixtures.user(7);
        fewerPermissions.setPermissions(new ArrayList<>(fewerPermissions.getPermissions().subList(0, 14)));
        assertThat(Checks.user(Fixtures.user(7), fewerPermissions, clock)).contains("permissions");
    }

    @Test
    void aWrongSexOrBirthdayIsNamedInAnAnswerAndInASubmittedUser() {
        User otherSex = Fixtures.user(7);
        otherSex.setSex(2);
        assertThat(Checks.user(Fixtures.user(7), otherSex, clock)).isEqualTo("user 7: sex was 2, expected 1");
        User submittedOtherSex = Fixtures.submittedUser(7);
        submittedOtherSex.setSex(0);
        assertThat(Checks.user(Fixtures.submittedUser(7), submittedOtherSex)).isEqualTo("user 7: sex was 0, expected 1");

        User dayLater = Fixtures.user(7);
        dayLater.setBirthday(dayLater.getBirthday().plusDays(1));
        assertThat(Checks.user(Fixtures.user(7), dayLater, clock)).isEqualTo("user 7: birthday was 1980-01-09, expected 1980-01-08");
        User noBirthday = Fixtures.submittedUser(7);
        noBirthday.setBirthday(null);
        assertThat(Checks.user(Fixtures.submittedUser(7), noBirthday)).isEqualTo("user 7: birthday was null, expected 1980-01-08");
    }

    @Test
    void aSubmittedUsersTimesMustArriveExactly() {
        User sent = Fixtures.submittedUser(7);
        String created = sent.getCreateTime().toString();

        User truncated = Fixtures.submittedUser(7);
        truncated.setCreateTime(sent.getCreateTime().truncatedTo(ChronoUnit.MICROS));
        assertThat(Checks.user(sent, truncated)).startsWith("user 7: createTime was " + truncated.getCreateTime())
                .endsWith("expected " + created);

        User atEpoch = Fixtures.submittedUser(7);
        atEpoch.setUpdateTime(LocalDateTime.of(1970, 1, 1, 0, 0));
        assertThat(Checks.user(sent, atEpoch)).isEqualTo("user 7: updateTime was 1970-01-01T00:00, expected " + created);

        User noTime = Fixtures.submittedUser(7);
        noTime.setCreateTime(null);
        assertThat(Checks.user(sent, noTime)).isEqualTo("user 7: createTime was null, expected " + created);

        User oneNanoLater = Fixtures.submittedUser(7);
        oneNanoLater.setCreateTime(sent.getCreateTime().plusNanos(1));
        assertThat(Checks.user(sent, oneNanoLater)).isEqualTo("user 7: createTime was " + oneNanoLater.getCreateTime()
                + ", expected " + created);
    }

    @Test
    void anAnswerBuiltAMinuteAgoPassesOneDated1970FailsNamingFieldValueAndClock() {
        User aMinuteAgo = Fixtures.user(7);
        stamp(aMinuteAgo, LocalDateTime.now().minusMinutes(1));
        assertThat(Checks.user(Fixtures.user(7), aMinuteAgo, clock)).isNull();

        User in1970 = Fixtures.user(7);
        stamp(in1970, LocalDateTime.of(1970, 1, 1, 0, 0));
        assertThat(Checks.user(Fixtures.user(7), in1970, clock))
                .startsWith("user 7: createTime was 1970-01-01T00:00, outside the window the client's clock allows")
                .contains("the client's clock read " + LocalDateTime.now().getYear())
                .contains(ZoneId.systemDefault().toString())
                .endsWith("the hosts' clocks or time zones may differ");
    }

    @Test
    void theWindowOpensFiveMinutesBeforeTheConnectionAndClosesFiveMinutesAfterNow() {
        ZoneId zone = ZoneId.of("Asia/Shanghai");
        long opened = System.currentTimeMillis() - Duration.ofHours(1).toMillis();
        ClientClock anHourOld = ClientClock.openedAt(opened, zone);
        LocalDateTime connected = LocalDateTime.ofInstant(Instant.ofEpochMilli(opened), zone);
        LocalDateTime now = LocalDateTime.now(zone);

        // a server may build an answer once and keep it: up to five minutes before the connection is fine
        assertThat(stamped(anHourOld, connected.minusMinutes(4))).isNull();
        assertThat(stamped(anHourOld, connected.minusMinutes(6))).contains("createTime was " + connected.minusMinutes(6));
        assertThat(stamped(anHourOld, now.plusMinutes(4))).isNull();
        assertThat(stamped(anHourOld, now.plusMinutes(6))).contains("outside the window");
        // the same wall time from a server in another zone is eight hours off
        assertThat(stamped(anHourOld, LocalDateTime.now(ZoneOffset.UTC))).contains("time zones may differ");
    }

    @Test
    void aWallTimeOfADaylightSavingChangeIsReadWithEitherOffset() {
        ZoneId berlin = ZoneId.of("Europe/Berlin");
        // 2026-10-25 02:30 happened twice in Berlin: first at +02:00, an hour later at +01:00
        LocalDateTime twice = LocalDateTime.of(2026, 10, 25, 2, 30);
        long first = twice.toInstant(ZoneOffset.ofHours(2)).toEpochMilli();
        long second = twice.toInstant(ZoneOffset.ofHours(1)).toEpochMilli();
        ClientClock clock = ClientClock.openedAt(first - 60_000, berlin);
        assertThat(clock.accepts(twice, first)).isTrue();
        assertThat(clock.accepts(twice, second)).isTrue();
        assertThat(clock.accepts(twice.plusMinutes(10), first)).isFalse();
        ClientClock later = ClientClock.openedAt(second - 60_000, berlin);
        assertThat(later.accepts(twice, second)).isTrue();
    }

    @Test
    void theServersTimesMustBeThereAndEqual() {
        User noCreateTime = Fixtures.user(7);
        noCreateTime.setCreateTime(null);
        assertThat(Checks.user(Fixtures.user(7), noCreateTime, clock)).isEqualTo("user 7: createTime was null, expected the server's time");

        User noUpdateTime = Fixtures.user(7);
        noUpdateTime.setUpdateTime(null);
        assertThat(Checks.user(Fixtures.user(7), noUpdateTime, clock)).startsWith("user 7: updateTime was null");

        User apart = Fixtures.user(7);
        LocalDateTime created = apart.getCreateTime();
        apart.setUpdateTime(created.plusNanos(1_000));
        assertThat(Checks.user(Fixtures.user(7), apart, clock))
                .startsWith("user 7: updateTime was " + created.plusNanos(1_000) + ", expected createTime's value " + created);

        // a server's time truncated on the way: createTime and updateTime differ unless both lost the same digits
        User truncated = Fixtures.user(7);
        truncated.setUpdateTime(created.truncatedTo(ChronoUnit.SECONDS));
        assertThat(Checks.user(Fixtures.user(7), truncated, clock)).contains("updateTime was");

        User atEpoch = Fixtures.user(7);
        atEpoch.setCreateTime(LocalDateTime.of(1970, 1, 1, 0, 0));
        atEpoch.setUpdateTime(LocalDateTime.of(1970, 1, 1, 0, 0));
        assertThat(Checks.user(Fixtures.user(7), atEpoch, clock)).startsWith("user 7: createTime was 1970-01-01T00:00, outside");
    }

    @Test
    void aPageNamesTheEntryWhoseTimeIsWrong() {
        Page page = Fixtures.page(2);
        page.getResult().get(11).setCreateTime(null);
        assertThat(Checks.page(Fixtures.page(2), page, clock)).startsWith("page 2, entry 11: user 27: createTime was null");
        Page exact = Fixtures.page(2);
        assertThat(Checks.page(exact, Fixtures.page(2))).as("exactly, a page made later has other times")
                .contains("createTime was");
    }

    @Test
    void checkingAServerAnswerAllocatesNothing() {
        User expectedUser = Fixtures.user(7);
        User user = Fixtures.user(7);
        Page expectedPage = Fixtures.page(3);
        Page page = Fixtures.page(3);
        assertThat(allocatedBy(() -> {
            if (Checks.user(expectedUser, user, clock) != null || Checks.page(expectedPage, page, clock) != null) {
                throw new AssertionError();
            }
        })).isLessThan(100);
        assertThat(allocatedBy(() -> {
            if (Checks.user(Fixtures.submittedUser(3), user) == null) {
                throw new AssertionError();
            }
        })).as("the failure path does allocate: the measurement sees it").isGreaterThan(200);
    }

    /** Bytes this thread allocated per run of {@code check}, after a warm-up. */
    public static long allocatedBy(Runnable check) {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long thread = Thread.currentThread().getId();
        for (int i = 0; i < 20_000; i++) {
            check.run();
        }
        int runs = 10_000;
        long before = threads.getThreadAllocatedBytes(thread);
        for (int i = 0; i < runs; i++) {
            check.run();
        }
        return (threads.getThreadAllocatedBytes(thread) - before) / runs;
    }

    private String stamped(ClientClock clock, LocalDateTime time) {
        User user = Fixtures.user(9);
        stamp(user, time);
        return Checks.user(Fixtures.user(9), user, clock);
    }

    private static void stamp(User user, LocalDateTime time) {
        user.setCreateTime(time);
        user.setUpdateTime(time);
    }

    @Test
    void rejectsNullsAndWrongTypes() {
        assertThat(Checks.user(Fixtures.user(1), null, clock)).contains("got null");
        assertThat(Checks.user(Fixtures.user(1), "user", clock)).contains("got String");
        assertThat(Checks.user(Fixtures.submittedUser(1), null)).contains("got null");
        assertThat(Checks.page(Fixtures.page(1), Fixtures.user(1), clock)).contains("got User");
        assertThat(Checks.createUser(false)).contains("expected true");
        assertThat(Checks.createUser(null)).contains("expected true");
        assertThat(Checks.existUser(Fixtures.email(4), true, false)).contains("expected true");
        assertThat(Checks.existUser(Fixtures.email(4), true, "true")).contains("expected true");
    }

    @Test
    void rejectsTheWrongPageAShortPageAndABadEntry() {
        assertThat(Checks.page(Fixtures.page(2), Fixtures.page(3), clock)).contains("asked for page 2, got page 3");

        Page shortPage = Fixtures.page(2);
        shortPage.setResult(new ArrayList<>(shortPage.getResult().subList(0, 14)));
        assertThat(Checks.page(Fixtures.page(2), shortPage, clock)).contains("held 14 users, expected 15");

        Page nullResult = Fixtures.page(2);
        nullResult.setResult(null);
        assertThat(Checks.page(Fixtures.page(2), nullResult, clock)).contains("held 0 users");

        Page badEntry = Fixtures.page(2);
        badEntry.getResult().get(9).setEmail("someone@else");
        assertThat(Checks.page(Fixtures.page(2), badEntry, clock)).contains("entry 9").contains("email");

        Page wrongTotal = Fixtures.page(2);
        wrongTotal.setTotal(1);
        assertThat(Checks.page(Fixtures.page(2), wrongTotal, clock)).contains("total was 1");
    }

    @Test
    void echoAcceptsOnlyTheSameTextAndSaysWhereItDiffers() {
        String sent = Fixtures.echoText(1024, 0);
        assertThat(Checks.echo(sent, new String(sent))).isNull();
        assertThat(Checks.echo(sent, sent.substring(0, 10) + "X" + sent.substring(11))).contains("differing from character 10");
        assertThat(Checks.echo(sent, sent.substring(0, 1000))).contains("1024 characters came back as 1000");
        assertThat(Checks.echo(sent, null)).contains("answered null");
    }

    @Test
    void personNamesAMissingFriendAndAChangedAddress() {
        Person sent = Fixtures.person(1);
        assertThat(Checks.person(sent, Fixtures.person(1))).isNull();
        Person fewer = Fixtures.person(1);
        fewer.getFriends().remove(0);
        assertThat(Checks.person(sent, fewer)).contains("with " + (Fixtures.FRIENDS - 1) + " friends, sent " + Fixtures.FRIENDS);
        Person moved = Fixtures.person(1);
        moved.getFriends().get(2).getAddress().setCity("Shanghai");
        assertThat(Checks.person(sent, moved)).contains("came back different");
        assertThat(Checks.person(sent, Fixtures.person(2))).contains("came back as person 3");
    }

    @Test
    void sayNeedsField1OkField2HundredAndEverythingElseUnchanged() {
        BenchmarkMessage expected = Fixtures.said(Fixtures.benchmarkMessage(0));
        assertThat(Checks.say(expected, Fixtures.said(Fixtures.benchmarkMessage(0)))).isNull();
        assertThat(Checks.say(expected, Fixtures.benchmarkMessage(0))).contains("field1=");
        BenchmarkMessage noField2 = Fixtures.said(Fixtures.benchmarkMessage(0));
        noField2.setField2(7);
        assertThat(Checks.say(expected, noField2)).contains("field2=7, expected 100");
        BenchmarkMessage other = Fixtures.said(Fixtures.benchmarkMessage(0));
        other.setField131(1);
        assertThat(Checks.say(expected, other)).contains("other than field1 and field2");
    }

    @Test
    void assembleAcceptsOnlyTheSummaryOfItsOwnTextsWork() {
        String text = Fixtures.echoText(1024, 0);
        String right = Fixtures.assemble(text);
        assertThat(Checks.assembled(text, right, Fixtures.assemble(new String(text)))).isNull();
        // an echo, the work on another text, a summary one digit off, nothing: each wrong, and said so
        assertThat(Checks.assembled(text, right, text)).startsWith("assemble of 1024 characters answered").contains(right);
        assertThat(Checks.assembled(text, right, Fixtures.assemble(Fixtures.echoText(1024, 1)))).contains("expected");
        String offByOne = right.substring(0, right.length() - 1) + (right.endsWith("0") ? "1" : "0");
        assertThat(Checks.assembled(text, right, offByOne)).isNotNull();
        assertThat(Checks.assembled(text, right, null)).contains("answered null");
    }

    @Test
    void personsNamesTheMissingKeyAndTheChangedPerson() {
        Map<String, Person> sent = Fixtures.persons(2);
        assertThat(Checks.persons(sent, new TreeMap<>(Fixtures.persons(2)))).isNull();
        Map<String, Person> fewer = Fixtures.persons(2);
        String dropped = fewer.keySet().iterator().next();
        fewer.remove(dropped);
        assertThat(Checks.persons(sent, fewer)).startsWith("echo of persons").contains("came back as");
        Map<String, Person> moved = Fixtures.persons(2);
        String key = moved.keySet().iterator().next();
        moved.get(key).getFriends().get(1).getAddress().setCity("Shanghai");
        assertThat(Checks.persons(sent, moved)).startsWith("echo of persons, " + key + ": ").contains("came back different");
        Map<String, Person> swapped = Fixtures.persons(2);
        swapped.put(key, Fixtures.person(0));
        assertThat(Checks.persons(sent, swapped)).contains(key).contains("came back as person 1");
        assertThat(Checks.persons(sent, Fixtures.persons(3))).isNotNull();
        assertThat(Checks.persons(sent, sent.values().iterator().next())).contains("echo of 3 persons answered");
        assertThat(Checks.persons(sent, null)).contains("answered null");
    }

    @Test
    void pingExpectsNothingBack() {
        assertThat(Checks.ping(null)).isNull();
        assertThat(Checks.ping(Boolean.TRUE)).contains("expected nothing");
    }
}
