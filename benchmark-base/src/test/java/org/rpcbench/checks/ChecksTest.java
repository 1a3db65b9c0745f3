package org.rpcbench.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import org.junit.jupiter.api.Test;
import org.rpcbench.cases.Fixtures;
import org.rpcbench.contract.Page;
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
}
