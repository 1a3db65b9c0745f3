package org.rpcbench.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;
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
}
