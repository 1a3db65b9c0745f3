package org.rpcbench.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rpcbench.cli.UsageException;

class RunOptionsTest {

    @Test
    void theOptionsBeforeACommandAreReadAsBenchmarkShTakesThem() throws Exception {
        RunOptions.Parsed p = RunOptions.parse(new String[] {"-Pquick", "-t", "100,500", "-o", "dubbo.filters=default", "-o",
            "dubbo.decode-in-io=off", "-c", "-R", "3", "suite", "seed-001"});
        assertThat(p.command()).isEqualTo("suite");
        assertThat(p.rest()).containsExactly("seed-001");
        RunOptions o = p.options();
        assertThat(o.profile()).isEqualTo(Profile.QUICK);
        assertThat(o.concurrency()).containsExactly(100, 500);
        assertThat(o.switches()).containsExactly("dubbo.filters=default", "dubbo.decode-in-io=off");
        assertThat(o.pin()).isTrue();
        assertThat(o.rounds()).isEqualTo(3);
        assertThat(o.jmhOr(Profile.AB)).isEqualTo(Profile.QUICK.jmhOptions());
    }

    @Test
    void badInputIsNamed() {
        String[][] bad = {{"-P", "slow", "suite", "x"}, {"-t", "100,,5", "suite", "x"}, {"-s", "h", "suite", "x"},
            {"-D", "10x", "soak", "p"}, {"-n", "-b", "-Dx", "suite", "x"}, {"-R", "0", "suite", "x"}, {"-o", "nonsense", "ab", "p"},
            {"-P"}, {"-x", "suite"}, {"-c"}};
        String[] messages = {"-P knows smoke, quick, full, ab, not 'slow'", "-t needs positive whole numbers",
            "this command runs on loopback: -s does not apply", "-D needs a duration", "-b (build options) and -n (no build)",
            "-R needs a number of rounds", "-o needs NAME=VALUE", "-P needs a value", "unknown option -x", "name a command"};
        for (int i = 0; i < bad.length; i++) {
            String[] args = bad[i];
            assertThatThrownBy(() -> RunOptions.parse(args)).as(String.join(" ", args)).isInstanceOf(UsageException.class)
                    .hasMessageContaining(messages[i]);
        }
    }

    @Test
    void aCommandRefusesWhatItDoesNotTake() throws Exception {
        RunOptions o = RunOptions.parse(new String[] {"-D", "90s", "suite", "x"}).options();
        assertThat(o.seconds()).isEqualTo(90);
        assertThatThrownBy(() -> o.refuse("a suite", 'D')).hasMessage("-D does not apply to a suite");
        assertThat(RunOptions.duration("2h")).isEqualTo(7200);
        assertThat(RunOptions.parse(new String[] {"-o", "calibration.spin-ns=500", "ab", "p"}).options().calibrating()).isTrue();
    }

    @Test
    void theDeclaredOptionsDescribeThemselves() {
        assertThat(RunOptions.describe()).contains("-P PROFILE").contains("-R N").contains("-c ");
        assertThat(List.of(Profile.values())).extracting(Profile::label).containsExactly("smoke", "quick", "full", "ab");
    }
}
