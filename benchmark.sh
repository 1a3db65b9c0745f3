#!/usr/bin/env bash
# rpc-bench: makes sure the CLI (analysis/target/analysis.jar) is built, then runs it with the arguments as
# given. Every command, option and process is the CLI's (./benchmark.sh -h, docs/usage.md); this script parses
# nothing: it only looks for -n/--no-build among the arguments, which also means "do not build the CLI".
set -euo pipefail

readonly ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly CLI="$ROOT/analysis/target/analysis.jar"

say() { echo "benchmark.sh: $*" >&2; }
command -v java >/dev/null || { say "java is not on the PATH (JDK 17 or newer is needed)"; exit 1; }

no_build=false
for arg in "$@"; do
  if [[ "$arg" == -n || "$arg" == --no-build ]]; then no_build=true; fi
done

# stale: a source of the modules the CLI is made of is newer than its jar
stale() {
  [[ -f "$CLI" ]] || return 0
  [[ -n "$(find "$ROOT/pom.xml" "$ROOT"/{benchmark-base,run-record,cluster,analysis}/{pom.xml,src} -newer "$CLI" -print -quit 2>/dev/null)" ]]
}

if ! $no_build && stale; then
  command -v mvn >/dev/null || { say "mvn is not on the PATH (Maven 3.8 or newer is needed)"; exit 1; }
  log="$(mktemp)"
  echo "benchmark.sh: building the CLI ..."
  if ! (cd "$ROOT" && mvn -B -q -pl analysis -am package -Dmaven.test.skip=true) >"$log" 2>&1; then
    say "the build of the CLI failed:"
    grep -E "ERROR|BUILD" "$log" | head -20 >&2 || tail -20 "$log" >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
fi
[[ -f "$CLI" ]] || { say "$CLI is not built (run mvn package, or drop -n)"; exit 1; }

export RPCBENCH_ROOT="$ROOT"
# the serial collector and C1 alone: the CLI waits beside the processes it measures, and must not compete
# with them (its compilers' threads would, at each start); the build's archive of its classes, if there is
# one, starts it sooner (one stale or made by another JDK is ignored, silently)
cds=()
[[ -f "${CLI%.jar}.jsa" ]] && cds=(-XX:SharedArchiveFile="${CLI%.jar}.jsa" -Xlog:cds=off -Xlog:cds+dynamic=off)
exec java -XX:+UseSerialGC -XX:TieredStopAtLevel=1 "${cds[@]}" -jar "$CLI" "$@"
