#!/usr/bin/env bash
# rpc-bench: builds what a run needs and starts its processes; suites, ab, calibrate, soak and everything
# after a run are the analysis jar's. Exits with the client's code (0 passed, 1 failed, 2 bad options,
# 3 server unreachable), or 1 when the build or the server fails.
set -euo pipefail

readonly ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly JVM_DEFAULT="-Xms2g -Xmx2g -XX:MaxDirectMemorySize=1g -XX:+UseG1GC"
readonly READY_TIMEOUT_SECONDS=60
readonly FORWARDED="suite ab calibrate soak compare merge history verify"

pairs() { local f; for f in "$ROOT"/pairs/*.properties; do f="${f##*/}"; echo "${f%.properties}"; done; }
runtime_of() { sed -n 's/^pair\.runtime=//p' "$ROOT/pairs/$1.properties"; }

usage() {
  cat <<EOF
Usage: ./benchmark.sh [options] PAIR           server and client of PAIR on loopback, then the summary
       ./benchmark.sh [options] PAIR-server    a server in the foreground, until Ctrl-C or SIGTERM
       ./benchmark.sh [options] PAIR-client    a client against a running server (-s, -p)
       ./benchmark.sh [options] suite NAME     a seed's table: its pairs in rounds (-R), one table
       ./benchmark.sh [options] ab [--baseline-build OPTS|--baseline-rev REV ...] PAIR|suite NAME
                                               two builds in randomized interleaved rounds: did it get slower?
       ./benchmark.sh [options] calibrate PAIR how small a change ab sees here, and its false alarms
       ./benchmark.sh [options] soak PAIR      a long run with GC logs, then a stability verdict
       ./benchmark.sh compare BASELINE CURRENT | merge OUT DIR... | history PAIR CASE | verify RUN_DIR...
       (ab, calibrate, compare and verify take --help for their own options)

Pairs: $(pairs | tr '\n' ' ')
Suites: $(ls "$ROOT"/analysis/src/main/resources/suites/*.json | sed 's|.*/||; s|\.json$||' | tr '\n' ' ')

Options of a run:
  -s HOST     where the server listens / the client connects (default 127.0.0.1)
  -p PORT     the server's port (default: a free one for a pair run, else the pair's own)
  -f FILE     JMH's result file; run.json goes beside it (default results/PAIR-TIME/jmh.json)
  -a "OPTS"   options for the client, as they are: JMH's, or with -r the open loop's
  -t N[,N...] calls in flight (default 32); several values make a sweep against one server
  -r RATE     open loop: RATE calls per second on a fixed schedule (coordinated omission corrected)
  -o NAME=VALUE  a framework switch for server, client and forks (repeatable), e.g. dubbo.filters=default
  -n          no build: run the jars as they are
  -b "OPTS"   extra Maven options for the build, e.g. -b "-Ddubbo.version=3.3.5"
  -m profiling  flight recordings and CPU flame graphs of both sides
  -c          pin the server to CPU 0 and the client to the others
Options of suite, ab, calibrate and soak: -a -t -o -n -b -c as above, and
  -P PROFILE  effort: smoke, quick (default for suites), full, ab (default for ab and calibrate)
  -R N        a suite's rounds, each in a new random order of its pairs (full: 3)
  -D DURATION a soak's length: 90s, 30m (default), 2h
  -l          list the pairs            -h  this help
Environment: SERVER_JVM_OPTS and CLIENT_JVM_OPTS ($JVM_DEFAULT); RPCBENCH_HISTORY (a file,
jdbc:postgresql://HOST:PORT/DB, or off; default results/history.db). See README.md.
EOF
}
die_usage() { echo "benchmark.sh: $1" >&2; echo >&2; usage >&2; exit 2; }
fail() { echo "benchmark.sh: $1" >&2; exit "${2:-1}"; }

original=("$@")
host=127.0.0.1 port="" result="" client_opts="" build_opts="" rate="" skip_build=false profiling=false pin=false
switches=() concurrency=() orchestrated=()
while getopts ":s:p:f:a:o:b:m:t:r:P:D:R:nclh" opt; do
  case "$opt" in
    s) host="$OPTARG" ;;
    p) [[ "$OPTARG" =~ ^[0-9]+$ ]] && (( OPTARG <= 65535 )) || die_usage "-p needs a port number, got '$OPTARG'"; port="$OPTARG" ;;
    f) result="$OPTARG" ;;
    a) client_opts="$OPTARG" ;;
    o) [[ "$OPTARG" =~ ^[a-z0-9.-]+=[^[:space:]]+$ ]] || die_usage "-o needs NAME=VALUE, got '$OPTARG'"
       switches+=("$OPTARG") ;;
    b) build_opts="$OPTARG" ;;
    t) [[ "$OPTARG" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die_usage "-t needs positive whole numbers separated by commas, got '$OPTARG'"
       IFS=, read -r -a concurrency <<<"$OPTARG" ;;
    r) [[ "$OPTARG" =~ ^[1-9][0-9]*$ ]] || die_usage "-r needs a rate in calls per second (a positive whole number), got '$OPTARG'"
       rate="$OPTARG" ;;
    m) [[ "$OPTARG" == profiling ]] || die_usage "-m knows only 'profiling', got '$OPTARG'"; profiling=true ;;
    P|D|R) orchestrated+=("-$opt") ;;
    n) skip_build=true ;;
    c) pin=true ;;
    l) pairs; exit 0 ;;
    h) usage; exit 0 ;;
    :) die_usage "-$OPTARG needs a value" ;;
    \?) die_usage "unknown option -$OPTARG" ;;
  esac
