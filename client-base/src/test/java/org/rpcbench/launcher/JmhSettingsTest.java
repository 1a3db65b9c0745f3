package org.rpcbench.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.Options;
import org.rpcbench.cases.Case;

class JmhSettingsTest {

    static List<Case> selected(String... jmhArgs) throws Exception {
        return JmhSettings.selectedCases(JmhSettings.build(new CommandLineOptions(jmhArgs), 32, List.of(), "r.json", null));
    }

    @Test
    void noCaseNamedMeansTheFourUserServiceCalls() throws Exception {
        assertThat(selected()).containsExactlyElementsOf(Case.DEFAULT);
    }

    @Test
    void namesAndPatternsSelectTheOtherCases() throws Exception {
        assertThat(selected("say")).containsExactly(Case.SAY);
        assertThat(selected("echo")).containsExactly(Case.ECHO_1K, Case.ECHO_50K, Case.ECHO_200K, Case.ECHO_POJO, Case.ECHO_20B, Case.ECHO_5K,
                Case.ECHO_PERSONS);
        assertThat(selected("ping", "getUser", "listUser")).containsExactly(Case.GET_USER, Case.LIST_USER, Case.PING);
        assertThat(selected("echo200K")).containsExactly(Case.ECHO_200K);
    }

    @Test
    void aGroupSelectsItsCasesAndDealsTheCallersAmongThem() throws Exception {
        assertThat(selected("stability")).containsExactly(Case.ECHO_5K, Case.ECHO_POJO, Case.ECHO_PERSONS);
        assertThat(selected("say", "stability")).containsExactly(Case.SAY, Case.ECHO_5K, Case.ECHO_POJO, Case.ECHO_PERSONS);
        Options twenty = JmhSettings.build(new CommandLineOptions("-t", "20", "stability"), 32, List.of(), "r.json", null);
        assertThat(twenty.getThreads().get()).isEqualTo(20);
        assertThat(twenty.getThreadGroups().get()).containsExactly(7, 6, 7);
        Options byDefault = JmhSettings.build(new CommandLineOptions("stability"), 32, List.of(), "r.json", null);
        assertThat(byDefault.getThreadGroups().get()).containsExactly(11, 10, 11);
        Options given = JmhSettings.build(new CommandLineOptions("-tg", "1,2,3", "stability"), 32, List.of(), "r.json", null);
        assertThat(given.getThreadGroups().get()).containsExactly(1, 2, 3);
        assertThat(JmhSettings.build(new CommandLineOptions("echo5K"), 32, List.of(), "r.json", null).getThreadGroups().hasValue()).isFalse();
    }

    @Test
    void aCaseSelectedAloneAndInItsGroupIsNamed() throws Exception {
        assertThat(JmhSettings.twice(JmhSettings.build(new CommandLineOptions("echo5K", "stability"), 32, List.of(), "r.json", null)))
                .startsWith("echo5K is selected alone and in the group stability");
        assertThat(JmhSettings.twice(JmhSettings.build(new CommandLineOptions("stability"), 32, List.of(), "r.json", null))).isNull();
    }
}
