#!/usr/bin/env bash
# Builds everything with AddressSanitizer and UndefinedBehaviorSanitizer,
# warnings as errors, and runs every test, then the browser end-to-end tests
# (the web UI in headless Chromium against the built server). The README's
# test command.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/deps.sh --e2e
bash scripts/format.sh --check
build=${BLUEGRAY_BUILD_DIR:-build/asan}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DBLUEGRAY_SANITIZE=ON -DBLUEGRAY_WERROR=ON >/dev/null
cmake --build "$build"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
bash scripts/web.sh
binary="$(realpath "$build")/bluegray"
(cd web && BLUEGRAY_BINARY="$binary" npm test --silent)
