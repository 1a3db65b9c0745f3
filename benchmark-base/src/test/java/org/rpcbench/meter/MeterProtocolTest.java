package org.rpcbench.meter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MeterProtocolTest {
    static final NodeIdentity NODE = new NodeIdentity("node-7", "Intel(R) Xeon(R) CPU @ 2.20GHz", 4, 4242, "java");
    static final ThreadTimes THREADS = new ThreadTimes(Map.of(
            11L, new ThreadTimes.Task("NettyServerWork", ThreadKind.SERVICE, 700_000_001L),
            12L, new ThreadTimes.Task("C2 CompilerThre", ThreadKind.JIT, 5_000),
            13L, new ThreadTimes.Task("GC Thread#0", ThreadKind.GC, 3_000_000)));

    /** A meter that reads what it is given. */
    record Fixed(ProcessReading reading, long jit) implements Meter {
        @Override
        public ProcessReading read() {
            return reading;
        }

        @Override
        public long jitNanos() {
            return jit;
        }
    }

    @Test
    void helloCarriesTheNodeBothWays() throws Exception {
        List<String> lines = MeterProtocol.answer("hello", new Fixed(null, 0), NODE);
        assertThat(lines.get(0)).isEqualTo("rpc-bench-meter 1");
        assertThat(lines).last().isEqualTo("end");
        assertThat(MeterProtocol.parseHello(lines)).isEqualTo(NODE);
    }

    @Test
    void aReadingCrossesWhole() throws Exception {
        ProcessReading r = new ProcessReading(123_456_789L, 2_500_000_000L, 9_000_000_000L, 17, 1, 40_000_000L, THREADS);
        List<String> lines = MeterProtocol.answer("read", new Fixed(r, 777), NODE);
        assertThat(lines).contains("jit 777", "threads 3", "thread 11 SERVICE 700000001 NettyServerWork");
        ProcessReading back = MeterProtocol.parseReading(lines);
        assertThat(back.wallNanos()).isEqualTo(r.wallNanos());
        assertThat(back.cpuNanos()).isEqualTo(r.cpuNanos());
        assertThat(back.allocBytes()).isEqualTo(r.allocBytes());
        assertThat(back.gcCount()).isEqualTo(17);
        assertThat(back.fullGcCount()).isEqualTo(1);
        assertThat(back.gcPauseNanos()).isEqualTo(40_000_000L);
        assertThat(back.threads().tasks()).isEqualTo(THREADS.tasks());
        assertThat(MeterProtocol.parseJit(MeterProtocol.answer("jit", new Fixed(r, 777), NODE))).isEqualTo(777);
    }

    @Test
    void unknownFiguresAndUnreadThreadsStayUnknown() throws Exception {
        ProcessReading r = new ProcessReading(5, -1, -1, -1, -1, -1, null);
        ProcessReading back = MeterProtocol.parseReading(MeterProtocol.reading(r, -1));
        assertThat(back).isEqualTo(r);
    }

    @Test
    void keysOfALaterVersionAreSkipped() throws Exception {
        List<String> lines = new ArrayList<>(MeterProtocol.reading(new ProcessReading(5, 6, 7, 8, 9, 10, null), 11));
        lines.add(0, "cgroup-throttled 12");
        assertThat(MeterProtocol.parseReading(lines).cpuNanos()).isEqualTo(6);
    }

    @Test
    void anUnknownRequestIsAnsweredWithAnError() {
        List<String> lines = MeterProtocol.answer("reed", new Fixed(null, 0), NODE);
        assertThat(lines).hasSize(2).last().isEqualTo("end");
        assertThat(lines.get(0)).startsWith("error unknown request 'reed'");
        assertThatThrownBy(() -> MeterProtocol.parseReading(lines)).hasMessageContaining("the meter answered: unknown request");
    }

    @Test
    void badAnswersAreRefusedNamingWhatIsWrong() {
        List<String> good = MeterProtocol.reading(new ProcessReading(5, 6, 7, 8, 9, 10, THREADS), 11);
        assertThatThrownBy(() -> MeterProtocol.parseReading(good.subList(0, good.size() - 1))).hasMessageContaining("end");
        assertThatThrownBy(() -> MeterProtocol.parseReading(replace(good, "cpu ", "cpu six"))).hasMessageContaining("'cpu' needs a whole number");
        assertThatThrownBy(() -> MeterProtocol.parseReading(replace(good, "cpu ", "cpu -5"))).hasMessageContaining("-1 (not known) or more");
        assertThatThrownBy(() -> MeterProtocol.parseReading(replace(good, "gc ", "gc 1 2"))).hasMessageContaining("'gc' takes 3 numbers");
        assertThatThrownBy(() -> MeterProtocol.parseReading(replace(good, "threads ", "threads 4"))).hasMessageContaining("announced 4 threads");
        assertThatThrownBy(() -> MeterProtocol.parseReading(replace(good, "thread 11", "thread 11 WORKER 5 x")))
                .hasMessageContaining("no thread kind 'WORKER'");
        assertThatThrownBy(() -> MeterProtocol.parseReading(replace(good, "thread 12", "thread 11 JIT 5 x")))
                .hasMessageContaining("thread 11 twice");
        assertThatThrownBy(() -> MeterProtocol.parseReading(replace(good, "wall ", "alloc 3"))).hasMessageContaining("'alloc' twice");
        assertThatThrownBy(() -> MeterProtocol.parseReading(List.of("cpu 5", "end"))).hasMessageContaining("lacks");
        assertThatThrownBy(() -> MeterProtocol.parseHello(replace(MeterProtocol.hello(NODE), "rpc-bench-meter", "rpc-bench-meter 2")))
                .hasMessageContaining("version 2");
    }

    @Test
    void linesAreReadUpToTheirNewlineAndNoLongerThanTheLimit() throws Exception {
        var in = stream("read\r\nhello\nhalf");
        assertThat(MeterProtocol.readLine(in)).isEqualTo("read");
        assertThat(MeterProtocol.readLine(in)).isEqualTo("hello");
        assertThatThrownBy(() -> MeterProtocol.readLine(in)).hasMessageContaining("ended inside a line");
        assertThat(MeterProtocol.readLine(stream(""))).isNull();
        assertThatThrownBy(() -> MeterProtocol.readLine(stream("x".repeat(MeterProtocol.MAX_LINE + 1) + "\n")))
                .hasMessageContaining("longer than");
        assertThatThrownBy(() -> MeterProtocol.readAnswer(stream("cpu 5\n"))).hasMessageContaining("closed the connection");
        assertThat(MeterProtocol.readAnswer(stream("jit 3\nend\nleft"))).containsExactly("jit 3", "end");
    }

    @Test
    void aNodesTextsKeepToOneLine() throws Exception {
        NodeIdentity odd = new NodeIdentity("my node\n", "model\nname", 2, 1, null);
        NodeIdentity back = MeterProtocol.parseHello(MeterProtocol.hello(odd));
        assertThat(back.node()).isEqualTo("my_node");
        assertThat(back.cpuModel()).isEqualTo("model name");
        assertThat(back.runtime()).isEqualTo("unknown");
    }

    @Test
    void addressesAreHostAndPort() {
        assertThat(MeterAddress.parse("10.0.0.7:7071")).isEqualTo(new MeterAddress("10.0.0.7", 7071));
        assertThat(MeterAddress.parse("[::1]:7071")).isEqualTo(new MeterAddress("::1", 7071));
        assertThat(new MeterAddress("::1", 7071)).hasToString("[::1]:7071");
        for (String bad : List.of("host", "host:", ":7071", "host:0", "host:70000", "host:x", "::1:7071")) {
            assertThatThrownBy(() -> MeterAddress.parse(bad)).as(bad).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("HOST:PORT");
        }
    }

    private static List<String> replace(List<String> lines, String startingWith, String with) {
        List<String> out = new ArrayList<>();
        boolean done = false;
        for (String l : lines) {
            if (!done && l.startsWith(startingWith)) {
                out.add(with);
                done = true;
            } else {
                out.add(l);
            }
        }
        assertThat(done).as("a line starting with " + startingWith).isTrue();
        return out;
    }

    private static ByteArrayInputStream stream(String s) {
        return new ByteArrayInputStream(s.getBytes(StandardCharsets.UTF_8));
    }
}
