"""Writes tests/fuzz/corpus/: seed inputs for make fuzz, in the layout
fuzz_flock.cpp reads, including the cases found by hand (issue: finite input
must never turn into NaN).  python3 make_corpus.py"""
import os
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
LESSON = [160.0, 60.0, 320.0, 0.25, 60.0, 270.0, 24.0, 1.8]  # the eight params, as the lesson sets them


def case(boids, rules=7, hawk=0, leader=False, steps=4, params=LESSON, hawk_at=(450.0, 270.0),
         leader_at=(700.0, 300.0), states=()):
    head = bytes([(boids - 2) % 40, rules, hawk | (4 if leader else 0), steps - 1])
    body = struct.pack("<8d", *params) + struct.pack("<4d", *hawk_at, *leader_at)
    for s in states:
        body += struct.pack("<4d", *s)
    return head + body


CASES = {
    "lesson-defaults": case(60),
    "near-coincident": case(3, states=[(0.0, 100.0, 50.0, 0.0), (1e-160, 100.0, 50.0, 0.0), (10.0, 100.0, 50.0, 0.0)]),
    "huge-values": case(3, states=[(1e308, 100.0, 4e307, 0.0), (-1e308, 1e308, 0.0, -4e307), (5.0, 5.0, 1e-300, 0.0)]),
    "nan-and-inf": case(3, states=[(float("nan"), 100.0, 50.0, 0.0), (float("inf"), 1.0, 1.0, 1.0), (3.0, 3.0, 3.0, 3.0)]),
    "same-velocity": case(7, rules=0, states=[(100.0 + 10 * i, 100.0, -90.68819291820373, -24.922695813530453) for i in range(7)]),
    "min-speed-nan": case(20, params=[10.0, float("nan"), 320.0, 0.25, 60.0, 270.0, 24.0, 1.8]),
    "extreme-params": case(30, params=[1e308, -1e308, float("inf"), 0.0, 1e9, -5.0, 1e9, 1e300], hawk=1),
    "everything-on": case(41, rules=15, hawk=2, leader=True, steps=8),
    "standing-still": case(4, states=[(200.0, 200.0, 0.0, 0.0)] * 4),
}

if __name__ == "__main__":
    out = os.path.join(HERE, "corpus")
    os.makedirs(out, exist_ok=True)
    for name, data in CASES.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
