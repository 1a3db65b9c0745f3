package org.rpcbench.cases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.rpcbench.contract.Page;
import org.rpcbench.contract.User;

class FixturesTest {

    @Test
    void usersAreDeterministicAndComplete() {
        User a = Fixtures.user(42);
        assertThat(a).isEqualTo(Fixtures.user(42)).isNotEqualTo(Fixtures.user(43));
        assertThat(a.getId()).isEqualTo(42);
        assertThat(a.getPermissions()).hasSize(Fixtures.PERMISSIONS);
        assertThat(a.getName()).isNotBlank();
        assertThat(a.getIcon()).startsWith("https://");
        assertThat(a.getUpdateTime()).isGreaterThan(a.getCreateTime());
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
        assertThatThrownBy(() -> Case.ofBenchmark("x.say")).hasMessageContaining("existUser, createUser, getUser, listUser");
    }
}
