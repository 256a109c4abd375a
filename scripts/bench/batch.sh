#!/bin/bash
# batch.sh [ROUNDS] [BASE]: `tendays journey check usa --batch` on 500,000 random and 500,000
# valid journey lines of the bundled USA pack (ids, names and tokens in mixed case and spacing:
# engine/batch's TestWriteBenchLines), each as a whole process, paired round by round with the
# same command of tendays at git revision BASE (default 5c1c448, before issue 38), the anchor.
# Prints the lines a CPU-second of each (median CPU) and the paired ratios. Both must give the
# same verdict on every line; differing reasons are counted, not refused: since 325c87f a reason
# that an edition setting decides names the setting ("... only by plane (the edition's
# air_only)"), so a BASE before it words those lines otherwise. Needs Go. Run from the
# repository's root.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-7}
base=${2:-5c1c448}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/tendays" ./cmd/tendays
mkdir "$work/base"
git archive "$base" | tar -x -C "$work/base"
(cd "$work/base" && go build -o "$work/tendays-base" ./cmd/tendays)
"$work/tendays" build usa -q -o "$work/usa.pack.json"
TENDAYS_BATCH_LINES=500000 TENDAYS_BATCH_PACK="$work/usa.pack.json" TENDAYS_BATCH_OUT="$work" go test ./engine/batch -run TestWriteBenchLines -count 1 >/dev/null
for kind in random valid; do
	"$work/tendays" journey check "$work/usa.pack.json" --batch "$work/$kind.txt" >"$work/$kind.new" || [ $? = 1 ]
	"$work/tendays-base" journey check "$work/usa.pack.json" --batch "$work/$kind.txt" >"$work/$kind.base" || [ $? = 1 ]
	# The verdicts: everything before "reason".
	cmp <(sed 's/,"reason".*//' "$work/$kind.new") <(sed 's/,"reason".*//' "$work/$kind.base")
	worded=$(diff "$work/$kind.new" "$work/$kind.base" | grep -c '^<' || true)
	echo "== $kind lines: $(wc -l <"$work/$kind.txt"), the same verdicts from both; $worded reasons worded otherwise"
	/usr/bin/python3 scripts/bench/pair.py --rounds "$rounds" --ok-codes 0,1 --label "before($base)" --label tendays \
		--json "$work/$kind.jsonl" -- \
		"$work/tendays-base" journey check "$work/usa.pack.json" --batch "$work/$kind.txt" -- \
		"$work/tendays" journey check "$work/usa.pack.json" --batch "$work/$kind.txt"
	/usr/bin/python3 - "$work/$kind.jsonl" "$(wc -l <"$work/$kind.txt")" <<'PY'
import json, statistics, sys
rows = [json.loads(l)["figures"] for l in open(sys.argv[1])]
n = int(sys.argv[2])
for tool in rows[0]:
    print(f"{tool}: {n / statistics.median(r[tool]['cpu'] for r in rows):,.0f} lines a CPU-second (whole process)")
PY
done
