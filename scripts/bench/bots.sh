#!/bin/bash
# bots.sh [ROUNDS] [BASE]: games a CPU-second of the default (greedy) bots, 3 players, one worker,
# on Around the World beside its anchor, the USA, as whole processes paired round by round
# (pair.py; `simulate usa --games 2000` against `simulate around-the-world --games 40`), and the
# same commands of tendays at git revision BASE (default 5c1c448, before issue 38), whose outputs
# must be the same bytes. Then `doctor around-the-world` with its default budget, wall and CPU,
# beside BASE's. Needs Go. Run from the repository's root.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-3}
base=${2:-5c1c448}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/tendays" ./cmd/tendays
mkdir "$work/base"
git archive "$base" | tar -x -C "$work/base"
(cd "$work/base" && go build -o "$work/tendays-base" ./cmd/tendays)
for e in usa around-the-world; do "$work/tendays" build "$e" -q -o "$work/$e.pack.json"; done
usa="simulate $work/usa.pack.json --games 2000 --players 3 --workers 1 --seed 3 --format json"
atw="simulate $work/around-the-world.pack.json --games 40 --players 3 --workers 1 --seed 3 --format json"
for t in tendays tendays-base; do
	"$work/$t" $usa >"$work/usa.$t"
	"$work/$t" $atw >"$work/atw.$t"
done
cmp "$work/usa.tendays" "$work/usa.tendays-base"
cmp "$work/atw.tendays" "$work/atw.tendays-base"
echo "== simulate: the same results from both binaries"
/usr/bin/python3 scripts/bench/pair.py --rounds "$rounds" --json "$work/sim.jsonl" \
	--label usa --label around-the-world --label usa-base --label around-the-world-base -- \
	"$work/tendays" $usa -- "$work/tendays" $atw -- "$work/tendays-base" $usa -- "$work/tendays-base" $atw
/usr/bin/python3 - "$work/sim.jsonl" <<'PY'
import json, statistics, sys
rows = [json.loads(l)["figures"] for l in open(sys.argv[1])]
for suffix in ("", "-base"):
    usa = [2000 / r["usa" + suffix]["cpu"] for r in rows]
    atw = [40 / r["around-the-world" + suffix]["cpu"] for r in rows]
    ratio = statistics.median(u / a for u, a in zip(usa, atw))
    print(f"tendays{suffix or ''}: usa {statistics.median(usa):,.0f} games a CPU-second, "
          f"around-the-world {statistics.median(atw):.1f}; usa/around-the-world {ratio:.0f}x (paired median)")
PY
echo "== doctor around-the-world, default budget"
/usr/bin/python3 scripts/bench/pair.py --rounds 1 --warmup 0 --ok-codes 0,1 --label base --label tendays -- \
	"$work/tendays-base" doctor around-the-world --format json -- "$work/tendays" doctor around-the-world --format json
