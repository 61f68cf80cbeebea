#!/usr/bin/env bash
# Regenerates cases.jsonl: more outputs of ../shared/looking-ahead/looking_ahead.py
# (the specification of the crowd scene) for other seeds, walls, goals and both
# ways of following. Each line is {"args": [...], "out": {...}}: the arguments
# the CLI's crowd or field command takes (without --json), and what the spec printed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
spec="${1:-$here/../../../../shared/looking-ahead}"
pocket="3,3;4,3;5,3;3,4;5,4;3,5;4,5;5,5"      # cell 4,4 walled in: cut off from the goal
maze="6,0;6,1;6,2;6,3;6,4;6,5;6,6;6,7;6,8;6,9;6,10;6,11;6,12;6,13;6,14;6,15;15,3;15,4;15,5;15,6;15,7;15,8;15,9;15,10;15,11;15,12;15,13;15,14;15,15;15,16;15,17;22,0;22,1;22,2;22,3;22,4;22,5;22,6;22,7;22,8;22,9;22,10;22,11;22,12"
cases=(
  "crowd --seed 0 --steps 600 --follow field"
  "crowd --seed 0 --steps 600 --follow seek"
  "crowd --seed 11 --steps 1200 --follow field"
  "crowd --seed 11 --steps 1200 --follow seek"
  "crowd --seed 123456 --steps 300 --follow field"
  "crowd --seed 5 --steps 900 --follow field --walls none"
  "crowd --seed 5 --steps 900 --follow seek --walls none --goal 29,17"
  "crowd --seed 2 --steps 700 --follow field --goal 0,0"
  "crowd --seed 9 --steps 600 --follow field --walls $pocket"
  "crowd --seed 9 --steps 600 --follow seek --walls $pocket --goal 20,9"
  "crowd --seed 4 --steps 1500 --follow field --walls $maze --goal 29,0"
  "crowd --seed 4 --steps 1500 --follow seek --walls $maze --goal 29,0"
  "crowd --seed 8 --steps 400 --follow field --goal 9,14"
  "field --walls none --goal 29,17"
  "field --walls $pocket --goal 20,9"
  "field --walls $maze --goal 29,0"
  "field --goal 9,13"
)
: > "$here/cases.jsonl"
for c in "${cases[@]}"; do
  out=$(cd "$spec" && PYTHONPATH=../going-further/pygame_stand_in:../going-further python3 looking_ahead.py $c)
  python3 -c 'import json,sys; print(json.dumps({"args": sys.argv[1].split(), "out": json.loads(sys.argv[2])}))' "$c" "$out" >> "$here/cases.jsonl"
done
