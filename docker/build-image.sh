#!/usr/bin/env bash
# Makes rpc-bench's image from this checkout's built jars (mvn package first): rpc-bench:<12 hex digits of HEAD>,
# and rpc-bench:latest. The base image is BASE (default eclipse-temurin:17-jre, as a registry has it).
#
#   docker/build-image.sh                       BASE=eclipse-temurin:17-jre
#   docker/build-image.sh --local-base          BASE=rpcbench-base:bookworm-jre17, made here first when missing
#                                               (Debian bookworm's JRE by debootstrap: for machines without a registry)
#   BASE=my.registry/jre:17 docker/build-image.sh
#   docker/build-image.sh --pairs dubbo-hessian,grpc-go   only these pairs' jars (a smaller image, tagged
#                                               rpc-bench:<commit>-<the pairs joined by '.'>; CI's, on vfs)
#
# Prints the image's tag last. Exit 0 made, 1 not (a jar not built, the engine down, the build failed).
set -euo pipefail
readonly ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly LOCAL_BASE=rpcbench-base:bookworm-jre17
say() { echo "build-image: $*"; }
fail() { echo "build-image: $*" >&2; exit 1; }
base="${BASE:-eclipse-temurin:17-jre}"
only=""
while (( $# )); do
  case "$1" in
    --local-base) base="$LOCAL_BASE" ;;
    --pairs) [[ -n "${2:-}" ]] || fail "--pairs needs a list of pairs (a,b)"; only="$2"; shift ;;
    *) fail "unknown argument '$1' (--local-base, --pairs LIST)" ;;
  esac
  shift
done

docker info >/dev/null 2>&1 || fail "no Docker engine answers (docker/engine.sh starts one)"
if [[ "$base" == "$LOCAL_BASE" ]] && ! docker image inspect "$LOCAL_BASE" >/dev/null 2>&1; then
  command -v debootstrap >/dev/null || fail "no debootstrap to make $LOCAL_BASE (docker/engine.sh installs it)"
  root="$(mktemp -d /tmp/rpcbench-base.XXXXXX)"
  trap 'rm -rf "$root"' EXIT
  say "making $LOCAL_BASE: debootstrap bookworm with openjdk-17-jre-headless into $root (a minute or two)"
  started=$SECONDS
  debootstrap --variant=minbase --include=openjdk-17-jre-headless bookworm "$root" >"$root.log" 2>&1 \
    || { tail -5 "$root.log" >&2; fail "debootstrap failed (log $root.log)"; }
  rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
  tar -C "$root" -c . | docker import -c 'ENV LANG=C.UTF-8' - "$LOCAL_BASE" >/dev/null
  rm -rf "$root" "$root.log"
  say "$LOCAL_BASE made in $((SECONDS - started)) s"
fi

# the context: only what the image holds (hard links where the file system allows), laid out as a checkout
cd "$ROOT"
mapfile -t pairs < <(ls pairs/*.properties | xargs -n1 basename | sed 's/\.properties$//')
if [[ -n "$only" ]]; then
  IFS=, read -r -a pairs <<<"$only"
  for p in "${pairs[@]}"; do [[ -f "pairs/$p.properties" ]] || fail "--pairs: no pair '$p' (ls pairs/)"; done
fi
ctx="$(mktemp -d /tmp/rpcbench-image.XXXXXX)"
trap 'rm -rf "$ctx"' EXIT
put() { mkdir -p "$ctx/$1/$(dirname "$2")"; cp -l "$2" "$ctx/$1/$2" 2>/dev/null || cp "$2" "$ctx/$1/$2"; }
for f in pairs/*; do put rest "$f"; done
[[ -x go/target/bin/rpcbench-go ]] || fail "go/target/bin/rpcbench-go is not built (mvn package)"
put rest go/target/bin/rpcbench-go
for p in "${pairs[@]}"; do
  grep -q '^pair.runtime *= *go' "pairs/$p.properties" && continue
  for side in server client; do
    jar="$p-$side/target/$p-$side.jar"
    [[ -f "$jar" ]] || fail "$jar is not built (mvn package)"
    put jars "$jar"
  done
done
# the jars also as /opt/rpc-bench/jars/PAIR-SIDE.jar (links), where the Kubernetes plan runs them
mkdir -p "$ctx/rest/jars"
for jar in "$ctx"/jars/*/target/*.jar; do
  name="$(basename "$jar")"
  ln -s "../${name%.jar}/target/$name" "$ctx/rest/jars/$name"
done
[[ -f analysis/target/analysis.jar ]] || fail "analysis/target/analysis.jar is not built (mvn package)"
put rest analysis/target/analysis.jar
put rest benchmark.sh
cp "$ROOT/docker/Dockerfile" "$ctx/Dockerfile"

# as a run names the image of its checkout (DockerImage.tagOf): 12 hex digits, -dirty when git status lists anything
commit="$(git rev-parse HEAD | cut -c1-12)"
[[ -z "$(git status --porcelain)" ]] || commit="$commit-dirty"
tag="rpc-bench:$commit"
[[ -z "$only" ]] || tag="$tag-${only//,/.}"
say "building $tag on $base"
latest=(-t rpc-bench:latest)
[[ -z "$only" ]] || latest=()
docker build -q --build-arg BASE="$base" --label "org.opencontainers.image.revision=$commit" -t "$tag" "${latest[@]}" "$ctx" >"$ctx.log" 2>&1 \
  || { tail -5 "$ctx.log" >&2; fail "docker build failed (log $ctx.log)"; }
rm -f "$ctx.log"
say "$tag: $(docker image inspect -f '{{.Size}}' "$tag" | awk '{printf "%.0f MB", $1/1e6}')"
echo "$tag"
