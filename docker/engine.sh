#!/usr/bin/env bash
# The local Docker engine, for the image and for `--on docker` runs: installs Debian's engine (docker.io) and
# debootstrap when missing, starts dockerd when no engine answers (vfs storage: it works on any file system,
# a container in a container included), and waits for it. An engine already running is used as it is.
#
#   docker/engine.sh          up: installed, running, answering; says which
#   docker/engine.sh stop     stops the dockerd this script started (its PID in $RPCBENCH_DOCKERD_DIR/dockerd.pid)
#
# dockerd's log and PID file are in RPCBENCH_DOCKERD_DIR (default /tmp/rpcbench-dockerd). Needs root to
# install or start the engine. Exit 0 up (or stopped), 1 cannot.
set -euo pipefail
readonly DIR="${RPCBENCH_DOCKERD_DIR:-/tmp/rpcbench-dockerd}"
say() { echo "docker-engine: $*"; }

if [[ "${1:-}" == stop ]]; then
  pid="$(cat "$DIR/dockerd.pid" 2>/dev/null || true)"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null || { say "no dockerd started by this script is running"; exit 0; }
  kill -TERM "$pid"
  for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
  kill -0 "$pid" 2>/dev/null && { say "dockerd (pid $pid) did not stop within 20 s"; exit 1; }
  rm -f "$DIR/dockerd.pid"
  say "dockerd (pid $pid) stopped"
  exit 0
fi

if docker info >/dev/null 2>&1; then
  say "an engine is running: $(docker version --format 'server {{.Server.Version}}' 2>/dev/null)"
  exit 0
fi
if ! command -v dockerd >/dev/null || ! command -v debootstrap >/dev/null; then
  [[ "$(id -u)" == 0 ]] || { say "no dockerd or debootstrap, and installing them needs root"; exit 1; }
  say "installing docker.io and debootstrap (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -q && apt-get install -y -q docker.io debootstrap; } >"/tmp/rpcbench-docker-apt.log" 2>&1 \
    || { say "apt-get failed:"; tail -5 /tmp/rpcbench-docker-apt.log; exit 1; }
fi
[[ "$(id -u)" == 0 ]] || { say "no engine answers, and starting dockerd needs root"; exit 1; }
mkdir -p "$DIR"
# its own process group (setsid): a Ctrl-C in the shell that started it does not stop it
setsid dockerd --storage-driver=vfs >"$DIR/dockerd.log" 2>&1 </dev/null &
echo $! >"$DIR/dockerd.pid"
for _ in $(seq 1 150); do
  docker info >/dev/null 2>&1 && { say "dockerd started (pid $(cat "$DIR/dockerd.pid"), vfs storage, log $DIR/dockerd.log)"; exit 0; }
  kill -0 "$(cat "$DIR/dockerd.pid")" 2>/dev/null || break
  sleep 0.2
done
say "dockerd did not answer within 30 s:"; tail -5 "$DIR/dockerd.log"; exit 1