done
shift $((OPTIND - 1))
(( $# > 0 )) || die_usage "name a pair, a module or a command"
[[ -n "$build_opts" ]] && $skip_build && die_usage "-b (build options) and -n (no build) do not go together"
readonly command="$1"
read -r -a build_args <<<"$build_opts"

command -v java >/dev/null || fail "java is not on the PATH (JDK 17 or newer is needed)"
export RPCBENCH_ROOT="$ROOT"
export RPCBENCH_GIT_COMMIT="$(cd "$ROOT" && git rev-parse HEAD 2>/dev/null || echo unknown)$(cd "$ROOT" && [[ -n "$(git status --porcelain 2>/dev/null)" ]] && echo "+dirty" || true)"
history_store() { case "${RPCBENCH_HISTORY:-}" in off) ;; "") echo "$ROOT/results/history.db" ;; *) echo "$RPCBENCH_HISTORY" ;; esac; }
jar_of() { echo "$ROOT/$1/target/$1.jar"; }
readonly ANALYSIS="$(jar_of analysis)" GO_BIN="$ROOT/go/target/bin/rpcbench-go"
# what a pair's side is built into: a runnable jar, or the go module's one binary
built_of() { if [[ "$(runtime_of "$1")" == go ]]; then echo "$GO_BIN"; else jar_of "$1-$2"; fi; }

# Builds what the pairs named need (and the analysis jar), every time, so a stale jar is never run.
build() {
  local modules="analysis" pair log
  for pair in "$@"; do
    if [[ "$(runtime_of "$pair")" == go ]]; then [[ ",$modules," == *",go,"* ]] || modules+=",go"; else modules+=",$pair-server,$pair-client"; fi
  done
  if $skip_build; then
    for f in "$ANALYSIS" $(for pair in "$@"; do built_of "$pair" client; done); do [[ -f "$f" ]] || fail "$f is not built (run mvn package, or drop -n)"; done
    return 0
  fi
  command -v mvn >/dev/null || fail "mvn is not on the PATH (Maven 3.8 or newer is needed)"
  log="$(mktemp)"
  echo "benchmark.sh: building ${*:-the analysis} ..."
  if ! (cd "$ROOT" && mvn -B -q "${build_args[@]}" -pl "$modules" -am package -DskipTests) >"$log" 2>&1; then
    echo "benchmark.sh: the build of ${*:-the analysis} failed:" >&2
    grep -E "ERROR|BUILD" "$log" | head -20 >&2 || tail -20 "$log" >&2
    rm -f "$log"; exit 1
  fi
  rm -f "$log"
}

