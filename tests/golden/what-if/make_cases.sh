#!/usr/bin/env bash
# Regenerates cases.jsonl: more outputs of ../shared/what-if/what_if.py (the
# specification of the what-if switches and lane) for other starts, targets,
# velocities, seeds, flocks and switch combinations than its seven golden
# files. Each line is {"args": [...], "out": "..."}: the spec's arguments
# (its `vehicle` is the CLI's `vehicle --json`, its `flock` the CLI's `dump`)
# and the line it printed, which the CLI must print character for character
# (the CLI prints this layout when --set or --compare is given).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
spec="${1:-$here/../../../../shared/what-if}"
cases=(
  "vehicle --mode seek --steps 300 --set max_force=440"
  "vehicle --mode arrive --steps 600 --set slow_radius=1"
  "vehicle --mode arrive --steps 600 --compare slow_radius=1"
  "vehicle --mode arrive --steps 400 --start 700,400 --vel=-50,30 --target 100,60 --compare slow_radius=55"
  "vehicle --mode arrive --steps 500 --target 120,225 --compare max_force=0.2"
  "vehicle --mode seek --steps 900 --start 30,30 --vel 0,0 --target 780,430 --compare max_force=0.2 --compare max_speed=300"
  "vehicle --mode seek --steps 600 --set max_speed=150 --compare reaction_time=1.5"
  "vehicle --mode flee --steps 240 --vel 220,0 --set panic_radius=300 --compare flee=negated-seek"
  "vehicle --mode flee --steps 300 --start 400,100 --vel=-30,160 --target 420,300 --compare flee=negated-seek --compare max_force=100"
  "vehicle --mode flee --steps 120 --start 470,225 --vel 0,0 --compare flee=negated-seek"
  "vehicle --mode seek --steps 200 --start 790,440 --vel 200,200 --target 10,10 --compare max_force=5000"
  "flock --seed 0 --steps 300 --compare max_force=0.2"
  "flock --seed 3 --steps 450 --boids 40 --compare min_speed=0"
  "flock --seed 11 --steps 240 --set update=as-you-go"
  "flock --seed 11 --steps 240 --compare update=as-you-go"
  "flock --seed 5 --steps 300 --set update=as-you-go --set order=reversed --compare order=forward"
  "flock --seed 7 --steps 300 --rules no-coh --compare order=reversed --compare update=as-you-go"
  "flock --seed 9 --steps 200 --hawk 450,270 --compare weight_flee=0"
  "flock --seed 2 --steps 360 --boids 80 --rules no-sep --set max_speed=200 --compare weight_alignment=2.5 --compare view_radius=90"
  "flock --seed 21 --steps 150 --boids 25 --hawk 100,100 --set update=as-you-go --compare max_force=0.2"
  "flock --seed 4 --steps 120 --rules none --compare min_speed=0 --compare sep_radius=10"
)
: > "$here/cases.jsonl"
for c in "${cases[@]}"; do
  out=$(cd "$spec" && PYTHONPATH=../going-further/pygame_stand_in:../going-further python3 what_if.py $c)
  python3 -c 'import json,sys; print(json.dumps({"args": sys.argv[1].split(), "out": sys.argv[2]}))' "$c" "$out" >> "$here/cases.jsonl"
done
