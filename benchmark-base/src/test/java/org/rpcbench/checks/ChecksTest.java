package org.rpcbench.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.contract.BenchmarkMessage;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.Person;
import org.rpcbench.contract.Sex;
import org.rpcbench.contract.User;

class ChecksTest {

    @Test
    void acceptsTheFixtureAnswers() {
        assertThat(Checks.user(Fixtures.user(7), Fixtures.user(7))).isNull();
        assertThat(Checks.page(Fixtures.page(3), Fixtures.page(3))).isNull();
        assertThat(Checks.createUser(true)).isNull();
        assertThat(Checks.existUser(Fixtures.email(4), true)).isNull();
        assertThat(Checks.existUser(Fixtures.email(5), false)).isNull();
    }

    @Test
    void namesTheWrongUserId() {
        assertThat(Checks.user(Fixtures.user(7), Fixtures.user(8))).contains("id was 8, expected 7");
    }

    @Test
    void namesTheFirstWrongField() {
        User garbled = Fixtures.user(7);
        garbled.setAddress(garbled.getAddress().replace('京', '?'));
        assertThat(Checks.user(Fixtures.user(7), garbled)).startsWith("user 7: address was");

        User otherSex = Fixtures.user(7);
        otherSex.setSex(Sex.FEMALE);
        assertThat(Checks.user(Fixtures.user(7), otherSex)).contains("sex was FEMALE");

        User fewerPermissions = Fixtures.user(7);
        fewerPermissions.setPermissions(new ArrayList<>(fewerPermissions.getPermissions().subList(0, 14)));
        assertThat(Checks.user(Fixtures.user(7), fewerPermissions)).contains("permissions");
    }

    @Test
    void rejectsNullsAndWrongTypes() {
        assertThat(Checks.user(Fixtures.user(1), null)).contains("got null");
        assertThat(Checks.user(Fixtures.user(1), "user")).contains("got String");
        assertThat(Checks.page(Fixtures.page(1), Fixtures.user(1))).contains("got User");
        assertThat(Checks.createUser(false)).contains("expected true");
        assertThat(Checks.createUser(null)).contains("expected true");
        assertThat(Checks.existUser(Fixtures.email(4), false)).contains("expected true");
        assertThat(Checks.existUser(Fixtures.email(4), "true")).contains("expected true");
    }

    @Test
    void rejectsTheWrongPageAShortPageAndABadEntry() {
        assertThat(Checks.page(Fixtures.page(2), Fixtures.page(3))).contains("asked for page 2, got page 3");

        Page shortPage = Fixtures.page(2);
        shortPage.setResult(new ArrayList<>(shortPage.getResult().subList(0, 14)));
        assertThat(Checks.page(Fixtures.page(2), shortPage)).contains("held 14 users, expected 15");

        Page nullResult = Fixtures.page(2);
        nullResult.setResult(null);
        assertThat(Checks.page(Fixtures.page(2), nullResult)).contains("held 0 users");

        Page badEntry = Fixtures.page(2);
        badEntry.getResult().get(9).setEmail("someone@else");
        assertThat(Checks.page(Fixtures.page(2), badEntry)).contains("entry 9").contains("email");

        Page wrongTotal = Fixtures.page(2);
        wrongTotal.setTotal(1);
        assertThat(Checks.page(Fixtures.page(2), wrongTotal)).contains("total was 1");
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
    void pingExpectsNothingBack() {
        assertThat(Checks.ping(null)).isNull();
        assertThat(Checks.ping(Boolean.TRUE)).contains("expected nothing");
    }
}