# commands the analysis jar runs, with the arguments as given (it reads the options it takes)
if [[ " $FORWARDED " == *" $command "* ]]; then
  [[ -z "$host$port$result$rate" || "$host$port$result$rate" == 127.0.0.1 ]] && ! $profiling \
    || die_usage "$command runs on loopback into its own directory: -s, -p, -f, -r and -m do not apply"
  build
  export RPCBENCH_HISTORY="${RPCBENCH_HISTORY:-$(history_store)}"
  exec java -jar "$ANALYSIS" "${original[@]}"
fi
(( ${#orchestrated[@]} == 0 )) || die_usage "${orchestrated[0]} is for suite, ab, calibrate and soak"
if [[ "$command" == build ]]; then
  shift; for p in "$@"; do grep -qx -- "$p" < <(pairs) || die_usage "unknown pair '$p'"; done
  build "$@"; exit 0
fi
(( $# == 1 )) || die_usage "name one module (got $#)"
case "$command" in
  *-server) pair="${command%-server}" side=server ;;
  *-client) pair="${command%-client}" side=client ;;
  *) pair="$command" side=pair ;;
esac
grep -qx -- "$pair" < <(pairs) || die_usage "unknown module '$command'"
[[ -n "$rate" ]] && $profiling && die_usage "-m profiling records JMH's forks; an open-loop run (-r) has none"
readonly runtime="$(runtime_of "$pair")" # a Go pair's load client has the closed loop only, and no JVM to record
[[ "$runtime" == go && -n "$rate" ]] && die_usage "-r: $pair's Go client has no open loop, only the closed loop"
[[ "$runtime" == go ]] && $profiling && die_usage "-m profiling records JVMs; $pair runs on Go"

server_cpus="" client_cpus=""
if $pin; then
  command -v taskset >/dev/null || fail "-c needs taskset (util-linux)"
  (( $(nproc) >= 2 )) || fail "-c needs at least 2 CPUs, this machine has $(nproc)"
  server_cpus=0 client_cpus="1-$(( $(nproc) - 1 ))"
  export RPCBENCH_PINNING="server on CPU $server_cpus, client on CPUs $client_cpus"
fi
build "$pair"

# async-profiler's native library, from the pair's jar (the Maven Central artifact carries it per platform)
flame_lib="" flame_dir=""
profiler_lib() {
  local arch dir="$ROOT/results/.async-profiler"
  case "$(uname -s)-$(uname -m)" in Linux-x86_64) arch=linux-x64 ;; Linux-aarch64) arch=linux-arm64 ;; *) return 0 ;; esac
  mkdir -p "$dir"
  [[ -f "$dir/$arch/libasyncProfiler.so" && "$dir/$arch/libasyncProfiler.so" -nt "$1" ]] || (cd "$dir" && jar xf "$1" "$arch/libasyncProfiler.so")
  [[ -f "$dir/$arch/libasyncProfiler.so" ]] && echo "$dir/$arch/libasyncProfiler.so"
}
profiler_event() { if [[ "$(id -u)" == 0 ]] || (( $(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 3) <= 1 )); then echo cpu; else echo itimer; fi; }

read -r -a client_opt_args <<<"$client_opts"
java_switches=() go_switches=() # a framework switch: a system property of every JVM, a --switch of the Go binary
for s in "${switches[@]}"; do java_switches+=("-Drpcbench.switch.$s"); go_switches+=(--switch "$s"); done
read -r -a server_jvm <<<"${SERVER_JVM_OPTS:-$JVM_DEFAULT}"
read -r -a client_jvm <<<"${CLIENT_JVM_OPTS:-$JVM_DEFAULT}"

