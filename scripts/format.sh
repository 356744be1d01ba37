#!/usr/bin/env bash
# Applies .clang-format to every C++ source (`format.sh`), or checks that it is
# applied (`format.sh --check`, part of the test command): a file that differs
# fails the check, naming it.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.h')
if [ "${1:-}" = "--check" ]; then
  clang-format --dry-run --Werror "${files[@]}"
  echo "clang-format: ${#files[@]} files formatted"
else
  clang-format -i "${files[@]}"
fi
