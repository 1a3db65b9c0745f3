#!/usr/bin/env bash
# rpc-bench: build what a module needs and run it.
#
#   ./benchmark.sh [options] PAIR          server and client of PAIR on loopback, then the summary
#   ./benchmark.sh [options] PAIR-server   a server, in the foreground, until Ctrl-C or SIGTERM
#   ./benchmark.sh [options] PAIR-client   a client against a server already running (-s, -p)
#
# Exit codes: the client's (0 passed, 1 errors or failed cases, 2 bad options, 3 server unreachable);
# 2 for bad options here; 1 when the build or the server start fails.
set -euo pipefail

readonly ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly SERVER_JVM_OPTS_DEFAULT="-Xms2g -Xmx2g -XX:MaxDirectMemorySize=1g -XX:+UseG1GC"
readonly READY_TIMEOUT_SECONDS=60

pairs() {
  local dir pair
  for dir in "$ROOT"/*-server; do
    pair="$(basename "$dir")"
    pair="${pair%-server}"
    [[ -f "$dir/pom.xml" && -f "$ROOT/$pair-client/pom.xml" ]] && echo "$pair"
  done
}

usage() {
  cat <<EOF
Usage: ./benchmark.sh [options] MODULE

MODULE is a pair (server and client on loopback), PAIR-server or PAIR-client. Pairs:
$(pairs | sed 's/^/  /')

Options:
  -s HOST     server address: where the server listens, where the client connects (default 127.0.0.1)
  -p PORT     server port (default: a free port for a pair run, else the binding's own port)
  -f FILE     JMH JSON result file; run.json goes beside it (default results/PAIR-TIME/jmh.json)
  -a "OPTS"   JMH options for the client, e.g. -a "-wi 1 -w 3s -i 2 -r 5s" or -a "-t 64 getUser"
  -o NAME=VALUE
              a framework switch, set alike on the server, the client and its JMH forks, recorded in
              run.json; repeatable. Dubbo pairs: dubbo.filters=none|default (Dubbo's default filter
              chain; default none), dubbo.decode-in-io=on|off (dubbo protocol; default on).
              A pair's client --help lists its switches.
  -n          no build: run the jars as they are (after mvn package; CI uses it after mvn verify)
  -b "OPTS"   extra Maven options for the build, e.g. -b "-Ddubbo.version=3.3.5" to benchmark another
              Dubbo release or a locally installed snapshot (the default stays pinned in pom.xml)
  -m profiling
              record Java Flight Recorder files for the server and every client fork, beside the results
  -c          pin the server to CPU 0 and the client to the other CPUs (taskset), for steadier numbers
  -l          list the pairs, one a line
  -h          this help

Environment: SERVER_JVM_OPTS overrides the server's JVM options ($SERVER_JVM_OPTS_DEFAULT).
EOF
}

die_usage() {
  echo "benchmark.sh: $1" >&2
  echo >&2
  usage >&2
  exit 2
}

host=127.0.0.1
port=""
result=""
jmh_opts=""
switches=()
build_opts=""
skip_build=false
profiling=false
pin=false
while getopts ":s:p:f:a:o:b:m:nclh" opt; do
  case "$opt" in
    s) host="$OPTARG" ;;
    p) [[ "$OPTARG" =~ ^[0-9]+$ ]] && (( OPTARG <= 65535 )) || die_usage "-p needs a port number, got '$OPTARG'"
       port="$OPTARG" ;;
    f) result="$OPTARG" ;;
    a) jmh_opts="$OPTARG" ;;
    o) [[ "$OPTARG" =~ ^[a-z0-9.-]+=[^[:space:]]+$ ]] || die_usage "-o needs NAME=VALUE, got '$OPTARG'"
       switches+=("-Drpcbench.switch.$OPTARG") ;;
    b) build_opts="$OPTARG" ;;
    n) skip_build=true ;;
    m) [[ "$OPTARG" == profiling || "$OPTARG" == jfr ]] || die_usage "-m knows only 'profiling', got '$OPTARG'"
       profiling=true ;;
    c) pin=true ;;
    l) pairs; exit 0 ;;
    h) usage; exit 0 ;;
    :) die_usage "-$OPTARG needs a value" ;;
    \?) die_usage "unknown option -$OPTARG" ;;
  esac
done
shift $((OPTIND - 1))
[[ -n "$build_opts" ]] && $skip_build && die_usage "-b (build options) and -n (no build) do not go together"
(( $# == 1 )) || die_usage "name one module (got $#)"
module="$1"

case "$module" in
  *-server) pair="${module%-server}"; side=server ;;
  *-client) pair="${module%-client}"; side=client ;;
  *) pair="$module"; side=pair ;;
esac
known="$(pairs)"
grep -qx -- "$pair" <<<"$known" || die_usage "unknown module '$module'"

command -v java >/dev/null || { echo "benchmark.sh: java is not on the PATH (JDK 17 or newer is needed)" >&2; exit 1; }
command -v mvn >/dev/null || { echo "benchmark.sh: mvn is not on the PATH (Maven 3.8 or newer is needed)" >&2; exit 1; }

# pinning: the server gets CPU 0, the client (its launcher and JMH forks) the rest
server_cpus=""
client_cpus=""
if $pin; then
  command -v taskset >/dev/null || { echo "benchmark.sh: -c needs taskset (util-linux)" >&2; exit 1; }
  cpus=$(nproc)
  (( cpus >= 2 )) || { echo "benchmark.sh: -c needs at least 2 CPUs, this machine has $cpus" >&2; exit 1; }
  server_cpus=0
  client_cpus="1-$((cpus - 1))"
  export RPCBENCH_PINNING="server on CPU $server_cpus, client on CPUs $client_cpus"
fi

# Build exactly the modules this run needs (and what they depend on), every time: Maven recompiles
# only what changed, and a stale jar is never run.
build() {
  local modules="$1" log module
  if $skip_build; then
    for module in ${modules//,/ }; do
      [[ -f "$(jar_of "$module")" ]] || { echo "benchmark.sh: $(jar_of "$module") is not built (run mvn package, or drop -n)" >&2; exit 1; }
    done
    return 0
  fi
  log="$(mktemp)"
  echo "benchmark.sh: building $modules ..."
  if ! (cd "$ROOT" && mvn -B -q "${build_args[@]}" -pl "$modules" -am package -DskipTests) >"$log" 2>&1; then
    echo "benchmark.sh: the build of $modules failed:" >&2
    grep -E "ERROR|BUILD" "$log" | head -20 >&2 || tail -20 "$log" >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
}

jar_of() { echo "$ROOT/$1/target/$1.jar"; }

export RPCBENCH_GIT_COMMIT="$(cd "$ROOT" && git rev-parse HEAD 2>/dev/null || echo unknown)$(cd "$ROOT" && [[ -n "$(git status --porcelain 2>/dev/null)" ]] && echo "+dirty" || true)"

read -r -a jmh_args <<<"$jmh_opts"
read -r -a build_args <<<"$build_opts"
read -r -a server_jvm <<<"${SERVER_JVM_OPTS:-$SERVER_JVM_OPTS_DEFAULT}"

client_command() {
  local cmd=()
  [[ -n "$client_cpus" ]] && cmd+=(taskset -c "$client_cpus")
  cmd+=(java "${switches[@]}" -jar "$(jar_of "$pair-client")" --host "$host")
  [[ -n "$1" ]] && cmd+=(--port "$1")
  [[ -n "$2" ]] && cmd+=(--result "$2")
  $profiling && cmd+=(--jfr)
  cmd+=("${jmh_args[@]}")
  printf '%s\0' "${cmd[@]}"
}

server_command() {
  local port_arg="$1" jfr_file="$2" cmd=()
  [[ -n "$server_cpus" ]] && cmd+=(taskset -c "$server_cpus")
  cmd+=(java "${server_jvm[@]}" "${switches[@]}")
  [[ -n "$jfr_file" ]] && cmd+=("-XX:StartFlightRecording=filename=$jfr_file,settings=profile,dumponexit=true")
  cmd+=(-jar "$(jar_of "$pair-server")" --host "$host")
  [[ -n "$port_arg" ]] && cmd+=(--port "$port_arg")
  printf '%s\0' "${cmd[@]}"
}

case "$side" in
  server)
    build "$pair-server"
    jfr=""
    $profiling && jfr="$ROOT/results/$pair-server-$(date +%Y%m%d-%H%M%S).jfr" && mkdir -p "$ROOT/results"
    mapfile -d '' cmd < <(server_command "$port" "$jfr")
    exec "${cmd[@]}"
    ;;
  client)
    build "$pair-client"
    mapfile -d '' cmd < <(client_command "$port" "$result")
    exec "${cmd[@]}"
    ;;
esac

# A pair: server and client on this machine.
build "$pair-server,$pair-client"
if [[ -n "$result" ]]; then
  mkdir -p "$(dirname "$result")"
  result="$(cd "$(dirname "$result")" && pwd)/$(basename "$result")"
  out_dir="$(dirname "$result")"
else
  out_dir="$ROOT/results/$pair-$(date +%Y%m%d-%H%M%S)"
  result="$out_dir/jmh.json"
fi
mkdir -p "$out_dir"
server_log="$out_dir/server.log"
jfr=""
$profiling && jfr="$out_dir/server.jfr"

server_pid=""
client_pid=""
# A process and everything it started (the client's JMH forks), children first, by PID.
tree() {
  local child
  for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do
    tree "$child"
  done
  echo "$1"
}
stop_all() {
  local pids pid
  # collected before anything is stopped: a fork whose parent is gone can no longer be found
  pids="$( { [[ -n "$client_pid" ]] && tree "$client_pid"; [[ -n "$server_pid" ]] && tree "$server_pid"; } || true)"
  for pid in $pids; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in $pids; do
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null || true
  done
  return 0
}
trap 'stop_all' EXIT
trap 'echo "benchmark.sh: interrupted; stopping" >&2; stop_all; exit 130' INT
trap 'echo "benchmark.sh: terminated; stopping" >&2; stop_all; exit 143' TERM

mapfile -d '' cmd < <(server_command "${port:-0}" "$jfr")
export RPCBENCH_SERVER_COMMAND="${cmd[*]}"
"${cmd[@]}" >"$server_log" 2>&1 &
server_pid=$!
disown "$server_pid" # watched by PID below; no job notice from bash when it ends

bound=""
for _ in $(seq 1 $((READY_TIMEOUT_SECONDS * 10))); do
  if ready=$(grep -m1 "^rpc-bench server ready:" "$server_log" 2>/dev/null); then
    bound="$(sed -E 's/.* on ([^ ]+) \(pid.*/\1/' <<<"$ready")"
    break
  fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    why="$(grep -m1 "^rpc-bench server" "$server_log" || tail -1 "$server_log")"
    echo "benchmark.sh: the $pair server did not start: $why" >&2
    [[ "$why" == "rpc-bench server: switch "* ]] && exit 2 # a bad -o, as the server judged it
    exit 1
  fi
  sleep 0.1
done
[[ -n "$bound" ]] || { echo "benchmark.sh: the $pair server printed no ready line within ${READY_TIMEOUT_SECONDS}s (see $server_log)" >&2; exit 1; }
echo "benchmark.sh: $pair server on $bound (pid $server_pid, log $server_log)"

mapfile -d '' cmd < <(client_command "${bound##*:}" "$result")
"${cmd[@]}" &
client_pid=$!
# a server that dies mid-run ends the run within a second, instead of minutes of failing calls
server_died=false
while kill -0 "$client_pid" 2>/dev/null; do
  if ! kill -0 "$server_pid" 2>/dev/null; then
    server_died=true
    echo "benchmark.sh: the $pair server died during the run; stopping the client (server log: $server_log)" >&2
    server_pid=""
    stop_all
    break
  fi
  sleep 0.5
done
set +e
wait "$client_pid"
status=$?
set -e
client_pid=""
if $server_died; then
  status=1
fi
stop_all
server_pid=""
$profiling && echo "benchmark.sh: flight recordings: $jfr (server), $out_dir/jfr (client forks)"
exit "$status"