# PORT RESULT CONCURRENCY SERVER_PID (each may be empty), as a NUL-separated command line
client_command() {
  local cmd=()
  [[ -n "$client_cpus" ]] && cmd+=(taskset -c "$client_cpus")
  if [[ "$runtime" == go ]]; then cmd+=("$GO_BIN" client --pair "$pair" "${go_switches[@]}")
  else # the launcher measures itself in an open loop or with JMH's -f 0 (ab's profile); JMH forks get the same options
    cmd+=(java "${client_jvm[@]}" "${java_switches[@]}" -jar "$(jar_of "$pair-client")")
  fi
  cmd+=(--host "$host")
  [[ -n "$1" ]] && cmd+=(--port "$1"); [[ -n "$2" ]] && cmd+=(--result "$2")
  [[ -n "$3" ]] && cmd+=(--concurrency "$3"); [[ -n "$4" ]] && cmd+=(--server-pid "$4")
  [[ -n "$rate" ]] && cmd+=(--rate "$rate")
  $profiling && cmd+=(--jfr)
  [[ -n "$flame_lib" ]] && cmd+=(-prof "async:libPath=$flame_lib;event=$(profiler_event);output=flamegraph;dir=$flame_dir")
  cmd+=("${client_opt_args[@]}")
  printf '%s\0' "${cmd[@]}"
}
# PORT JFR_FILE FLAME_FILE
server_command() {
  local cmd=()
  [[ -n "$server_cpus" ]] && cmd+=(taskset -c "$server_cpus")
  if [[ "$runtime" == go ]]; then cmd+=("$GO_BIN" server --pair "$pair" "${go_switches[@]}")
  else
    cmd+=(java "${server_jvm[@]}" "${java_switches[@]}")
    [[ -n "$2" ]] && cmd+=("-XX:StartFlightRecording=filename=$2,settings=profile,dumponexit=true")
    [[ -n "$3" && -n "$flame_lib" ]] && cmd+=("-agentpath:$flame_lib=start,event=$(profiler_event),file=$3")
    cmd+=(-jar "$(jar_of "$pair-server")")
  fi
  cmd+=(--host "$host"); [[ -n "$1" ]] && cmd+=(--port "$1")
  printf '%s\0' "${cmd[@]}"
}

