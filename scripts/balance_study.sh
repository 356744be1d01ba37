#!/bin/bash
# The Road to Richmond balance study of docs/balance.md: the 15 cells (SPI 1977 text: basic
# with Attack Effectiveness, basic, all optional rules; DG 2016 text: basic, tournament; each
# with the Union in its three postures), then the tables and charts of the report.
#
#   scripts/balance_study.sh [--bin PATH] [--out DIR] [--games N] [--jobs J] [--seed S]
#                            [--player SPEC]
#
# Each cell is a `bluegray tournament` run in DIR/<cell>; scripts/balance_tables.py reads
# their results.json and prints the report's tables and writes DIR/union_win_rates.svg.
# A cell whose results.json exists with the games asked for is not played again, so an
# interrupted study resumes where it stopped.
set -euo pipefail
bin=build/rel/bluegray
out=out/balance
games=200
jobs=2
seed=2026
player=ai-normal
while [[ $# -gt 0 ]]; do
  case "$1" in
    --bin) bin="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --games) games="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --seed) seed="$2"; shift 2 ;;
    --player) player="$2"; shift 2 ;;
    *) echo "balance_study.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -x "$bin" ]] || { echo "balance_study.sh: no binary at $bin (build the Release target first)" >&2; exit 2; }
mkdir -p "$out"

# cell name, edition, options ("" for none)
cells=(
  "1977_ae spi1977 attack-effectiveness"
  "1977_basic spi1977 -"
  "1977_all spi1977 tournament,attack-effectiveness"
  "2016_basic dg2016 -"
  "2016_all dg2016 tournament"
)
for cell in "${cells[@]}"; do
  read -r name edition options <<< "$cell"
  for posture in stand withdraw total; do
    dir="$out/${name}_${posture}"
    if [[ -f "$dir/results.json" ]] &&
       python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d['games_total']==int(sys.argv[2]) and d['seed']==int(sys.argv[3]) else 1)" \
         "$dir/results.json" "$games" "$seed"; then
      echo "$dir: done already"
      continue
    fi
    args=(tournament --union "$player:$posture" --confederate "$player" --games "$games"
          --jobs "$jobs" --seed "$seed" --edition "$edition" --quiet --out "$dir")
    [[ "$options" != "-" ]] && args+=(--options "$options")
    echo "$bin ${args[*]}"
    "$bin" "${args[@]}"
  done
done
python3 "$(dirname "$0")/balance_tables.py" "$out"
