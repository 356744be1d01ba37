#!/bin/bash
# The balance study of docs/balance.md: the computer on both sides, at the same level, in
# every cell of a title, then the tables (and for Road to Richmond the chart) of the report.
#
#   scripts/balance_study.sh [--title road-to-richmond|four-roads] [--bin PATH] [--out DIR]
#                            [--games N] [--jobs J] [--seed S] [--player SPEC]
#
# Road to Richmond: 15 cells, the SPI 1977 text (basic with Attack Effectiveness, basic,
# all optional rules) and the DG 2016 text (basic, tournament), each with the Union in its
# three postures. Four Roads to Richmond: its five scenarios under the standard rules.
# Each cell is a `bluegray tournament` run in DIR/<cell>; scripts/balance_tables.py reads
# their results.json, prints the tables and writes DIR/union_win_rates.svg. A cell whose
# results.json holds the games asked for is not played again, so an interrupted study
# resumes where it stopped.
set -euo pipefail
title=road-to-richmond
bin=build/rel/bluegray
out=
games=200
jobs=2
seed=2026
player=ai-normal
while [[ $# -gt 0 ]]; do
  case "$1" in
    --title) title="$2"; shift 2 ;;
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
out=${out:-out/balance-$title}
mkdir -p "$out"

# play DIR ARGS...: one cell, unless DIR holds it already.
play() {
  local dir=$1
  shift
  if [[ -f "$dir/results.json" ]] &&
     python3 -c "import json,sys; d=json.load(open(sys.argv[1])); sys.exit(0 if d['games_total']==int(sys.argv[2]) and d['seed']==int(sys.argv[3]) else 1)" \
       "$dir/results.json" "$games" "$seed"; then
    echo "$dir: done already"
    return
  fi
  local args=(tournament --title "$title" "$@" --games "$games" --jobs "$jobs" --seed "$seed"
              --quiet --out "$dir")
  echo "$bin ${args[*]}"
  "$bin" "${args[@]}"
}

case "$title" in
  road-to-richmond)
    # cell name, edition, options ("-" for none)
    cells=(
      "1977_ae spi1977 attack-effectiveness"
      "1977_basic spi1977 -"
      "1977_all spi1977 tournament,attack-effectiveness"
      "2016_basic dg2016 -"
      "2016_all dg2016 tournament"
    )
    for cell in "${cells[@]}"; do
      read -r name edition options <<< "$cell"
      opts=()
      [[ "$options" != "-" ]] && opts=(--options "$options")
      for posture in stand withdraw total; do
        play "$out/${name}_${posture}" --union "$player:$posture" --confederate "$player" \
          --edition "$edition" "${opts[@]}"
      done
    done ;;
  four-roads)
    for scenario in fredericksburg chancellorsville wilderness spotsylvania-1 spotsylvania-2; do
      play "$out/fr_$scenario" --param "scenario=$scenario" --union "$player" --confederate "$player"
    done ;;
  *) echo "balance_study.sh: --title is road-to-richmond or four-roads" >&2; exit 2 ;;
esac
python3 "$(dirname "$0")/balance_tables.py" "$out"