# the result file of one concurrency value: cN/ beside the result when there are several
result_for() { if (( ${#concurrency[@]} > 1 )); then echo "$(dirname "$1")/c$2/$(basename "$1")"; else echo "$1"; fi; }
record_of() { local stem; stem="$(basename "$1" .json)"; [[ "$stem" == jmh ]] && echo "$(dirname "$1")/run.json" || echo "$(dirname "$1")/$stem.run.json"; }
# after the runs: the sweep's table, and every record kept in the history store
after_runs() {
  local records=() c f store
  for c in "${concurrency[@]}"; do f="$(record_of "$(result_for "$result" "$c")")"; [[ -f "$f" ]] && records+=("$f"); done
  (( ${#records[@]} )) || return 0
  (( ${#concurrency[@]} > 1 )) && { echo; java -jar "$ANALYSIS" sweep-table "${records[@]}" || true; }
  store="$(history_store)"
  [[ -z "$store" ]] || java -jar "$ANALYSIS" history record "$store" ${RPCBENCH_SUITE:+--suite "$RPCBENCH_SUITE"} "${records[@]}"
}

stamp="$(date +%Y%m%d-%H%M%S)" suffix=""; [[ "$side" == client ]] && suffix=-client
if [[ "$side" == server ]]; then
  jfr="" flame=""
  $profiling && { mkdir -p "$ROOT/results"; jfr="$ROOT/results/$pair-server-$stamp.jfr" flame="${jfr%.jfr}-flame.html"
    flame_lib="$(profiler_lib "$(jar_of "$pair-server")")"; }
  mapfile -d '' cmd < <(server_command "$port" "$jfr" "$flame")
  exec "${cmd[@]}"
fi

[[ -n "$result" ]] || result="$ROOT/results/$pair$suffix-$stamp/jmh.json"
mkdir -p "$(dirname "$result")"
result="$(cd "$(dirname "$result")" && pwd)/$(basename "$result")"
out_dir="$(dirname "$result")"
if $profiling; then
  flame_lib="$(profiler_lib "$(jar_of "$pair-client")")" flame_dir="$out_dir/flame"
  [[ -n "$flame_lib" ]] || echo "benchmark.sh: no async-profiler library for this platform: flight recordings only" >&2
fi
(( ${#concurrency[@]} > 0 )) || concurrency=("")

# A pair: a server and a client on this machine; a client alone: against the server given. Processes are
# stopped by PID, children first.
server_pid="" client_pid="" server_port="$port"
tree() { local child; for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do tree "$child"; done; echo "$1"; }
stop_all() { # SIGTERM to every process of both trees, SIGKILL to any still there 10 s later
  local pids pid; pids="$( { [[ -n "$client_pid" ]] && tree "$client_pid"; [[ -n "$server_pid" ]] && tree "$server_pid"; } || true)"
  for pid in $pids; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in $pids; do for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done; kill -KILL "$pid" 2>/dev/null || true; done
}
trap 'stop_all' EXIT
trap 'echo "benchmark.sh: interrupted; stopping" >&2; stop_all; exit 130' INT
trap 'echo "benchmark.sh: terminated; stopping" >&2; stop_all; exit 143' TERM

if [[ "$side" == pair ]]; then
  server_log="$out_dir/server.log" jfr="" server_flame=""
  $profiling && jfr="$out_dir/server.jfr" server_flame="$out_dir/server-flame.html"
  mapfile -d '' cmd < <(server_command "${port:-0}" "$jfr" "$server_flame")
  export RPCBENCH_SERVER_COMMAND="${cmd[*]}"
  "${cmd[@]}" >"$server_log" 2>&1 &
  server_pid=$!
  disown "$server_pid" # watched by PID below; no job notice from bash when it ends
  bound=""
  for _ in $(seq 1 $((READY_TIMEOUT_SECONDS * 10))); do
    if ready=$(grep -m1 "^rpc-bench server ready:" "$server_log" 2>/dev/null); then
      bound="$(sed -E 's/.* on ([^ ]+) \(pid.*/\1/' <<<"$ready")"; break
    fi
    if ! kill -0 "$server_pid" 2>/dev/null; then why="$(grep -m1 "^rpc-bench server" "$server_log" || tail -1 "$server_log")"
      [[ "$why" == "rpc-bench server: switch "* ]] && fail "the $pair server did not start: $why" 2 # a bad -o, as it judged it
      fail "the $pair server did not start: $why"
    fi
    sleep 0.1
  done
  [[ -n "$bound" ]] || fail "the $pair server printed no ready line within ${READY_TIMEOUT_SECONDS}s (see $server_log)"
  echo "benchmark.sh: $pair server on $bound (pid $server_pid, log $server_log)"
  server_port="${bound##*:}"
fi

status=0
for conc in "${concurrency[@]}"; do
  [[ -n "$conc" && ${#concurrency[@]} -gt 1 ]] && echo "benchmark.sh: concurrency $conc"
  mapfile -d '' cmd < <(client_command "$server_port" "$(result_for "$result" "$conc")" "$conc" "$server_pid")
  "${cmd[@]}" &
  client_pid=$!
  server_died=false # a server that dies mid-run ends the run within a second, not minutes of failing calls
  while kill -0 "$client_pid" 2>/dev/null; do
    if [[ -n "$server_pid" ]] && ! kill -0 "$server_pid" 2>/dev/null; then
      server_died=true server_pid=""
      echo "benchmark.sh: the $pair server died during the run; stopping the client (server log: $server_log)" >&2
      stop_all; break
    fi
    sleep 0.5
  done
  set +e; wait "$client_pid"; one=$?; set -e; client_pid=""
  (( one > status )) && status=$one
  # the client may have ended first, its calls refused by a server that had just died
  if ! $server_died && [[ -n "$server_pid" ]] && ! kill -0 "$server_pid" 2>/dev/null; then
    server_died=true server_pid=""
    echo "benchmark.sh: the $pair server died during the run (server log: $server_log)" >&2
  fi
  $server_died && { status=1; break; }
done
stop_all; server_pid=""
after_runs || { (( status > 0 )) || status=1; }
$profiling && echo "benchmark.sh: flight recordings: ${jfr:-} (server), $out_dir/jfr (client forks)"
[[ -n "$flame_lib" ]] && echo "benchmark.sh: flame graphs: ${server_flame:-} (server), $flame_dir (client, per case)"
exit "$status"
