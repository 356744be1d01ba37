#!/usr/bin/env bash
# scripts/test.sh: builds everything with AddressSanitizer and
# UndefinedBehaviorSanitizer, warnings as errors, and runs every test, then
# the browser end-to-end tests (the web UI in headless Chromium against the
# built server). The README's test command.
#
# scripts/test.sh --fast: the quick loop while changing rules or titles: a
# Release build (build/rel, no sanitizers) and the tests labelled `fast`
# (tests/README.md), in under a minute once built.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--fast" ]; then
  build=${BLUEGRAY_BUILD_DIR:-build/rel}
  launcher=()
  if command -v ccache >/dev/null; then launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache); fi
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DBLUEGRAY_WERROR=ON \
    "${launcher[@]}" >/dev/null
  cmake --build "$build"
  ctest --test-dir "$build" --output-on-failure -j "$(nproc)" -L fast
  exit 0
fi
if [ $# -gt 0 ]; then
  echo "usage: scripts/test.sh [--fast]" >&2
  exit 2
fi

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
