#!/usr/bin/env bash
# Regenerates the committed Go code of the contract (go/contract/*.pb.go) from benchmark-base's .proto
# files, the same files the Java pairs are generated from; the .proto files are not changed: their Go
# package comes from protoc's M mappings here.
#   regenerate.sh          rewrites go/contract/*.pb.go
#   regenerate.sh DIR      writes them into DIR instead, touching nothing in the tree (what
#                          .ci/generated-code compares the committed files with)
#
# Pinned, so the generated code matches the runtime in go.mod:
#   protoc 3.25.9 (the parent pom's protobuf.version), from the local Maven repository (fetched with
#   Maven when missing); google/protobuf/timestamp.proto from the protobuf-java jar of the same version;
#   protoc-gen-go v1.36.12 and protoc-gen-go-grpc v1.5.1, installed with `go install` into a temporary
#   directory. The build itself never runs protoc; only this script does.
set -euo pipefail

readonly PROTOC_VERSION="3.25.9"
readonly GEN_GO="google.golang.org/protobuf/cmd/protoc-gen-go@v1.36.12"
readonly GEN_GO_GRPC="google.golang.org/grpc/cmd/protoc-gen-go-grpc@v1.5.1"
readonly HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly PROTO_DIR="$HERE/../benchmark-base/src/main/proto"
readonly OUT="${1:-$HERE/contract}"
readonly GO_PACKAGE="rpcbench/go/contract"
readonly M2="${MAVEN_REPOSITORY:-$HOME/.m2/repository}"
(( $# <= 1 )) || { echo "regenerate.sh: at most one argument, the output directory" >&2; exit 2; }
if (( $# == 1 )) && [[ -e "$OUT" && -n "$(ls -A "$OUT")" ]]; then
  echo "regenerate.sh: $OUT is not empty; name a new or empty directory" >&2; exit 2
fi

case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) classifier=linux-x86_64 ;;
  Linux-aarch64) classifier=linux-aarch_64 ;;
  *) echo "regenerate.sh: no protoc for $(uname -s)-$(uname -m) here" >&2; exit 1 ;;
esac
protoc="$M2/com/google/protobuf/protoc/$PROTOC_VERSION/protoc-$PROTOC_VERSION-$classifier.exe"
runtime_jar="$M2/com/google/protobuf/protobuf-java/$PROTOC_VERSION/protobuf-java-$PROTOC_VERSION.jar"
if [[ ! -f "$protoc" || ! -f "$runtime_jar" ]]; then
  mvn -B -q dependency:get -Dartifact="com.google.protobuf:protoc:$PROTOC_VERSION:exe:$classifier" -Dtransitive=false
  mvn -B -q dependency:get -Dartifact="com.google.protobuf:protobuf-java:$PROTOC_VERSION" -Dtransitive=false
fi
chmod +x "$protoc"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
GOBIN="$work/bin" go install "$GEN_GO"
GOBIN="$work/bin" go install "$GEN_GO_GRPC"
mkdir -p "$work/include"
(cd "$work/include" && unzip -q "$runtime_jar" 'google/protobuf/timestamp.proto')

mappings="Mbenchmark_message.proto=$GO_PACKAGE,Muser_service.proto=$GO_PACKAGE"
rm -f "$OUT"/*.pb.go
mkdir -p "$OUT"
PATH="$work/bin:$PATH" "$protoc" -I "$PROTO_DIR" -I "$work/include" \
  --go_out="$OUT" --go_opt=paths=source_relative,"$mappings" \
  --go-grpc_out="$OUT" --go-grpc_opt=paths=source_relative,"$mappings" \
  benchmark_message.proto user_service.proto
echo "regenerate.sh: generated with protoc $PROTOC_VERSION, ${GEN_GO##*/}, ${GEN_GO_GRPC##*/} into ${OUT#$HERE/}:"
(cd "$OUT" && ls -1 *.pb.go | sed 's/^/  /')
