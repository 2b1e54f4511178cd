#!/usr/bin/env bash
# Lighthouse mobile performance of the home route (DESIGN.md §5: at least 90), against the production build
# served by the real server on a fresh database. Lighthouse is fetched at run time (npm exec) rather than
# kept in the lockfile, so installs stay lean; it drives Debian's Chromium. Usage: bash bench/web/lighthouse.sh [runs]
set -euo pipefail
cd "$(dirname "$0")/../.."
RUNS=${1:-3}
PORT=${LIGHTHOUSE_PORT:-3450}
DATA_DIR=$(mktemp -d)
REPORT_DIR=$(mktemp -d)
npm run build >/dev/null
PORT=$PORT HOST=127.0.0.1 DATA_DIR=$DATA_DIR NODE_ENV=production LOG_LEVEL=warn \
  node --import tsx apps/server/src/main.ts >"$REPORT_DIR/server.log" 2>&1 &
SERVER_PID=$!
trap 'kill $SERVER_PID 2>/dev/null; rm -rf "$DATA_DIR"' EXIT
for _ in $(seq 1 30); do curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 1; done
# Run 0 warms the server and the disk cache and is not reported: a first visit after start is always slower.
for run in $(seq 0 "$RUNS"); do
  npm exec --yes --package=lighthouse@13.5.0 -- lighthouse "http://127.0.0.1:$PORT/" \
    --only-categories=performance --output=json --output-path="$REPORT_DIR/run-$run.json" --quiet \
    --chrome-path="${CHROMIUM_PATH:-/usr/bin/chromium}" \
    --chrome-flags="--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run" \
    >/dev/null 2>&1
  [ "$run" = 0 ] && continue
  node -e "
    const r = require(process.argv[1]); const a = r.audits;
    console.log('run ${run}: performance ' + Math.round(r.categories.performance.score * 100) +
      ', FCP ' + a['first-contentful-paint'].displayValue + ', LCP ' + a['largest-contentful-paint'].displayValue +
      ', TBT ' + a['total-blocking-time'].displayValue + ', CLS ' + a['cumulative-layout-shift'].displayValue +
      ', speed index ' + a['speed-index'].displayValue);
  " "$REPORT_DIR/run-$run.json"
done
