#!/usr/bin/env bash
# Regenerates the committed Java sources of the thrift pair from src/main/thrift/*.thrift.
#   regenerate.sh          rewrites src/main/java-gen and the compiler stamp beside it
#   regenerate.sh DIR      writes the sources into DIR instead, touching nothing in the tree (what
#                          .ci/generated-code compares the committed sources with)
#
# The generated code must match the libthrift runtime in the parent pom (libthrift.version, 0.17.0):
# generated code of one Thrift release does not compile against or interoperate reliably with another
# (0.25's runtime breaks 0.17's generated code). Debian 12 ships that compiler:
#   apt-get install thrift-compiler      # Thrift version 0.17.0
# The build itself never runs the compiler; only this script does.
set -euo pipefail

readonly EXPECTED="0.17.0"
readonly HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly OUT="${1:-$HERE/src/main/java-gen}"
# read at run time, so run records say which compiler made the code they ran
readonly STAMP="$HERE/src/main/resources/org/rpcbench/thrift/idl/generated-by.properties"
(( $# <= 1 )) || { echo "regenerate.sh: at most one argument, the output directory" >&2; exit 2; }

command -v thrift >/dev/null || { echo "regenerate.sh: no thrift compiler on the PATH (apt-get install thrift-compiler)" >&2; exit 1; }
version="$(thrift --version | awk '{print $3}')"
[[ "$version" == "$EXPECTED" ]] || { echo "regenerate.sh: thrift $version found, $EXPECTED needed (it must match libthrift)" >&2; exit 1; }

if (( $# == 0 )); then
  rm -rf "$OUT"
elif [[ -e "$OUT" && -n "$(ls -A "$OUT")" ]]; then
  echo "regenerate.sh: $OUT is not empty; name a new or empty directory" >&2; exit 2
fi
mkdir -p "$OUT"
for idl in "$HERE"/src/main/thrift/*.thrift; do
  # no @Generated annotations: javax.annotation.Generated is not in JDK 11+, and dates would churn the diff
  thrift --gen java:generated_annotations=suppress -out "$OUT" "$idl"
done
if (( $# == 0 )); then
  mkdir -p "$(dirname "$STAMP")"
  printf '# written by regenerate.sh\nthrift.compiler=%s\n' "$version" >"$STAMP"
fi
echo "regenerate.sh: generated with Thrift $version into ${OUT#$HERE/}:"
(cd "$OUT" && find . -name '*.java' | sort | sed 's|^\./|  |')
