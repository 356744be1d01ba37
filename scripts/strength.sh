#!/usr/bin/env bash
# The computer opponent's strength table of docs/ai.md, played afresh with the built
# bluegray: every level against the others and against the baselines, each pairing on
# paired seeds (both sides swapped), under each of the title's rule sets.
#
#   scripts/strength.sh TITLE [--games N] [--jobs J] [--seed S ...] [--bin PATH]
#                             [--out DIR] [--only REGEX] [--rules NAME ...]
#
# TITLE is road-to-richmond or four-roads. Prints the Markdown table (scripts/strength.py).
set -euo pipefail
exec python3 "$(dirname "$0")/strength.py" "$@"
