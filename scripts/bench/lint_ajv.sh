#!/bin/bash
# lint_ajv.sh [ROUNDS]: `tendays lint` beside Ajv (node, draft 2020-12: compile the pack schema,
# parse, validate; testdata/node/ajv-one.cjs), its anchor, on the same valid packs: the 2 MB
# benchmark pack of lint/valid_bench_test.go (the mini pack grown by a chain of 12,700 regions)
# and the same grown to 505 regions (117 KB). Whole processes paired round by round (pair.py):
# median CPU (user+sys) and the median of the per-round ratios tendays/Ajv, with the load.
#
# Needs: Go, node, and `npm ci --prefix testdata/node` (Ajv). Run from the repository's root.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-9}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/tendays" ./cmd/tendays
TENDAYS_BIGPACK="$work/big.pack.json" go test ./lint -run TestWriteBigValidPack -count 1 >/dev/null
TENDAYS_BIGPACK="$work/r500.pack.json" TENDAYS_BIGPACK_REGIONS=500 go test ./lint -run TestWriteBigValidPack -count 1 >/dev/null
"$work/tendays" schema pack >"$work/pack.schema.json"
for pack in big r500; do
	"$work/tendays" lint -q "$work/$pack.pack.json"
	node testdata/node/ajv-one.cjs "$work/pack.schema.json" "$work/$pack.pack.json"
	echo "== $pack.pack.json: $(stat -c %s "$work/$pack.pack.json") bytes, valid to both"
	/usr/bin/python3 scripts/bench/pair.py --rounds "$rounds" --label ajv --label tendays -- \
		node testdata/node/ajv-one.cjs "$work/pack.schema.json" "$work/$pack.pack.json" -- \
		"$work/tendays" lint -q "$work/$pack.pack.json"
done
