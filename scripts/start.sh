#!/usr/bin/env bash
# Builds an optimised bluegray and starts a game. The README's start command.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh
cmake -S . -B build/release -G Ninja -DCMAKE_BUILD_TYPE=Release -DBLUEGRAY_TESTS=OFF -DBLUEGRAY_BENCH=OFF >/dev/null
cmake --build build/release --target bluegray >/dev/null
exec build/release/bluegray play "$@"
