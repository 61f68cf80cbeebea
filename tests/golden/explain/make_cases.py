"""Regenerates cases.jsonl: what `flocklab explain` must print, computed with
the lesson's own functions (lab.neighbors, lab.separation, lab.alignment,
lab.cohesion, lab.flee, lab.flock_force) and the Going-further specification
(going_further.py) for the extensions.

  python3 make_cases.py [PATH/TO/shared/going-further]

Each line is {"args": [...the CLI's explain arguments...], "out": {...}}.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "../../../../shared/going-further")
sys.path[:0] = [SPEC, os.path.join(SPEC, "pygame_stand_in")]

import pygame  # noqa: E402  (the stand-in)
import going_further as gf  # noqa: E402

lab = gf.lab


def vec(v):
    return [v.x, v.y]


def explain(seed, steps, boid, rules="all", hawk=None, boids=60, wander=False, leader=None):
    """The flock after `steps` steps; boid `boid` as the next step sees it."""
    lab.NUM_BOIDS = boids
    flock = gf.Flock(seed, gf.SETS[rules], wander=wander, hawk=hawk, leader_target=leader)
    for _ in range(steps):
        flock.step(gf.DT)
    everyone = flock.boids
    me = everyone[boid]
    near = lab.neighbors(me, everyone)
    hawk_pos = flock.hawk_pos()
    forces = {
        "separation": lab.separation(me, near),
        "alignment": lab.alignment(me, near),
        "cohesion": lab.cohesion(me, near),
        "flee": lab.flee(me, hawk_pos),
    }
    weights = dict(lab.WEIGHTS)
    leads = leader is not None and boid == 0
    counted = {name: (not leads) and (name == "flee" or flock.enabled[name]) for name in forces}
    wander_to = None
    if wander:  # the next step's draws, on a copy of the generator
        state = flock.wander_rng.getstate()
        for i in range(boid + 1):
            angle = flock.angles[i] + flock.wander_rng.uniform(-gf.WANDER_JITTER, gf.WANDER_JITTER)
        flock.wander_rng.setstate(state)
        wander_to = gf.wander_target(me.pos, me.vel, angle)
        forces["wander"] = gf.flock_seek(me, wander_to)
        weights["wander"] = gf.WEIGHT_WANDER
        counted["wander"] = (not leads) and not near
    follow = gf.behind(everyone[0]) if leader is not None else None
    if follow is not None and not leads:
        forces["follow"] = gf.arrive_at(me, follow, gf.FOLLOW_SLOW_RADIUS)
        weights["follow"] = gf.WEIGHT_FOLLOW
        counted["follow"] = True
    if leads:
        forces["lead"] = gf.arrive_at(me, flock.leader_target, gf.LEADER_SLOW_RADIUS)
        weights["lead"] = 1.0
        counted["lead"] = True
        total = forces["lead"]
    elif wander or follow is not None:
        total = gf.boid_force(me, everyone, flock.enabled, hawk_pos, wander_to, follow)
    else:
        total = lab.flock_force(me, everyone, flock.enabled, hawk_pos)
    return {
        "boid": boid, "pos": vec(me.pos), "vel": vec(me.vel),
        "neighbors": [everyone.index(o) for o in near],
        "hawk": None if hawk_pos is None else vec(hawk_pos),
        "forces": {k: vec(v) for k, v in forces.items()},
        "weights": {k: weights[k] for k in forces},
        "counted": counted,
        "total": vec(total),
    }


CASES = [
    dict(seed=7, steps=600, boid=3),
    dict(seed=7, steps=0, boid=0),
    dict(seed=7, steps=1, boid=59),
    dict(seed=0, steps=300, boid=12, rules="no-sep"),
    dict(seed=1, steps=450, boid=40, rules="none"),
    dict(seed=2, steps=200, boid=7, hawk=(450.0, 270.0)),
    dict(seed=3, steps=120, boid=25, rules="no-coh", hawk=(100.0, 80.0)),
    dict(seed=11, steps=600, boid=90, boids=120),
    dict(seed=123456, steps=240, boid=5, boids=200, rules="no-ali"),
    dict(seed=5, steps=300, boid=17, wander=True),
    dict(seed=6, steps=200, boid=2, hawk="pursuit"),
    dict(seed=8, steps=300, boid=0, leader=(700.0, 300.0)),
    dict(seed=8, steps=300, boid=9, leader=(700.0, 300.0)),
    dict(seed=9, steps=240, boid=30, wander=True, hawk="pursuit", leader=(300.0, 200.0), boids=90),
]


def args_of(c):
    a = ["--seed", str(c["seed"]), "--steps", str(c["steps"]), "--boid", str(c["boid"])]
    if c.get("rules", "all") != "all":
        a += ["--rules", c["rules"]]
    if c.get("boids", 60) != 60:
        a += ["--boids", str(c["boids"])]
    hawk = c.get("hawk")
    if hawk == "pursuit":
        a += ["--hawk", "pursuit"]
    elif hawk is not None:
        a += ["--hawk", "%r,%r" % hawk]
    if c.get("wander"):
        a += ["--wander"]
    if c.get("leader") is not None:
        a += ["--leader", "%r,%r" % c["leader"]]
    return a


if __name__ == "__main__":
    with open(os.path.join(HERE, "cases.jsonl"), "w") as out:
        for c in CASES:
            out.write(json.dumps({"args": args_of(c), "out": explain(**c)}) + "\n")
