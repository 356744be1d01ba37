#!/usr/bin/env bash
# Builds an optimised bluegray and its web UI, and starts the game server:
# open the address it prints. The README's start command. Arguments go to
# `bluegray serve` (e.g. --port 9000, --bind 0.0.0.0, --db games.sqlite).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
bash scripts/web.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DBLUEGRAY_TESTS=OFF -DBLUEGRAY_BENCH=OFF >/dev/null
cmake --build build/release --target bluegray >/dev/null
exec build/release/bluegray serve --web-root web/dist "$@"
