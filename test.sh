#!/usr/bin/env bash
# The tests: `mvn -B -T 1C verify`, after installing what two of them need from Debian's packages when it is
# missing: Chromium (the HTML report is opened in it headless) and PostgreSQL (the history store is tested
# against a real server, which the test starts and stops itself), and kubernetes-validate from PyPI (the
# Kubernetes objects rpc-bench renders are checked against pinned schemas, .ci/kubernetes-validate). Extra arguments go to Maven. Modules
# build in parallel, a thread per core (-T 1C): a module's tests spend much of their time starting JVMs
# and servers, which leaves a core idle in a build one module at a time.
set -euo pipefail
cd "$(dirname "$0")"

missing=()
[[ -x /usr/bin/chromium ]] || missing+=(chromium)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
if (( ${#missing[@]} )); then
  if ! command -v apt-get >/dev/null; then
    echo "test.sh: ${missing[*]} missing and no apt-get here: install them (Chromium at /usr/bin/chromium," \
      "PostgreSQL's server binaries), or run mvn -B verify, which skips those tests and says so" >&2
    exit 1
  fi
  sudo=()
  if [[ "$(id -u)" != 0 ]]; then
    command -v sudo >/dev/null && sudo -n true 2>/dev/null \
      || { echo "test.sh: installing ${missing[*]} needs root (or sudo without a password)" >&2; exit 1; }
    sudo=(sudo -n)
  fi
  echo "test.sh: installing ${missing[*]} (Debian packages)"
  log="$(mktemp)"
  if ! { "${sudo[@]}" apt-get update -q && DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
    echo "test.sh: apt-get could not install ${missing[*]}:" >&2
    tail -20 "$log" >&2
    rm -f "$log"
    exit 1
  fi
  rm -f "$log"
fi

# the cluster module's tests validate every Kubernetes object rpc-bench renders, offline, with a pinned
# kubernetes-validate (from PyPI, into a virtual environment of its own); without it they say SKIPPED, in CI they fail
if validator="$(.ci/kubernetes-validate)"; then
  export RPCBENCH_KUBERNETES_VALIDATE="$validator"
elif [[ "${CI:-}" == true ]]; then
  exit 1
else
  echo "test.sh: kubernetes-validate could not be installed: the tests that validate Kubernetes objects will say SKIPPED" >&2
fi

exec mvn -B -T 1C verify "$@"
