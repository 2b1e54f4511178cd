#!/usr/bin/env bash
# Lighthouse mobile performance of the home route (DESIGN.md §5: at least 90), against the production build
# served by the real server on a fresh database. Lighthouse is fetched at run time (npm exec) rather than
# kept in the lockfile, so installs stay lean; it drives Debian's Chromium. Usage: bash bench/web/lighthouse.sh [runs]
#
# LIGHTHOUSE_PORT: the server's port (default 3450; a baseline server takes the next one).
# LIGHTHOUSE_REPORT_DIR: keep each run's JSON report there, for Lighthouse's diagnostics (default: a
#   temporary folder, named at the end).
# LIGHTHOUSE_SKIP_BUILD=1: measure the build already in apps/web/dist.
# LIGHTHOUSE_BASELINE_DIST: another build of apps/web (a copy of an earlier dist/ folder), served by a second
#   server; its runs alternate with this build's, so that both see the same load on a shared machine.
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS=${1:-3}
PORT=${LIGHTHOUSE_PORT:-3450}
BASELINE_PORT=$((PORT + 1))
BASELINE_DIST=${LIGHTHOUSE_BASELINE_DIST:-}
DATA_DIR=$(mktemp -d)
BASELINE_DATA_DIR=$(mktemp -d)
REPORT_DIR=${LIGHTHOUSE_REPORT_DIR:-$(mktemp -d)}
mkdir -p "$REPORT_DIR"
[ "${LIGHTHOUSE_SKIP_BUILD:-0}" = 1 ] || npm run build >/dev/null
SERVER_PIDS=()
trap 'kill "${SERVER_PIDS[@]}" 2>/dev/null; rm -rf "$DATA_DIR" "$BASELINE_DATA_DIR"' EXIT

# Starts the server on a port with its own fresh database; extra VAR=value arguments go into its environment.
start_server() {
  local port=$1 data_dir=$2 log=$3
  shift 3
  # Production needs a secrets key; a throwaway one per server is enough for a benchmark.
  env SEED_DEMO=true "$@" PORT="$port" HOST=127.0.0.1 DATA_DIR="$data_dir" NODE_ENV=production LOG_LEVEL=warn \
    SECRETS_KEY="$(node -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("base64"))')" \
    node --import tsx apps/server/src/main.ts >"$log" 2>&1 &
  SERVER_PIDS+=($!)
  for _ in $(seq 1 60); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return; sleep 1; done
  echo "the server on port $port did not start; see $log" >&2
  exit 1
}

# One Lighthouse run of the home route on a port; prints its figures unless it is the warm-up (run 0).
lighthouse_run() {
  local label=$1 port=$2 run=$3 report="$REPORT_DIR/$1-run-$3.json"
  npm exec --yes --package=lighthouse@13.5.0 -- lighthouse "http://127.0.0.1:$port/" \
    --only-categories=performance --output=json --output-path="$report" --quiet \
    --chrome-path="${CHROMIUM_PATH:-/usr/bin/chromium}" \
    --chrome-flags="--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run" \
    >"$REPORT_DIR/$label-run-$run.log" 2>&1 || {
    # A run Lighthouse could not finish (Chromium timing out on a loaded machine) is reported, not fatal.
    echo "$label run $run: Lighthouse failed, see $REPORT_DIR/$label-run-$run.log"
    return 0
  }
  [ "$run" = 0 ] && return
  node -e "
    const r = require(process.argv[1]); const a = r.audits;
    console.log('${label} run ${run}: performance ' + Math.round(r.categories.performance.score * 100) +
      ', FCP ' + a['first-contentful-paint'].displayValue + ', LCP ' + a['largest-contentful-paint'].displayValue +
      ', TBT ' + a['total-blocking-time'].displayValue + ', CLS ' + a['cumulative-layout-shift'].displayValue +
      ', speed index ' + a['speed-index'].displayValue);
  " "$report"
}

start_server "$PORT" "$DATA_DIR" "$REPORT_DIR/server.log"
[ -z "$BASELINE_DIST" ] || start_server "$BASELINE_PORT" "$BASELINE_DATA_DIR" "$REPORT_DIR/baseline-server.log" \
  WEB_DIST_DIR="$(realpath "$BASELINE_DIST")"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"
# Run 0 warms the server and the disk cache and is not reported: a first visit after start is always slower.
for run in $(seq 0 "$RUNS"); do
  [ -z "$BASELINE_DIST" ] || lighthouse_run baseline "$BASELINE_PORT" "$run"
  lighthouse_run build "$PORT" "$run"
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "reports: $REPORT_DIR"
