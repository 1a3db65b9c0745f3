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

# the suites: each reproduces one seed experiment with the pairs that exist, in its table's row order
# (raw-netty, the plain-Netty transport ceiling, last where it applies), with the seed's cases and
# concurrency; "" means the defaults (the four UserService calls; 32 calls in flight)
suite_pairs() {
  case "$1" in
    seed-000) echo "dubbo27-hessian dubbo-hessian dubbo-protobuf triple-protobuf triple-hessian" ;;
    seed-001) echo "dubbo-kryo dubbo-fst dubbo-hessian dubbo-fastjson triple-protobuf" ;;
    seed-002-004) echo "grpc-protobuf dubbo-protobuf triple-protobuf motan thrift raw-netty" ;;
    seed-003) echo "dubbo27-hessian dubbo-hessian rmi http-json raw-netty" ;;
    all) pairs | tr '\n' ' ' ;;
    *) return 1 ;;
  esac
}
suite_cases() {
  case "$1" in
    seed-000) echo "ping getUser listUser" ;;
    seed-002-004) echo "say" ;;
    seed-003) echo "echo1K echo50K echo200K echoPojo" ;;
    *) echo "" ;;
  esac
}
suite_concurrency() {
  case "$1" in
    seed-002-004) echo "100,500,1000" ;;
    seed-003) echo "10" ;;
    *) echo "" ;;
  esac
}
suite_title() {
  case "$1" in
    seed-000) echo "seed 000: Dubbo 2.7 and 3.x, hessian2 and protobuf, dubbo and Triple; no argument, a POJO, a POJO list" ;;
    seed-001) echo "seed 001: serializations inside Dubbo, the four UserService calls" ;;
    seed-002-004) echo "seeds 002 and 004: BenchmarkMessage say() across frameworks at 100, 500 and 1000 calls in flight" ;;
    seed-003) echo "seed 003: echo of 1 KB, 50 KB and 200 KB strings and a ~1 KB nested object, 10 calls in flight" ;;
    all) echo "every pair, the four UserService calls" ;;
  esac
}
readonly SUITES="seed-000, seed-001, seed-002-004, seed-003, all"

# JMH settings of a suite's profile
profile_opts() {
  case "$1" in
    smoke) echo "-wi 1 -w 1s -i 2 -r 1s" ;;
    quick) echo "-wi 2 -w 5s -i 4 -r 5s" ;;
    full) echo "-f 3 -wi 5 -w 10s -i 5 -r 10s" ;;
    *) return 1 ;;
  esac
}

