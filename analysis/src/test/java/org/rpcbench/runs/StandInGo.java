package org.rpcbench.runs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/**
 * A checkout whose Go binary is a stand-in script, so that real processes can be started, watched and stopped
 * without a real server: the pair's name says how its server behaves ({@code ready} serves until SIGTERM,
 * {@code dies} dies a second after it is ready, {@code deaf} ignores SIGTERM, {@code mute} never says it is
 * ready, {@code badswitch} refuses its switch), and the client's arguments say what the client does
 * ({@code record=FILE} writes that run record where the run's goes, {@code sleep=S} waits S seconds in a child
 * process, as JMH's forks are, {@code exit=N} exits N). Every process it starts records its PID in
 * {@code pids}, and every client call records its concurrency in {@code calls}.
 */
public final class StandInGo {
    static final String SCRIPT = """
            #!/usr/bin/env bash
            side="$1"; shift
            here="$(cd "$(dirname "$0")" && pwd)"
            pair="" port="" result="" conc="" args=()
            while (( $# )); do
              case "$1" in
                --pair) pair="$2"; shift 2 ;;
                --host|--switch|--server-pid) shift 2 ;;
                --port) port="$2"; shift 2 ;;
                --result) result="$2"; shift 2 ;;
                --concurrency) conc="$2"; shift 2 ;;
                *) args+=("$1"); shift ;;
              esac
            done
            echo $$ >> "$here/pids"
            if [[ "$side" == server ]]; then
              case "$pair" in
                mute) sleep 300 & echo $! >> "$here/pids"; wait; exit 0 ;;
                badswitch) echo "rpc-bench server: switch x.y: no such switch"; exit 2 ;;
                deaf) trap '' TERM ;;
                *) trap 'echo "rpc-bench server stopped: $pair"; exit 0' TERM ;;
              esac
              echo "rpc-bench server ready: $pair on 127.0.0.1:$([[ "$port" == 0 || -z "$port" ]] && echo 4242 || echo "$port") (pid $$)"
              if [[ "$pair" == dies ]]; then sleep 1; exit 9; fi
              while true; do sleep 0.2; done
            fi
            echo "client $pair ${conc:-default}" >> "$here/calls"
            for a in "${args[@]}"; do
              case "$a" in
                record=*) mkdir -p "$(dirname "$result")"; cp "${a#record=}" "$(dirname "$result")/run.json" ;;
                sleep=*) touch "$here/client-started"; sleep "${a#sleep=}" & echo $! >> "$here/pids"; wait ;;
                exit=*) exit "${a#exit=}" ;;
              esac
            done
            echo "client done"
            """;

    private StandInGo() {}

    /** A checkout in {@code root} whose pairs {@code names} run on the stand-in. */
    public static Checkout checkout(Path root, String... names) throws IOException {
        Path bin = root.resolve("go/target/bin/rpcbench-go");
        Files.createDirectories(bin.getParent());
        Files.writeString(bin, SCRIPT, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(bin, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.createDirectories(root.resolve("pairs"));
        for (String name : names) {
            Files.writeString(root.resolve("pairs").resolve(name + ".properties"), "pair.runtime=go\npair.port=4242\npair.wire=test\n");
        }
        return Checkout.copyOf(root, "test");
    }

    public static Pair pair(String name) {
        return new Pair(name, "go", 4242);
    }

    /** The processes the stand-in started that are still alive. */
    public static List<Long> alive(Path root) throws IOException {
        Path pids = root.resolve("go/target/bin/pids");
        if (!Files.exists(pids)) {
            return List.of();
        }
        return Files.readAllLines(pids).stream().map(String::trim).filter(s -> !s.isEmpty()).map(Long::valueOf)
                .filter(pid -> ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).toList();
    }

    public static List<String> calls(Path root) throws IOException {
        Path calls = root.resolve("go/target/bin/calls");
        return Files.exists(calls) ? Files.readAllLines(calls) : List.of();
    }
}
