"""The lesson's Python lab against the native core, in one run (make bench-lab).

Runs the lab's own flock program (flock_hawk_solution.py, the copy in
../shared/going-further) headless with N boids, seed 7 and every rule on,
forms the flock (600 steps, 10 s), checks that its state then equals the
core's (`flocklab dump`, bit for bit), and times the lab's step and the
core's (`flocklab bench`) in alternating rounds. Prints one JSON line per
round and a summary with the ratios.

The lab needs pygame-ce's Vector2.clamp_magnitude. Where only Debian's
pygame 2.1.2 is installable (it lacks that one method), the method is added
to pygame's Vector2 in Python, written with Vector2's own C operations
(length_squared, one multiplication): the rest of the lab runs on pygame's C
Vector2 as it does for students. That addition is slower than pygame-ce's C
method, so it makes the lab slower: the summary reports its cost, measured
in the same run, and the ratios with it taken out.

usage: /usr/bin/python3 tests/bench/lab_ratio.py [--boids 500] [--rounds 3]
         [--steps 15] [--lab PATH] [--cli build/native/flocklab]
"""
import argparse
import ctypes
import gc
import importlib.util
import json
import math
import os
import statistics
import subprocess
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WARMUP = 600  # steps: a formed flock, as `flocklab bench` times it
SEED = 7
RULES = {"separation": True, "alignment": True, "cohesion": True}  # every rule on

clamp_calls = 0


def clamp_magnitude(self, *bounds):
    """pygame-ce's Vector2.clamp_magnitude(max) / (min, max): the length
    clamped into [min, max] by one factor on both coordinates."""
    global clamp_calls
    clamp_calls += 1
    lo, hi = (0.0, float(bounds[0])) if len(bounds) == 1 else (float(bounds[0]), float(bounds[1]))
    sq = self.length_squared()
    f = 1.0
    if sq > hi * hi:
        f = hi / math.sqrt(sq)
    if sq < lo * lo:
        f = lo / math.sqrt(sq)
    return self * f


def add_clamp_magnitude():
    """Gives pygame's C Vector2 type the method (a built-in type takes no new
    attributes the ordinary way: write to its dict, then tell CPython)."""
    vector = pygame.math.Vector2
    gc.get_referents(vector.__dict__)[0]["clamp_magnitude"] = clamp_magnitude
    ctypes.pythonapi.PyType_Modified(ctypes.py_object(vector))


def load_lab(path, boids):
    spec = importlib.util.spec_from_file_location("flock_lab", path)
    lab = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(lab)
    lab.NUM_BOIDS = boids  # make_flock reads it
    return lab


def lab_step_ms(lab, flock, steps):
    times = []
    for _ in range(steps):
        t0 = time.perf_counter()
        lab.step(flock, RULES, 1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def clamp_cost_ms(calls):
    """What `calls` calls of the Python clamp_magnitude cost, in ms."""
    vectors = [pygame.math.Vector2(300.0, 400.0), pygame.math.Vector2(30.0, 40.0), pygame.math.Vector2(90.0, 120.0)]
    n = 60000
    t0 = time.perf_counter()
    for _ in range(n):
        for v in vectors:  # longer than, shorter than and within [60, 160]
            v.clamp_magnitude(60.0, 160.0)
    return (time.perf_counter() - t0) / (3 * n) * calls * 1000


def core(cli, *args):
    out = subprocess.run([cli, *args], check=True, capture_output=True, text=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def main():
    global clamp_calls
    ap = argparse.ArgumentParser()
    ap.add_argument("--boids", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--steps", type=int, default=15, help="lab steps timed per round")
    ap.add_argument("--lab", default=os.path.join(ROOT, "..", "shared", "going-further", "flock_hawk_solution.py"))
    ap.add_argument("--cli", default=os.path.join(ROOT, "build", "native", "flocklab"))
    a = ap.parse_args()
    if not os.path.exists(a.lab):
        sys.exit(f"lab_ratio: the lab program is not at {a.lab} (--lab PATH)")
    patched = not hasattr(pygame.math.Vector2, "clamp_magnitude")
    if patched:
        add_clamp_magnitude()

    lab = load_lab(a.lab, a.boids)
    flock = lab.make_flock(SEED)
    for _ in range(WARMUP):
        lab.step(flock, RULES, 1 / 60)
    state = core(a.cli, "dump", "--seed", str(SEED), "--steps", str(WARMUP), "--boids", str(a.boids))[0]["boids_state"]
    exact = all([b.pos.x, b.pos.y, b.vel.x, b.vel.y] == s for b, s in zip(flock, state)) and len(state) == len(flock)

    rounds = []
    for r in range(a.rounds):
        clamp_calls = 0
        lab_ms = lab_step_ms(lab, flock, a.steps)
        calls_per_step = clamp_calls / a.steps
        one, two = core(a.cli, "bench", "--boids", str(a.boids), "--neighbors", "grid", "--threads", "1,2", "--json")
        row = {"round": r + 1, "lab_ms": round(lab_ms, 2), "core_ms": one["median_ms"], "core_2_threads_ms": two["median_ms"],
               "ratio": round(lab_ms / one["median_ms"]), "ratio_2_threads": round(lab_ms / two["median_ms"])}
        if patched:
            row["clamp_ms"] = round(clamp_cost_ms(calls_per_step), 2)
        print(json.dumps(row), flush=True)
        rounds.append(row)

    med = lambda k: statistics.median(x[k] for x in rounds)  # noqa: E731
    summary = {"boids": a.boids, "seed": SEED, "warmup": WARMUP, "lab_equals_core_after_warmup": exact,
               "pygame": pygame.version.ver, "clamp_magnitude": "added in Python" if patched else "pygame's own",
               "lab_ms": med("lab_ms"), "core_ms": med("core_ms"), "core_2_threads_ms": med("core_2_threads_ms"),
               "ratio": med("ratio"), "ratio_2_threads": med("ratio_2_threads")}
    if patched:
        lab_net = [x["lab_ms"] - x["clamp_ms"] for x in rounds]
        summary["lab_ms_without_added_clamp"] = round(statistics.median(lab_net), 2)
        summary["ratio_without_added_clamp"] = round(statistics.median(n / x["core_ms"] for n, x in zip(lab_net, rounds)))
        summary["ratio_2_threads_without_added_clamp"] = round(
            statistics.median(n / x["core_2_threads_ms"] for n, x in zip(lab_net, rounds)))
    print(json.dumps(summary))
    return 0 if exact else 1


if __name__ == "__main__":
    sys.exit(main())
