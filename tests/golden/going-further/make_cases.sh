#!/usr/bin/env bash
# Regenerates cases.jsonl: more outputs of ../shared/going-further/going_further.py
# (the specification of the lesson's Going-further extensions) for other
# seeds, sizes, rule sets and combinations. Each line is {"args": [...], "out": {...}}:
# the arguments the CLI's dump (or vehicle) takes, and what the spec printed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
spec="${1:-$here/../../../../shared/going-further}"
cases=(
  "flock --seed 0 --steps 300 --wander"
  "flock --seed 3 --steps 400 --wander --rules no-coh"
  "flock --seed 11 --steps 300 --hawk pursuit --boids 120"
  "flock --seed 5 --steps 450 --hawk pursuit --rules none"
  "flock --seed 8 --steps 300 --leader 100,450 --boids 30"
  "flock --seed 123456 --steps 300 --leader 450,270 --rules no-sep"
  "flock --seed 2 --steps 240 --wander --hawk pursuit"
  "flock --seed 9 --steps 240 --wander --leader 800,60 --boids 200"
  "flock --seed 4 --steps 240 --hawk pursuit --leader 300,300 --rules no-ali"
  "flock --seed 1 --steps 300 --wander --hawk pursuit --leader 600,400 --boids 90"
  "flock --seed 6 --steps 200 --wander --hawk 450,270 --rules none"
  "vehicle --seed 0 --steps 900"
  "vehicle --seed 42 --steps 333"
)
: > "$here/cases.jsonl"
for c in "${cases[@]}"; do
  out=$(cd "$spec" && PYTHONPATH=pygame_stand_in python3 going_further.py $c)
  python3 -c 'import json,sys; print(json.dumps({"args": sys.argv[1].split(), "out": json.loads(sys.argv[2])}))' "$c" "$out" >> "$here/cases.jsonl"
done
