#!/usr/bin/env python3
"""Turn `flocklab bench --json` output into an SVG chart (no third-party modules).

usage: plot_bench.py FIXED.jsonl DENSITY.jsonl OUT.svg

Left panel: ms per step against flock size in the lesson's fixed 900x540
world, brute force and grid, log-log. Right panel: grid cost per boid per
step in a world that grows with the flock (constant density): flat means the
cost grows linearly with the flock.
"""
import json
import math
import sys


def load(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def log_axis(lo, hi):
    return math.floor(math.log10(lo)), math.ceil(math.log10(hi))


def panel(x0, y0, w, h, series, title, xlabel, ylabel, ylog=True):
    xs = [p[0] for s in series for p in s["points"]]
    ys = [p[1] for s in series for p in s["points"]]
    xa, xb = log_axis(min(xs), max(xs))
    if ylog:
        ya, yb = log_axis(min(ys), max(ys))
    else:
        ya, yb = 0.0, max(ys) * 1.3
    def px(x):
        return x0 + (math.log10(x) - xa) / (xb - xa) * w
    def py(y):
        v = (math.log10(y) - ya) / (yb - ya) if ylog else (y - ya) / (yb - ya)
        return y0 + h - v * h
    out = [f'<text x="{x0 + w / 2}" y="{y0 - 14}" class="t">{title}</text>',
           f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" class="frame"/>']
    for e in range(xa, xb + 1):
        x = px(10 ** e)
        out.append(f'<line x1="{x}" y1="{y0}" x2="{x}" y2="{y0 + h}" class="grid"/>')
        out.append(f'<text x="{x}" y="{y0 + h + 16}" class="tick">{10 ** e:g}</text>')
    if ylog:
        ticks = [10 ** e for e in range(int(ya), int(yb) + 1)]
    else:
        step = 10 ** math.floor(math.log10(yb / 4))
        ticks = [step * i for i in range(int(yb / step) + 1)]
    for t in ticks:
        y = py(t)
        out.append(f'<line x1="{x0}" y1="{y}" x2="{x0 + w}" y2="{y}" class="grid"/>')
        out.append(f'<text x="{x0 - 6}" y="{y + 4}" class="tick" text-anchor="end">{t:g}</text>')
    out.append(f'<text x="{x0 + w / 2}" y="{y0 + h + 34}" class="label">{xlabel}</text>')
    out.append(f'<text x="{x0 - 48}" y="{y0 + h / 2}" class="label" '
               f'transform="rotate(-90 {x0 - 48} {y0 + h / 2})">{ylabel}</text>')
    for i, s in enumerate(series):
        pts = " ".join(f"{px(x):.1f},{py(y):.1f}" for x, y in s["points"])
        out.append(f'<polyline points="{pts}" fill="none" stroke="{s["color"]}" stroke-width="2.5"/>')
        for x, y in s["points"]:
            out.append(f'<circle cx="{px(x):.1f}" cy="{py(y):.1f}" r="3.5" fill="{s["color"]}"/>')
        out.append(f'<text x="{x0 + 12}" y="{y0 + 20 + 18 * i}" style="fill:{s["color"]}" class="legend">{s["name"]}</text>')
    return out


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    fixed, density, out_path = load(sys.argv[1]), load(sys.argv[2]), sys.argv[3]
    def points(rows, mode, key, threads=1):
        return sorted((r["boids"], r[key]) for r in rows
                      if r["neighbors"] == mode and r.get("threads", 1) == threads)
    left = [
        {"name": "brute force", "color": "#f87171", "points": points(fixed, "brute", "median_ms")},
        {"name": "grid", "color": "#38bdf8", "points": points(fixed, "grid", "median_ms")},
    ]
    two = points(fixed, "grid", "median_ms", threads=2)
    if two:
        left.append({"name": "grid, 2 threads", "color": "#a3e635", "points": two})
    right = [{"name": "grid, constant density", "color": "#38bdf8",
              "points": [(b, ns / 1000.0) for b, ns in points(density, "grid", "ns_per_boid")]}]
    body = panel(80, 50, 360, 260, left, "900x540 world, formed flock (600 steps): ms per step", "boids", "ms per step")
    body += panel(560, 50, 300, 260, right, "constant density: cost per boid", "boids",
                  "µs per boid per step", ylog=False)
    svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="900" height="370" viewBox="0 0 900 370">',
           '<style>text{font:13px sans-serif;fill:#cbd5e1}.t{font-weight:bold;text-anchor:middle}'
           '.tick{font-size:11px;text-anchor:middle}.label{text-anchor:middle}'
           '.frame{fill:#0f172a;stroke:#475569}.grid{stroke:#1e293b}.legend{font-weight:bold}</style>',
           '<rect width="900" height="370" fill="#0b1120"/>'] + body + ['</svg>']
    with open(out_path, "w") as f:
        f.write("\n".join(svg) + "\n")


if __name__ == "__main__":
    main()
