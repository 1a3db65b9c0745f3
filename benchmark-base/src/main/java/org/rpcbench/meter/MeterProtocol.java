package org.rpcbench.meter;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The meter endpoint's protocol, version {@value #VERSION}: how a server tells a client on another host what
 * its {@link ProcessMeter} reads. Plain lines over TCP, UTF-8, each ended by {@code \n}. The client
 * connects once and keeps the connection; it sends one request a line, and the server answers each request,
 * in order, with lines whose last is {@code end}. Figures are decimal integers, -1 when not known.
 *
 * <pre>
 * &gt; hello                        &lt; rpc-bench-meter 1
 *                                &lt; node NAME
 *                                &lt; cores N
 *                                &lt; pid N
 *                                &lt; runtime java|go
 *                                &lt; cpu-model TEXT TO THE END OF THE LINE
 *                                &lt; end
 * &gt; read                         &lt; wall NANOS          the server's monotonic clock: only differences count
 *                                &lt; cpu NANOS           the process's user + system CPU
 *                                &lt; alloc BYTES         allocated by all its threads since it started
 *                                &lt; gc COUNT FULL_COUNT PAUSE_NANOS
 *                                &lt; jit NANOS
 *                                &lt; threads N           N thread lines follow; -1: the threads were not read
 *                                &lt; thread TID KIND NANOS NAME   KIND: SERVICE, JIT, GC or OTHER; NAME to the end
 *                                &lt; end
 * &gt; jit                          &lt; jit NANOS
 *                                &lt; end
 * &gt; anything else                &lt; error MESSAGE
 *                                &lt; end
 * </pre>
 *
 * A reader skips keys it does not know (a later version may add lines) and refuses a known key of the wrong
 * shape, a missing key, a count that does not match, or a line longer than {@value #MAX_LINE} bytes. The
 * server closes the connection when the client does.
 */
public final class MeterProtocol {
    public static final int VERSION = 1;
    public static final String HELLO = "hello";
    public static final String READ = "read";
    public static final String JIT = "jit";
    static final String END = "end";
    static final String GREETING = "rpc-bench-meter";
    /** The longest line either side reads: a thread's line is well under it. */
    public static final int MAX_LINE = 1024;

    private MeterProtocol() {}

    /** A line or answer that does not follow the protocol, or an error the other side answered. */
    public static final class ProtocolException extends IOException {
        public ProtocolException(String message) {
            super(message);
        }
    }

    // ---- the server's side

    /** The answer to one request line, its last line {@value #END}. */
    public static List<String> answer(String request, Meter meter, NodeIdentity self) {
        return switch (request.strip()) {
            case HELLO -> hello(self);
            case READ -> reading(meter.read(), meter.jitNanos());
            case JIT -> List.of(JIT + " " + meter.jitNanos(), END);
            default -> List.of("error unknown request '" + printable(request) + "' (requests: hello, read, jit)", END);
        };
    }

    public static List<String> hello(NodeIdentity self) {
        return List.of(GREETING + " " + VERSION, "node " + self.node(), "cores " + self.cores(), "pid " + self.pid(),
                "runtime " + self.runtime(), "cpu-model " + self.cpuModel(), END);
    }

    public static List<String> reading(ProcessReading r, long jitNanos) {
        List<String> lines = new ArrayList<>();
        lines.add("wall " + r.wallNanos());
        lines.add("cpu " + r.cpuNanos());
        lines.add("alloc " + r.allocBytes());
        lines.add("gc " + r.gcCount() + " " + r.fullGcCount() + " " + r.gcPauseNanos());
        lines.add("jit " + jitNanos);
        ThreadTimes threads = r.threads();
        lines.add("threads " + (threads == null ? -1 : threads.threads()));
        if (threads != null) {
            threads.tasks().forEach((tid, t) -> lines.add("thread " + tid + " " + t.kind() + " " + t.nanos() + " " + printable(t.name())));
        }
        lines.add(END);
        return lines;
    }

    // ---- the client's side

    /** Who answered {@link #HELLO}. */
    public static NodeIdentity parseHello(List<String> answer) throws ProtocolException {
        Map<String, String> keys = keys(answer, List.of());
        String greeting = require(keys, GREETING);
        if (!greeting.equals(String.valueOf(VERSION))) {
            throw new ProtocolException("the meter speaks version " + greeting + " of the protocol; this client speaks " + VERSION);
        }
        return new NodeIdentity(require(keys, "node"), require(keys, "cpu-model"), (int) number(keys, "cores"), number(keys, "pid"),
                require(keys, "runtime"));
    }

    /** The reading {@link #READ} answered, with the server's clock as its wall. */
    public static ProcessReading parseReading(List<String> answer) throws ProtocolException {
        List<String> threadLines = new ArrayList<>();
        Map<String, String> keys = keys(answer, threadLines);
        long[] gc = numbers(keys, "gc", 3);
        long threadCount = number(keys, "threads");
        ThreadTimes threads = null;
        if (threadCount >= 0) {
            if (threadCount != threadLines.size()) {
                throw new ProtocolException("the reading announced " + threadCount + " threads and carried " + threadLines.size());
            }
            Map<Long, ThreadTimes.Task> tasks = new HashMap<>();
            for (String line : threadLines) {
                String[] f = line.split(" ", 4);
                if (f.length < 3) {
                    throw new ProtocolException("a thread line needs TID KIND NANOS [NAME]: '" + printable(line) + "'");
                }
                ThreadKind kind;
                try {
                    kind = ThreadKind.valueOf(f[1]);
                } catch (IllegalArgumentException e) {
                    throw new ProtocolException("no thread kind '" + printable(f[1]) + "' (kinds: SERVICE, JIT, GC, OTHER)");
                }
                long tid = parse("thread", f[0]);
                if (tasks.put(tid, new ThreadTimes.Task(f.length > 3 ? f[3] : "", kind, parse("thread", f[2]))) != null) {
                    throw new ProtocolException("thread " + tid + " twice in one reading");
                }
            }
            threads = new ThreadTimes(tasks);
        } else if (!threadLines.isEmpty()) {
            throw new ProtocolException("a reading without threads (threads -1) carried thread lines");
        }
        return new ProcessReading(number(keys, "wall"), number(keys, "cpu"), number(keys, "alloc"), gc[0], gc[1], gc[2], threads);
    }

    /** The JIT time {@link #JIT} answered. */
    public static long parseJit(List<String> answer) throws ProtocolException {
        return number(keys(answer, List.of()), "jit");
    }

    /**
     * One line, without its {@code \n}; null at the end of the stream before any byte of a line.
     *
     * @throws ProtocolException for a line longer than {@value #MAX_LINE} bytes or one the stream cut off
     */
    public static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream(64);
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                if (line.size() == 0) {
                    return null;
                }
                throw new ProtocolException("the connection ended inside a line");
            }
            if (line.size() >= MAX_LINE) {
                throw new ProtocolException("a line longer than " + MAX_LINE + " bytes");
            }
            line.write(b);
        }
        String s = line.toString(StandardCharsets.UTF_8);
        return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
    }

    /** The lines of one answer, up to and with {@value #END}. */
    public static List<String> readAnswer(InputStream in) throws IOException {
        List<String> lines = new ArrayList<>();
        while (true) {
            String line = readLine(in);
            if (line == null) {
                throw new ProtocolException("the meter closed the connection in the middle of an answer");
            }
            lines.add(line);
            if (line.equals(END)) {
                return lines;
            }
        }
    }

    /** The answer's keys and values; thread lines go to {@code threads} (a list that takes them or an empty one that refuses them). */
    private static Map<String, String> keys(List<String> answer, List<String> threads) throws ProtocolException {
        if (answer.isEmpty() || !answer.get(answer.size() - 1).equals(END)) {
            throw new ProtocolException("an answer must end with the line '" + END + "'");
        }
        Map<String, String> keys = new HashMap<>();
        for (String line : answer.subList(0, answer.size() - 1)) {
            int space = line.indexOf(' ');
            String key = space < 0 ? line : line.substring(0, space);
            String value = space < 0 ? "" : line.substring(space + 1);
            if (key.equals("error")) {
                throw new ProtocolException("the meter answered: " + value);
            }
            if (key.equals("thread")) {
                threads.add(value);
            } else if (keys.put(key, value) != null) {
                throw new ProtocolException("'" + printable(key) + "' twice in one answer");
            }
        }
        return keys;
    }

    private static String require(Map<String, String> keys, String key) throws ProtocolException {
        String v = keys.get(key);
        if (v == null) {
            throw new ProtocolException("the answer lacks '" + key + "'");
        }
        return v;
    }

    private static long number(Map<String, String> keys, String key) throws ProtocolException {
        return parse(key, require(keys, key));
    }

    private static long[] numbers(Map<String, String> keys, String key, int count) throws ProtocolException {
        String[] f = require(keys, key).split(" ");
        if (f.length != count) {
            throw new ProtocolException("'" + key + "' takes " + count + " numbers: '" + printable(String.join(" ", f)) + "'");
        }
        long[] n = new long[count];
        for (int i = 0; i < count; i++) {
            n[i] = parse(key, f[i]);
        }
        return n;
    }

    private static long parse(String key, String value) throws ProtocolException {
        try {
            long n = Long.parseLong(value);
            if (n < -1) {
                throw new ProtocolException("'" + key + "' is " + n + ": a figure is -1 (not known) or more");
            }
            return n;
        } catch (NumberFormatException e) {
            throw new ProtocolException("'" + key + "' needs a whole number, not '" + printable(value) + "'");
        }
    }

    /** A text safe to put in one line of a message: control characters shown as '?', at most 80 of them. */
    static String printable(String s) {
        String one = s.replaceAll("\\p{Cntrl}", "?");
        return one.length() > 80 ? one.substring(0, 80) + "..." : one;
    }
}