usage() {
  cat <<EOF
Usage: ./benchmark.sh [options] MODULE
       ./benchmark.sh [options] suite NAME
       ./benchmark.sh [options] soak PAIR
       ./benchmark.sh compare [--threshold PERCENT] [--allow-different-settings] BASELINE CURRENT
       ./benchmark.sh merge OUT_DIR CLIENT_RESULT_DIR CLIENT_RESULT_DIR...
       ./benchmark.sh history PAIR CASE [--limit N]

MODULE is a pair (server and client on loopback), PAIR-server or PAIR-client. Pairs:
$(pairs | sed 's/^/  /')

A suite runs its pairs one after another on loopback, with its seed's cases and concurrency, and prints
one table: ops/s and p99 per pair and case (also written as suite.md and suite.csv), or for a sweep
suite throughput, mean, median, min, max, p99 and success rate per pair and concurrency (suite.md), and
suite.html: the table, charts and each pair and case's trend over the history store, in one offline file.
Suites: $SUITES. Its JMH settings come from -P; -t replaces its concurrency.

soak runs PAIR's getUser for -D (default 30m) with GC logs on both sides, then a verdict: errors,
full GCs, growth of the heap left after young collections (limit 200 MB), throughput drift between the
first and last fifth of the iterations (limit 10 %); exit 1 when any fails.

compare reads two sets of runs (run.json files, or directories holding them: a pair run, a suite) and
gives, per pair and case, the change in throughput with a 95 % interval and a permutation test on the
iteration scores, the change in p99, and a verdict; exit 1 when something got slower beyond the
threshold (default 5 %), 3 when the runs' settings differ.

merge makes one run record of several client hosts that ran the same pair against one server at the
same time (each client's -f directory): throughput summed, latency from the merged histograms.

history lists the stored runs of a pair and case. Every run's record is kept in the history store:
results/history.db (SQLite) unless RPCBENCH_HISTORY names another file or a PostgreSQL database by JDBC
URL (jdbc:postgresql://HOST:PORT/DB; RPCBENCH_HISTORY_USER and RPCBENCH_HISTORY_PASSWORD), or is "off".

Options:
  -s HOST     server address: where the server listens, where the client connects (default 127.0.0.1)
  -p PORT     server port (default: a free port for a pair run, else the binding's own port)
  -f FILE     JMH JSON result file; run.json goes beside it (default results/PAIR-TIME/jmh.json)
  -a "OPTS"   options for the client, passed as they are: JMH's (-a "-wi 1 -w 3s -i 2 -r 5s getUser"),
              or with -r the open loop's (-a "--warmup-seconds 5 --measure-seconds 20 getUser")
  -t N[,N...] concurrency: calls in flight at once on the one connection (JMH threads; default 32).
              Several values run the client once per value against the same server, then print a
              sweep table (throughput, mean, median, min, max, p99, success rate), e.g. -t 100,500,1000
  -r RATE     open loop: RATE calls per second on a fixed schedule instead of JMH's closed loop, timed
              from when each call was due (coordinated omission corrected) and from when it was sent
  -o NAME=VALUE
              a framework switch, set alike on the server, the client and its JMH forks, recorded in
              run.json; repeatable. Dubbo pairs: dubbo.filters=none|default (Dubbo's default filter
              chain; default none), dubbo.decode-in-io=on|off (dubbo protocol; default on).
              A pair's client --help lists its switches.
  -n          no build: run the jars as they are (after mvn package; CI uses it after mvn verify)
  -b "OPTS"   extra Maven options for the build, e.g. -b "-Ddubbo.version=3.3.5" to benchmark another
              Dubbo release or a locally installed snapshot (the default stays pinned in pom.xml)
  -m profiling
              record Java Flight Recorder files for the server and every client fork, and CPU flame
              graphs (async-profiler, HTML) of the server and of each case's measured iterations,
              beside the results
  -c          pin the server to CPU 0 and the client to the other CPUs (taskset), for steadier numbers
  -P PROFILE  a suite's effort: smoke (seconds a pair, for CI), quick (default, about 2½ minutes a
              pair) or full (3 forks, 5 x 10 s warm-up and measurement: about 20 minutes a pair);
              -a replaces the profile's JMH options
  -D DURATION how long a soak runs: 90s, 30m, 2h (default 30m)
  -l          list the pairs, one a line
  -h          this help

Environment: SERVER_JVM_OPTS overrides the server's JVM options ($SERVER_JVM_OPTS_DEFAULT);
CLIENT_JVM_OPTS those of an open-loop client, which sends from its own JVM (same default).
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
concurrency=()
rate=""
profile=""
switch_values=()
soak_seconds=""
while getopts ":s:p:f:a:o:b:m:t:r:P:D:nclh" opt; do
  case "$opt" in
    s) host="$OPTARG" ;;
    p) [[ "$OPTARG" =~ ^[0-9]+$ ]] && (( OPTARG <= 65535 )) || die_usage "-p needs a port number, got '$OPTARG'"
       port="$OPTARG" ;;
    f) result="$OPTARG" ;;
    a) jmh_opts="$OPTARG" ;;
    o) [[ "$OPTARG" =~ ^[a-z0-9.-]+=[^[:space:]]+$ ]] || die_usage "-o needs NAME=VALUE, got '$OPTARG'"
       switches+=("-Drpcbench.switch.$OPTARG")
       switch_values+=("$OPTARG") ;;
    b) build_opts="$OPTARG" ;;
    t) [[ "$OPTARG" =~ ^[1-9][0-9]*(,[1-9][0-9]*)*$ ]] || die_usage "-t needs positive whole numbers separated by commas, got '$OPTARG'"
       IFS=, read -r -a concurrency <<<"$OPTARG" ;;
    r) [[ "$OPTARG" =~ ^[1-9][0-9]*$ ]] || die_usage "-r needs a rate in calls per second (a positive whole number), got '$OPTARG'"
       rate="$OPTARG" ;;
    n) skip_build=true ;;
    m) [[ "$OPTARG" == profiling || "$OPTARG" == jfr ]] || die_usage "-m knows only 'profiling', got '$OPTARG'"
       profiling=true ;;
    P) profile_opts "$OPTARG" >/dev/null || die_usage "-P knows smoke, quick and full, not '$OPTARG'"
       profile="$OPTARG" ;;
    D) [[ "$OPTARG" =~ ^([1-9][0-9]*)([smh])$ ]] || die_usage "-D needs a duration such as 90s, 30m or 2h, got '$OPTARG'"
       case "${BASH_REMATCH[2]}" in s) soak_seconds=${BASH_REMATCH[1]} ;; m) soak_seconds=$(( BASH_REMATCH[1] * 60 )) ;;
         h) soak_seconds=$(( BASH_REMATCH[1] * 3600 )) ;; esac
       (( soak_seconds >= 50 )) || die_usage "a soak needs at least 50s to have ten iterations of 5 s"
       ;;
    c) pin=true ;;
    l) pairs; exit 0 ;;
    h) usage; exit 0 ;;
    :) die_usage "-$OPTARG needs a value" ;;
    \?) die_usage "unknown option -$OPTARG" ;;
  esac
