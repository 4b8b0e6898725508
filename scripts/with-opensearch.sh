#!/usr/bin/env bash
# Runs a command with a real local OpenSearch available, then stops it.
#
#   scripts/with-opensearch.sh npx vitest run tests/conformance/opensearch.test.ts
#
# - If OPENSEARCH_URL is already set and that cluster answers, the command just runs against it.
# - Otherwise starts scripts/opensearch-local.mjs in the background (its own process group, a
#   temp data dir), waits for green (OPENSEARCH_START_TIMEOUT, default 180 s), exports
#   OPENSEARCH_URL, runs the command, stops OpenSearch (SIGTERM, then SIGKILL after 30 s) and
#   exits with the command's exit code.
# - Port: OPENSEARCH_PORT if set, else the first free port from 9201 up.
# - OpenSearch's log goes to OPENSEARCH_LOG_FILE (default .tmp/opensearch-<port>.log) and its
#   tail is printed if startup fails.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 64
fi

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
say() { echo "[with-opensearch] $*" >&2; }

answers() { # $1 = url
  node -e '
    fetch(process.argv[1] + "/_cluster/health", { signal: AbortSignal.timeout(5000) })
      .then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1));
  ' "$1"
}

if [ -n "${OPENSEARCH_URL:-}" ] && answers "$OPENSEARCH_URL"; then
  say "using the OpenSearch already at $OPENSEARCH_URL"
  exec "$@"
fi

if [ -z "${OPENSEARCH_PORT:-}" ]; then
  OPENSEARCH_PORT="$(node -e '
    const net = require("node:net");
    const tryPort = (p) => {
      const s = net.createServer();
      s.once("error", () => tryPort(p + 1));
      s.listen(p, "127.0.0.1", () => s.close(() => console.log(p)));
    };
    tryPort(9201);
  ')"
fi
export OPENSEARCH_PORT

mkdir -p "$ROOT/.tmp"
LOG_FILE="${OPENSEARCH_LOG_FILE:-$ROOT/.tmp/opensearch-$OPENSEARCH_PORT.log}"
READY_FILE="$(mktemp "${TMPDIR:-/tmp}/opensearch-ready.XXXXXX")"
rm -f "$READY_FILE"
TIMEOUT="${OPENSEARCH_START_TIMEOUT:-180}"
export OPENSEARCH_START_TIMEOUT="$TIMEOUT"

say "starting OpenSearch on 127.0.0.1:$OPENSEARCH_PORT (log: $LOG_FILE)"
START=$(date +%s)
# setsid: its own process group, so cleanup can reach the JVM even if the launcher dies.
# No DATA_DIR / OPENSEARCH_HOME: a temp home deleted on stop, so every run starts clean.
env -u DATA_DIR -u OPENSEARCH_HOME setsid node "$ROOT/scripts/opensearch-local.mjs" --ready-file "$READY_FILE" >"$LOG_FILE" 2>&1 &
OS_PID=$!

stop_opensearch() {
  if kill -0 "$OS_PID" 2>/dev/null; then
    say "stopping OpenSearch (pid $OS_PID)"
    kill -TERM "$OS_PID" 2>/dev/null || true
    for _ in $(seq 1 60); do
      kill -0 "$OS_PID" 2>/dev/null || break
      sleep 0.5
    done
    if kill -0 "$OS_PID" 2>/dev/null; then
      say "OpenSearch did not stop in 30 s; killing its process group"
      kill -KILL -- "-$OS_PID" 2>/dev/null || true
    fi
  fi
  # A JVM left in the group after the launcher exited (should not happen) goes too.
  kill -KILL -- "-$OS_PID" 2>/dev/null || true
  rm -f "$READY_FILE"
}
trap stop_opensearch EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The first run also resolves ~90 MB from Maven Central before the JVM starts: allow for it
# on top of the green timeout (the launcher itself enforces OPENSEARCH_START_TIMEOUT).
DEADLINE=$(( START + TIMEOUT + 300 ))
until [ -s "$READY_FILE" ]; do
  if ! kill -0 "$OS_PID" 2>/dev/null; then
    say "OpenSearch failed to start; last lines of $LOG_FILE:"
    tail -n 40 "$LOG_FILE" >&2 || true
    exit 1
  fi
  if [ "$(date +%s)" -ge "$DEADLINE" ]; then
    say "OpenSearch not ready after $(( $(date +%s) - START )) s; last lines of $LOG_FILE:"
    tail -n 40 "$LOG_FILE" >&2 || true
    exit 1
  fi
  sleep 1
done

OPENSEARCH_URL="$(head -n 1 "$READY_FILE")"
export OPENSEARCH_URL
say "OpenSearch green at $OPENSEARCH_URL after $(( $(date +%s) - START )) s"

set +e
"$@"
RC=$?
set -e
exit "$RC"
