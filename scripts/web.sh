#!/usr/bin/env bash
# Builds the web UI into web/dist (npm ci only when the lock file changed).
set -euo pipefail
cd "$(dirname "$0")/../web"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
npm run build --silent >/dev/null