done
shift $((OPTIND - 1))
[[ -n "$build_opts" ]] && $skip_build && die_usage "-b (build options) and -n (no build) do not go together"
[[ -n "$rate" ]] && $profiling && die_usage "-m profiling records JMH's forks; an open-loop run (-r) has none"
if [[ "${1:-}" == suite ]]; then
  (( $# == 2 )) || die_usage "suite needs one name: $SUITES"
  suite_pairs "$2" >/dev/null || die_usage "unknown suite '$2'; suites: $SUITES"
  [[ -z "$rate" ]] || die_usage "a suite runs JMH's closed loop; -r does not apply"
  [[ -z "$result" && -z "$port" && "$host" == 127.0.0.1 ]] || die_usage "a suite runs on loopback into its own directory: -s, -p and -f do not apply"
  $profiling && die_usage "-m profiling is for one pair, not a suite"
elif [[ "${1:-}" == soak ]]; then
  (( $# == 2 )) || die_usage "soak needs one pair"
  [[ -z "$jmh_opts" && -z "$rate" && ${#concurrency[@]} -le 1 && -z "$profile" ]] \
    || die_usage "a soak runs getUser closed-loop for -D; -a, -r, -P and sweeps do not apply"
  soak=true
  shift
elif [[ "${1:-}" == merge ]]; then
  (( $# >= 4 )) || die_usage "merge needs an output directory and two or more client result directories"
  [[ -z "$profile" && -z "$jmh_opts" && -z "$rate" ]] || die_usage "merge takes no run options"
elif [[ "${1:-}" == history ]]; then
  (( $# == 3 || $# == 5 )) || die_usage "history needs a pair and a case (and optionally --limit N)"
  [[ -z "$profile" && -z "$jmh_opts" && -z "$rate" ]] || die_usage "history takes no run options"
elif [[ "${1:-}" == compare ]]; then
  [[ -z "$profile" && -z "$jmh_opts" && -z "$rate" ]] || die_usage "compare takes its own options, after the word compare"
elif [[ -n "$profile" ]]; then
  die_usage "-P (profile) is for suites"
elif [[ -n "$soak_seconds" ]]; then
  die_usage "-D (duration) is for soak runs"
else
  (( $# == 1 )) || die_usage "name one module (got $#)"
fi
module="$1"
soak="${soak:-false}"
$soak && [[ "$module" == *-server || "$module" == *-client ]] && die_usage "soak runs a pair, server and client: name the pair"

case "$module" in
  suite) pair=""; side=suite ;;
  compare) pair=""; side=compare ;;
  merge) pair=""; side=merge ;;
  history) pair=""; side=history ;;
  *-server) pair="${module%-server}"; side=server ;;
  *-client) pair="${module%-client}"; side=client ;;
  *) pair="$module"; side=pair ;;
esac
known="$(pairs)"
[[ "$side" == suite || "$side" == compare || "$side" == merge || "$side" == history ]] || grep -qx -- "$pair" <<<"$known" || die_usage "unknown module '$module'"

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

# async-profiler's native library, taken from a built jar (every pair's jars carry the Maven Central
# artifact, which holds the library for each platform); empty where there is none for this platform
profiler_lib() {
  local jar="$1" arch dir
  [[ "$(uname -s)" == Linux ]] || return 0
  case "$(uname -m)" in x86_64) arch=linux-x64 ;; aarch64) arch=linux-arm64 ;; *) return 0 ;; esac
  dir="$ROOT/results/.async-profiler"
  if [[ ! -f "$dir/$arch/libasyncProfiler.so" || "$jar" -nt "$dir/$arch/libasyncProfiler.so" ]]; then
    mkdir -p "$dir"
    python3 - "$jar" "$arch/libasyncProfiler.so" "$dir" <<'PY' || return 0
import sys, zipfile
zipfile.ZipFile(sys.argv[1]).extract(sys.argv[2], sys.argv[3])
PY
  fi
  echo "$dir/$arch/libasyncProfiler.so"
}
# CPU samples from perf events where this user may read them, else from the CPU-time timer
profiler_event() {
  if [[ "$(id -u)" == 0 ]] || (( $(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 3) <= 1 )); then
    echo cpu
  else
    echo itimer
  fi
}
flame_lib=""
flame_dir=""

export RPCBENCH_GIT_COMMIT="$(cd "$ROOT" && git rev-parse HEAD 2>/dev/null || echo unknown)$(cd "$ROOT" && [[ -n "$(git status --porcelain 2>/dev/null)" ]] && echo "+dirty" || true)"

read -r -a jmh_args <<<"$jmh_opts"
read -r -a build_args <<<"$build_opts"
read -r -a server_jvm <<<"${SERVER_JVM_OPTS:-$SERVER_JVM_OPTS_DEFAULT}"

read -r -a client_jvm <<<"${CLIENT_JVM_OPTS:-$SERVER_JVM_OPTS_DEFAULT}"

# PORT RESULT CONCURRENCY SERVER_PID (each may be empty)
client_command() {
  local cmd=()
  [[ -n "$client_cpus" ]] && cmd+=(taskset -c "$client_cpus")
  cmd+=(java)
  # a closed-loop launcher only starts JMH forks, which get their JVM options from it; an open-loop
  # client sends from its own JVM, so it gets the same options as a fork
  [[ -n "$rate" ]] && cmd+=("${client_jvm[@]}")
  cmd+=("${switches[@]}" -jar "$(jar_of "$pair-client")" --host "$host")
  [[ -n "$1" ]] && cmd+=(--port "$1")
  [[ -n "$2" ]] && cmd+=(--result "$2")
  [[ -n "$3" ]] && cmd+=(--concurrency "$3")
  [[ -n "$4" ]] && cmd+=(--server-pid "$4")
  [[ -n "$rate" ]] && cmd+=(--rate "$rate")
  $profiling && cmd+=(--jfr)
  if [[ -n "$flame_lib" && -n "$flame_dir" ]]; then
    # JMH's own async-profiler integration: measured iterations only, one graph per case
    cmd+=(-prof "async:libPath=$flame_lib;event=$(profiler_event);output=flamegraph;dir=$flame_dir")
  fi
  cmd+=("${jmh_args[@]}")
  printf '%s\0' "${cmd[@]}"
}

# where the run of one concurrency value writes, given the run's result file
result_for() {
  local file="$1" conc="$2"
  if (( ${#concurrency[@]} > 1 )); then
    echo "$(dirname "$file")/c$conc/$(basename "$file")"
  else
    echo "$file"
  fi
}

run_record_of() {
  local file="$1" stem
  stem="$(basename "$file" .json)"
  if [[ "$stem" == jmh ]]; then echo "$(dirname "$file")/run.json"; else echo "$(dirname "$file")/$stem.run.json"; fi
}

sweep_table() {
  local records=() conc file
  (( ${#concurrency[@]} > 1 )) || return 0
  for conc in "${concurrency[@]}"; do
    file="$(run_record_of "$(result_for "$1" "$conc")")"
    [[ -f "$file" ]] && records+=("$file")
  done
  (( ${#records[@]} > 0 )) || return 0
  echo
  java -cp "$(jar_of "$pair-client")" org.rpcbench.report.SweepTable "${records[@]}" || true
}

server_command() {
  local port_arg="$1" jfr_file="$2" flame_file="${3:-}" cmd=()
  [[ -n "$server_cpus" ]] && cmd+=(taskset -c "$server_cpus")
  cmd+=(java "${server_jvm[@]}" "${switches[@]}")
  [[ -n "$jfr_file" ]] && cmd+=("-XX:StartFlightRecording=filename=$jfr_file,settings=profile,dumponexit=true")
  # from start to exit (written when the server is stopped): warm-up included, as the server cannot tell
  [[ -n "$flame_file" && -n "$flame_lib" ]] && cmd+=("-agentpath:$flame_lib=start,event=$(profiler_event),file=$flame_file")
  cmd+=(-jar "$(jar_of "$pair-server")" --host "$host")
  [[ -n "$port_arg" ]] && cmd+=(--port "$port_arg")
  printf '%s\0' "${cmd[@]}"
}

# the history store: results/history.db (SQLite) by default, RPCBENCH_HISTORY's file or JDBC URL, or none
history_store() {
  case "${RPCBENCH_HISTORY:-}" in
    off) ;;
    "") echo "$ROOT/results/history.db" ;;
    *) echo "$RPCBENCH_HISTORY" ;;
  esac
}
# keeps the run records given (those that exist) in the history store, with the suite's name if in one
record_history() {
  local store files=() f
  store="$(history_store)"
  [[ -n "$store" ]] || return 0
  for f in "$@"; do [[ -f "$f" ]] && files+=("$f"); done
  (( ${#files[@]} )) || return 0
  java -cp "$(jar_of "$pair-client")" org.rpcbench.history.HistoryMain record "$store" \
    ${RPCBENCH_SUITE:+--suite "$RPCBENCH_SUITE"} "${files[@]}"
}

fmt_seconds() { printf '%dm%02ds' $(( $1 / 60 )) $(( $1 % 60 )); }

# Runs each pair of the suite through this script, one after another, carrying on past a failed pair;
# then the table. Exit 1 if any pair failed.
run_suite() {
  local name="$2" dir list modules="" p i=0 n start elapsed eta opts status failed=() tables=() child conc records=() c
  list="$(suite_pairs "$name")"
  n=$(wc -w <<<"$list")
  opts="${jmh_opts:-$(profile_opts "${profile:-quick}")}"
  opts+="${opts:+ }$(suite_cases "$name")"
  if (( ${#concurrency[@]} > 0 )); then
    conc="$(IFS=,; echo "${concurrency[*]}")"
  else
    conc="$(suite_concurrency "$name")"
  fi
  for p in $list; do modules+="${modules:+,}$p-server,$p-client"; done
  build "$modules"
  dir="$ROOT/results/suite-$name-$(date +%Y%m%d-%H%M%S)"
  mkdir -p "$dir"
  child=""
  # a pair's run is a background child, which does not see the terminal's Ctrl-C: it is told to stop
  # (it then stops its server and client), and waited for
  stop_child() { if [[ -n "$child" ]]; then kill -TERM "$child" 2>/dev/null || true; wait "$child" || true; fi; }
  trap 'stop_child; echo "benchmark.sh: suite stopped" >&2; exit 143' TERM
  trap 'stop_child; echo "benchmark.sh: suite interrupted" >&2; exit 130' INT
  export RPCBENCH_SUITE="$name"
  history=()
  [[ -n "$(history_store)" ]] && history=(--history "$(history_store)")
  start=$(date +%s)
  for p in $list; do
    i=$((i + 1))
    elapsed=$(( $(date +%s) - start ))
    eta=""
    (( i > 1 )) && eta=", about $(fmt_seconds $(( elapsed * (n - i + 1) / (i - 1) ))) left"
    echo "benchmark.sh: suite $name: pair $i of $n ($p), $(fmt_seconds "$elapsed") elapsed$eta"
    args=(-n -f "$dir/$p/jmh.json" -a "$opts")
    [[ -n "$conc" ]] && args+=(-t "$conc")
    for sw in "${switch_values[@]}"; do args+=(-o "$sw"); done
    $pin && args+=(-c)
    "$ROOT/benchmark.sh" "${args[@]}" "$p" &
    child=$!
    set +e
    wait "$child"
    status=$?
    set -e
    child=""
    if (( status != 0 )); then
      failed+=("$p")
      echo "benchmark.sh: suite $name: $p FAILED (exit $status); carrying on" >&2
    fi
    tables+=("$p=$dir/$p/run.json")
    if [[ "$conc" == *,* ]]; then
      for c in ${conc//,/ }; do records+=("$p=$dir/$p/c$c/run.json"); done
    fi
  done
  echo
  echo "benchmark.sh: suite $name: $n pairs in $(fmt_seconds $(( $(date +%s) - start ))), results in $dir"
  if [[ "$conc" == *,* ]]; then
    java -cp "$(jar_of "${list%% *}-client")" org.rpcbench.report.SweepTable --suite \
      "$(suite_title "$name") (${profile:-quick} profile: $opts)" "$dir" "${history[@]}" "${records[@]}" || failed+=("(the table)")
  else
    java -cp "$(jar_of "${list%% *}-client")" org.rpcbench.report.SuiteTable \
      "$(suite_title "$name") (${profile:-quick} profile: $opts${conc:+, concurrency $conc})" "$dir" "${history[@]}" \
      --order "$(suite_cases "$name")" "${tables[@]}" || failed+=("(the table)")
  fi
  if (( ${#failed[@]} )); then
    echo "benchmark.sh: suite $name FAILED for: ${failed[*]}" >&2
    exit 1
  fi
  exit 0
}

case "$side" in
  suite)
    run_suite "$@"
    ;;
  compare)
    # the comparison is in every client jar: built fresh like any run's, or with -n any one already built
    jar="$(jar_of dubbo-hessian-client)"
    if $skip_build; then
      jar="$(ls "$ROOT"/*-client/target/*-client.jar 2>/dev/null | head -1 || true)"
      [[ -n "$jar" ]] || { echo "benchmark.sh: no client jar is built (run mvn package, or drop -n)" >&2; exit 1; }
    else
      build dubbo-hessian-client >&2
    fi
    exec java -cp "$jar" org.rpcbench.report.Compare "${@:2}"
    ;;
  history)
    store="$(history_store)"
    [[ -n "$store" ]] || { echo "benchmark.sh: RPCBENCH_HISTORY is off: there is no history store to read" >&2; exit 2; }
    jar="$(ls "$ROOT"/*-client/target/*-client.jar 2>/dev/null | head -1 || true)"
    if ! $skip_build || [[ -z "$jar" ]]; then
      build dubbo-hessian-client >&2
      jar="$(jar_of dubbo-hessian-client)"
    fi
    exec java -cp "$jar" org.rpcbench.history.HistoryMain show "$store" "${@:2}"
    ;;
  merge)
    jar="$(ls "$ROOT"/*-client/target/*-client.jar 2>/dev/null | head -1 || true)"
    if ! $skip_build || [[ -z "$jar" ]]; then
      build dubbo-hessian-client >&2
      jar="$(jar_of dubbo-hessian-client)"
    fi
    exec java -cp "$jar" org.rpcbench.client.MergeClients "${@:2}"
    ;;
  server)
    build "$pair-server"
    jfr=""
    flame=""
    if $profiling; then
      jfr="$ROOT/results/$pair-server-$(date +%Y%m%d-%H%M%S).jfr" && mkdir -p "$ROOT/results"
      flame_lib="$(profiler_lib "$(jar_of "$pair-server")")"
      flame="${jfr%.jfr}-flame.html"
    fi
    mapfile -d '' cmd < <(server_command "$port" "$jfr" "$flame")
    exec "${cmd[@]}"
    ;;
  client)
    build "$pair-client"
    if $profiling; then
      flame_lib="$(profiler_lib "$(jar_of "$pair-client")")"
      flame_dir="$(dirname "${result:-$ROOT/results/$pair-client-$(date +%Y%m%d-%H%M%S)/jmh.json}")/flame"
    fi
    [[ -n "$result" ]] || result="$ROOT/results/$pair-client-$(date +%Y%m%d-%H%M%S)/jmh.json"
    (( ${#concurrency[@]} > 0 )) || concurrency=("")
    status=0
    records=()
    for conc in "${concurrency[@]}"; do
      [[ -n "$conc" && ${#concurrency[@]} -gt 1 ]] && echo "benchmark.sh: concurrency $conc"
      mapfile -d '' cmd < <(client_command "$port" "$(result_for "$result" "$conc")" "$conc" "")
      "${cmd[@]}" || { s=$?; (( s > status )) && status=$s; }
      records+=("$(run_record_of "$(result_for "$result" "$conc")")")
    done
    sweep_table "$result"
    record_history "${records[@]}" || { (( status > 0 )) || status=1; }
    exit "$status"
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
server_flame=""
if $profiling; then
  jfr="$out_dir/server.jfr"
  flame_lib="$(profiler_lib "$(jar_of "$pair-server")")"
  [[ -n "$flame_lib" ]] || echo "benchmark.sh: no async-profiler library for this platform: flight recordings only" >&2
  server_flame="$out_dir/server-flame.html"
  flame_dir="$out_dir/flame"
fi

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

if $soak; then
  # iterations of a tenth of the run (5 s to 60 s each) after the harness's usual warm-up (5 x 10 s: with
  # less, the first fifth is still warming up and reads as drift), GC logs on both sides
  seconds="${soak_seconds:-1800}"
  iteration=$(( seconds / 10 )); (( iteration < 5 )) && iteration=5; (( iteration > 60 )) && iteration=60
  server_jvm+=("-Xlog:gc:file=$out_dir/server-gc.log")
  jmh_args=(-f 1 -wi 5 -w 10s -i $(( seconds / iteration )) -r "${iteration}s"
            -jvmArgsAppend "-Xlog:gc:file=$out_dir/client-gc.log" getUser)
  echo "benchmark.sh: soak of $pair: getUser for $(fmt_seconds "$seconds") in $(( seconds / iteration )) iterations of ${iteration} s, after 50 s of warm-up"
fi
mapfile -d '' cmd < <(server_command "${port:-0}" "$jfr" "$server_flame")
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

# one client run per concurrency value (one run when no sweep was asked for), all against this server
(( ${#concurrency[@]} > 0 )) || concurrency=("")
status=0
for conc in "${concurrency[@]}"; do
  [[ -n "$conc" && ${#concurrency[@]} -gt 1 ]] && echo "benchmark.sh: concurrency $conc"
  mapfile -d '' cmd < <(client_command "${bound##*:}" "$(result_for "$result" "$conc")" "$conc" "$server_pid")
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
  one=$?
  set -e
  client_pid=""
  (( one > status )) && status=$one
  # the client may have ended first, its calls refused by a server that had just died
  if ! $server_died && [[ -n "$server_pid" ]] && ! kill -0 "$server_pid" 2>/dev/null; then
    server_died=true
    echo "benchmark.sh: the $pair server died during the run (server log: $server_log)" >&2
    server_pid=""
  fi
  if $server_died; then
    status=1
    break
  fi
done
stop_all
server_pid=""
sweep_table "$result"
records=()
for conc in "${concurrency[@]}"; do records+=("$(run_record_of "$(result_for "$result" "$conc")")"); done
record_history "${records[@]}" || { (( status > 0 )) || status=1; }
$profiling && echo "benchmark.sh: flight recordings: $jfr (server), $out_dir/jfr (client forks)"
[[ -n "$flame_lib" ]] && $profiling && echo "benchmark.sh: flame graphs: $server_flame (server), $flame_dir (client, per case)"
if $soak && [[ -f "$(run_record_of "$result")" ]]; then
  echo
  verdict=0
  java -cp "$(jar_of "$pair-client")" org.rpcbench.report.SoakVerdict "$(run_record_of "$result")" \
    "$out_dir/server-gc.log" "$out_dir/client-gc.log" || verdict=$?
  (( verdict > status )) && status=$verdict
fi
exit "$status"
