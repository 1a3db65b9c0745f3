package org.rpcbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class CommandLineTest {
    static final Option<String> HOST = Option.text("host", "HOST", "127.0.0.1", "address to use");
    static final Option<Integer> PORT = Option.port("port", 20880, "port to use");
    static final Option<Boolean> JFR = Option.flag("jfr", "record a flight recording");

    final CommandLine strict = CommandLine.strict("server", "Starts a server.", List.of(HOST, PORT, JFR));
    final CommandLine loose = CommandLine.passingThrough("client", "Runs.", List.of(HOST, PORT), "JMH options follow.");

    @Test
    void defaultsApplyWhenNothingIsGiven() throws Exception {
        CommandLine.Values v = strict.parse();
        assertThat(v.get(HOST)).isEqualTo("127.0.0.1");
        assertThat(v.get(PORT)).isEqualTo(20880);
        assertThat(v.get(JFR)).isFalse();
        assertThat(v.has(PORT)).isFalse();
    }

    @Test
    void bothSpellingsOfAValueAreAccepted() throws Exception {
        CommandLine.Values v = strict.parse("--host", "10.0.0.2", "--port=1234", "--jfr");
        assertThat(v.get(HOST)).isEqualTo("10.0.0.2");
        assertThat(v.get(PORT)).isEqualTo(1234);
        assertThat(v.get(JFR)).isTrue();
    }

    @Test
    void badInputIsNamedInOneLine() {
        assertThatThrownBy(() -> strict.parse("--prot", "1")).hasMessage("unknown option --prot");
        assertThatThrownBy(() -> strict.parse("--port", "http")).hasMessage("--port: 'http' is not a whole number");
        assertThatThrownBy(() -> strict.parse("--port", "70000")).hasMessage("--port: 70000 is outside 0..65535");
        assertThatThrownBy(() -> strict.parse("--port")).hasMessage("--port needs a value");
        assertThatThrownBy(() -> strict.parse("--jfr=yes")).hasMessage("--jfr takes no value");
        assertThatThrownBy(() -> strict.parse("--port", "1", "--port", "2")).hasMessage("--port given twice");
        assertThatThrownBy(() -> strict.parse("-wi", "1")).hasMessage("unexpected argument '-wi'");
        assertThatThrownBy(() -> strict.parse("--host", " ")).hasMessage("--host: must not be empty");
    }

    @Test
    void anOptionalNumberIsAbsentUntilGivenAndStillChecked() throws Exception {
        Option<Integer> rate = Option.optionalInteger("rate", "N", 1, 1000, "calls per second");
        CommandLine line = CommandLine.strict("client", "Runs.", List.of(rate));
        assertThat(line.parse().has(rate)).isFalse();
        assertThat(line.parse().get(rate)).isNull();
        assertThat(line.parse("--rate", "50").get(rate)).isEqualTo(50);
        assertThatThrownBy(() -> line.parse("--rate", "0")).hasMessage("--rate: 0 is outside 1..1000");
        assertThat(line.usage()).contains("--rate N").contains("calls per second\n").doesNotContain("default");
    }

    @Test
    void passThroughKeepsForeignArgumentsInOrder() throws Exception {
        CommandLine.Values v = loose.parse("-wi", "1", "--port", "99", "-r", "5s", "getUser");
        assertThat(v.get(PORT)).isEqualTo(99);
        assertThat(v.rest()).containsExactly("-wi", "1", "-r", "5s", "getUser");
    }

    @Test
    void usageIsGeneratedFromTheDeclarations() throws Exception {
        String usage = loose.usage();
        assertThat(usage).contains("--host HOST").contains("address to use (default: 127.0.0.1)")
                .contains("--port PORT").contains("JMH options follow.");
        assertThat(strict.parse("-h").helpRequested()).isTrue();
    }
}
