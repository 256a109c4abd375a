#!/usr/bin/python3
"""Runs tendays beside the adjacency anchors: every (dataset, tool, mode) as a fresh process,
--runs rounds interleaved (round-robin, to spread machine noise), appends raw results to
$ANCHORS/results/bench.jsonl and prints median tables (markdown) with each tool's wall time as a
ratio to tendays's.
usage: TENDAYS=path/to/tendays /usr/bin/python3 bench.py [--runs 5] [--datasets a,b] [--tools a,b]
       /usr/bin/python3 bench.py --summarize        (tables from the existing jsonl only)
'wall' = the whole process as seen from outside (start, imports, load, adjacency, output).
tendays reads the GeoJSON made by topo2geo.js; tendays-topo reads the shipped TopoJSON."""
import argparse, json, os, statistics, subprocess, sys, time
from anchors_common import ANCHORS

HERE = os.path.dirname(os.path.abspath(__file__))
TENDAYS = os.environ.get("TENDAYS", "tendays")
CMD = {
    "tendays": None,
    "tendays-topo": None,
    "topojson": ["node", os.path.join(HERE, "adj_topojson.js")],
    "libpysal": ["/usr/bin/python3", os.path.join(HERE, "adj_libpysal.py")],
    "shapely": ["/usr/bin/python3", os.path.join(HERE, "adj_shapely.py")],
}
RESULTS = os.path.join(ANCHORS, "results", "bench.jsonl")


TOPO = {"us-states": ("us-atlas/states-10m.json", "states"),
        "us-counties": ("us-atlas/counties-10m.json", "counties"),
        "world-50m": ("world-atlas/countries-50m.json", "countries"),
        "world-110m": ("world-atlas/countries-110m.json", "countries")}


_regions = {}


def count_regions(tool, ds):
    """The number of features tendays reads: the GeoJSON's features, or the TopoJSON object's
    geometries. tendays prints pairs only, so the count comes from its input."""
    key = (tool, ds)
    if key not in _regions:
        if tool == "tendays":
            with open(os.path.join(ANCHORS, "data", ds + ".geojson")) as f:
                _regions[key] = len(json.load(f)["features"])
        else:
            rel, obj = TOPO[ds]
            with open(os.path.join(ANCHORS, "node_modules", rel)) as f:
                _regions[key] = len(json.load(f)["objects"][obj]["geometries"])
    return str(_regions[key])


def run_tendays(tool, ds, mode):
    """tendays derive adjacency, timed from outside; pairs counted from its CSV output."""
    if tool == "tendays":
        args = [os.path.join(ANCHORS, "data", ds + ".geojson"), "--id", "aid"]
    else:
        if ds not in TOPO:
            return None
        rel, obj = TOPO[ds]
        args = [os.path.join(ANCHORS, "node_modules", rel), "--object", obj]
    cmd = [TENDAYS, "derive", "adjacency", *args, "--rule", mode, "--format", "csv"]
    t = time.perf_counter()
    p = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - t
    if p.returncode != 0:
        print(f"FAILED {' '.join(cmd)}: {p.stderr[-400:]}", file=sys.stderr)
        return None
    rows = [l.split(",")[:2] for l in p.stdout.splitlines() if l and not l.startswith(("a,", "#"))]
    pairs = sorted({" ".join(sorted(r)) for r in rows if len(r) == 2})
    os.makedirs(os.path.join(ANCHORS, "out"), exist_ok=True)
    with open(os.path.join(ANCHORS, "out", f"{tool}-{ds}-{mode}.txt"), "w") as f:
        f.write("\n".join(pairs) + "\n")
    # tendays is timed as a whole process only: no adj_s or total_s of its own.
    return {"tool": tool, "dataset": ds, "mode": mode, "regions": count_regions(tool, ds),
            "pairs": str(len(pairs)), "wall_s": f"{wall:.4f}"}


def run_one(tool, ds, mode):
    if tool.startswith("tendays"):
        return run_tendays(tool, ds, mode)
    t = time.perf_counter()
    p = subprocess.run(CMD[tool] + [ds, mode], capture_output=True, text=True)
    wall = time.perf_counter() - t
    if p.returncode != 0:
        print(f"FAILED {tool} {ds} {mode}: {p.stderr[-400:]}", file=sys.stderr)
        return None
    line = [l for l in p.stdout.splitlines() if l.startswith("tool=")][-1]
    rec = dict(kv.split("=", 1) for kv in line.split())
    rec["wall_s"] = f"{wall:.4f}"
    return rec


def summarize(path=RESULTS):
    recs = [json.loads(l) for l in open(path)]
    by = {}
    for r in recs:
        by.setdefault((r["dataset"], r["tool"], r["mode"]), []).append(r)
    med = lambda rs, k: statistics.median(float(r[k]) for r in rs)
    for ds in dict.fromkeys(r["dataset"] for r in recs):
        print(f"\n### {ds}\n")
        print("| tool | regions | rook pairs | queen pairs | rook adj s | queen adj s | rook total s | queen total s | rook wall s | wall / tendays | runs |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
        base = by.get((ds, "tendays", "rook"))
        for tool in CMD:
            rk, qn = by.get((ds, tool, "rook"), []), by.get((ds, tool, "queen"), [])
            if not rk and not qn:
                continue
            # "–": not measured (tendays reports no inner timings; a mode not run).
            f = lambda rs, k: f"{med(rs, k):.3f}" if rs and all(k in r for r in rs) else "–"
            ratio = f"{med(rk, 'wall_s') / med(base, 'wall_s'):.1f}x" if (rk and base) else "–"
            regions = (rk or qn)[0]["regions"]
            print(f"| {tool} | {regions} | {rk[0]['pairs'] if rk else '–'} | {qn[0]['pairs'] if qn else '–'} | "
                  f"{f(rk, 'adj_s')} | {f(qn, 'adj_s')} | {f(rk, 'total_s')} | {f(qn, 'total_s')} | "
                  f"{f(rk, 'wall_s')} | {ratio} | {len(rk)}/{len(qn)} |")


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--datasets", default="us-states,us-counties,world-50m,voronoi-100k")
    ap.add_argument("--tools", default="tendays,tendays-topo,topojson,libpysal,shapely")
    ap.add_argument("--modes", default="rook,queen")
    ap.add_argument("--summarize", action="store_true")
    a = ap.parse_args()
    if not a.summarize:
        os.makedirs(os.path.dirname(RESULTS), exist_ok=True)
        with open(RESULTS, "a") as out:
            for r in range(a.runs):
                for ds in a.datasets.split(","):
                    for tool in a.tools.split(","):
                        for mode in a.modes.split(","):
                            rec = run_one(tool, ds, mode)
                            if rec:
                                rec["round"] = r
                                out.write(json.dumps(rec) + "\n")
                                out.flush()
                print(f"round {r + 1}/{a.runs} done", file=sys.stderr, flush=True)
    summarize()
