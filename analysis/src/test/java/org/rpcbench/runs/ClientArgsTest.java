package org.rpcbench.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.rpcbench.launcher.ClientOptions;

/** What ab and calibrate set in the client's options, never twice (the client refuses an option given twice). */
class ClientArgsTest {

    @Test
    void theWireBytesAreSkippedOnce() {
        assertThat(ClientArgs.withoutWireBytes("-f 0 -wi 1 getUser")).isEqualTo("--no-wire-bytes -f 0 -wi 1 getUser");
        assertThat(ClientArgs.withoutWireBytes(" -f 0  --no-wire-bytes ")).isEqualTo("-f 0 --no-wire-bytes");
        assertThat(ClientArgs.withoutWireBytes("")).isEqualTo("--no-wire-bytes");
    }

    @Test
    void theWarmUpBoundIsReadInEitherFormElseTheClientsDefault() {
        assertThat(ClientArgs.steadyWarmup("-f 0 --steady-warmup 7 -i 1")).isEqualTo(7);
        assertThat(ClientArgs.steadyWarmup("--steady-warmup=0")).isZero();
        assertThat(ClientArgs.steadyWarmup("-f 0 -i 1")).isEqualTo(ClientArgs.STEADY_WARMUP_DEFAULT);
        // the open loop warms up for its fixed --warmup-seconds: no bound to lower, no run to set aside
        assertThat(ClientArgs.steadyWarmup("--rate 16000 --warmup-seconds 40 getUser")).isZero();
        assertThat(ClientArgs.steadyWarmup("--no-wire-bytes --rate=800 getUser")).isZero();
        assertThat(WarmupBound.of(ClientArgs.steadyWarmup("--rate 16000")).describe()).contains("an open loop (--rate)");
        assertThatThrownBy(() -> ClientArgs.steadyWarmup("--steady-warmup x")).hasMessage(
                "--steady-warmup takes whole seconds from 0 to 3600, not 'x'");
        assertThatThrownBy(() -> ClientArgs.steadyWarmup("--steady-warmup=3601")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theWarmUpBoundIsSetInPlaceOfTheOneGiven() {
        assertThat(ClientArgs.withSteadyWarmup("-f 0 --steady-warmup 60 -i 1", 21)).isEqualTo("--steady-warmup 21 -f 0 -i 1");
        assertThat(ClientArgs.withSteadyWarmup("--steady-warmup=60 getUser", 21)).isEqualTo("--steady-warmup 21 getUser");
        assertThat(ClientArgs.withSteadyWarmup("-f 0", 21)).isEqualTo("--steady-warmup 21 -f 0");
        assertThat(ClientArgs.steadyWarmup(ClientArgs.withSteadyWarmup("--no-wire-bytes -f 0", 21))).isEqualTo(21);
    }

    @Test
    void theClientTakesWhatIsSetAndItsBoundsAreTheClients() {
        assertThat(ClientOptions.declared()).anyMatch(o -> o.longName().equals(ClientArgs.RATE) && o.takesValue());
        var steady = ClientOptions.declared().stream().filter(o -> o.name().equals("steady-warmup")).findFirst().orElseThrow();
        assertThat(steady.accepts(String.valueOf(ClientArgs.STEADY_WARMUP_MAX))).isTrue();
        assertThat(steady.accepts(String.valueOf(ClientArgs.STEADY_WARMUP_MAX + 1))).isFalse();
        assertThat(ClientOptions.declared()).anyMatch(o -> o.longName().equals(ClientArgs.NO_WIRE_BYTES) && !o.takesValue());
        var seed = ClientOptions.declared().stream().filter(o -> o.longName().equals(ClientArgs.CASE_ORDER_SEED)).findFirst().orElseThrow();
        assertThat(seed.accepts(String.valueOf(Integer.MAX_VALUE))).as("every seed CaseOrders draws").isTrue();
        assertThat(seed.accepts("0")).isTrue();
    }

    @Test
    void aCaseOrderSeedReplacesTheOneTheLineGave() {
        assertThat(ClientArgs.withCaseOrderSeed("-f 0 getUser", 5)).isEqualTo("--case-order-seed 5 -f 0 getUser");
        assertThat(ClientArgs.withCaseOrderSeed("--case-order-seed 3 -f 0", 5)).isEqualTo("--case-order-seed 5 -f 0");
        assertThat(ClientArgs.withCaseOrderSeed("--case-order-seed=3 -f 0", 5)).isEqualTo("--case-order-seed 5 -f 0");
        assertThat(ClientArgs.withCaseOrderSeed("", 5)).isEqualTo("--case-order-seed 5");
    }
}
