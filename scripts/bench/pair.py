#!/usr/bin/python3
"""pair.py: times commands as whole processes, in turn, round after round, and prints each one's
median CPU (user+sys of the process and its children) and wall seconds, and the median of the
per-round ratios of CPU to the first command's (the anchor's): the ratio holds when the machine's
speed drifts between rounds, which a ratio of medians does not. Then the load average.

usage: pair.py [--rounds N] [--warmup N] [--label NAME]... -- ANCHOR_CMD -- CMD [-- CMD ...]
  each CMD is one shell command line (run by /bin/sh: pipes and redirections allowed; the shell's
  own CPU is counted, a few milliseconds). Output is read and thrown away unless a command
  redirects it. A command that exits non-zero stops the run, unless --ok-codes lists the code.
  --json FILE appends every round's figures as JSON lines.
"""
import argparse, json, os, statistics, subprocess, sys, time


def run(cmd, ok):
    """One whole process: (cpu seconds, wall seconds, peak RSS MiB), from wait4's rusage."""
    t = time.perf_counter()
    # /dev/null write-only, as a shell's >/dev/null: subprocess.DEVNULL opens it for reading and
    # writing, which tendays takes for a standard output closed at start (exit 2).
    with open(os.devnull, "wb") as null:
        p = subprocess.Popen(["/bin/sh", "-c", cmd], stdout=null, stderr=null)
        _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    code = os.waitstatus_to_exitcode(status)
    if code not in ok:
        sys.exit(f"pair.py: exit {code}: {cmd}")
    return ru.ru_utime + ru.ru_stime, wall, ru.ru_maxrss / 1024


def main():
    argv = sys.argv[1:]
    if "--" not in argv:
        sys.exit(__doc__)
    i = argv.index("--")
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--label", action="append", default=[])
    ap.add_argument("--ok-codes", default="0")
    ap.add_argument("--json")
    opts = ap.parse_args(argv[:i])
    cmds, cur = [], []
    for a in argv[i + 1:] + ["--"]:
        if a == "--":
            cmds.append(" ".join(cur))
            cur = []
        else:
            cur.append(a)
    if len(cmds) < 2:
        sys.exit("pair.py: give an anchor and at least one command")
    labels = opts.label + [c.split()[0] for c in cmds[len(opts.label):]]
    ok = {int(c) for c in opts.ok_codes.split(",")}
    for _ in range(opts.warmup):
        for c in cmds:
            run(c, ok)
    rounds = []
    for r in range(opts.rounds):
        row = [run(c, ok) for c in cmds]
        rounds.append(row)
        if opts.json:
            with open(opts.json, "a") as f:
                f.write(json.dumps({"round": r, "figures": {l: {"cpu": x[0], "wall": x[1], "rss_mib": x[2]}
                                                            for l, x in zip(labels, row)}}) + "\n")
    med = lambda k, j: statistics.median(row[k][j] for row in rounds)
    print(f"{opts.rounds} rounds, whole processes in turn; medians (cpu = user+sys)")
    width = max(len(l) for l in labels)
    for k, l in enumerate(labels):
        ratios = [row[k][0] / row[0][0] for row in rounds if row[0][0] > 0]
        wratios = [row[k][1] / row[0][1] for row in rounds if row[0][1] > 0]
        line = f"{l:<{width}}  cpu {med(k, 0):8.3f} s  wall {med(k, 1):8.3f} s  peak {med(k, 2):7.1f} MiB"
        if k > 0:
            line += (f"  cpu/{labels[0]} {statistics.median(ratios):.3f}x"
                     f" (min {min(ratios):.3f}, max {max(ratios):.3f})  wall/{labels[0]} {statistics.median(wratios):.3f}x")
        print(line)
    with open("/proc/loadavg") as f:
        print("load average:", " ".join(f.read().split()[:3]), f"on {os.cpu_count()} cpus")


if __name__ == "__main__":
    main()
