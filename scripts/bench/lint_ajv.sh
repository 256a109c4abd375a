#!/bin/bash
# lint_ajv.sh [ROUNDS]: `tendays lint` beside Ajv on the same 2 MB valid pack
# (the benchmark pack of lint/valid_bench_test.go: the mini pack grown by a
# chain of 12,700 regions, no finding), each as a whole process, the two in
# turn for ROUNDS rounds (default 9). Prints each one's median user+sys CPU
# and wall seconds and the medians of the per-round ratios tendays/Ajv.
#
# Needs: Go, node, and `npm ci --prefix testdata/node` (Ajv). Run from the
# repository's root.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-9}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/tendays" ./cmd/tendays
TENDAYS_BIGPACK="$work/big.pack.json" go test ./lint -run TestWriteBigValidPack -count 1 >/dev/null
"$work/tendays" schema pack >"$work/pack.schema.json"
"$work/tendays" lint -q "$work/big.pack.json"
node testdata/node/ajv-one.cjs "$work/pack.schema.json" "$work/big.pack.json"
# One run: "cpu wall" in seconds, from GNU time.
run() { /usr/bin/time -f '%U %S %e' -o "$work/t" "$@" >/dev/null && awk '{printf "%.3f %.3f\n", $1+$2, $3}' "$work/t"; }
for i in $(seq "$rounds"); do
	echo "$(run "$work/tendays" lint -q "$work/big.pack.json") $(run node testdata/node/ajv-one.cjs "$work/pack.schema.json" "$work/big.pack.json")"
done >"$work/rounds"
python3 - "$work/rounds" "$(stat -c %s "$work/big.pack.json")" <<'PY'
import statistics, sys
rows = [list(map(float, l.split())) for l in open(sys.argv[1])]
med = lambda i: statistics.median(r[i] for r in rows)
ratio = lambda i, j: statistics.median(r[i] / r[j] for r in rows)
print(f"pack: {int(sys.argv[2]):,} bytes; {len(rows)} rounds, whole processes, medians")
print(f"tendays lint  cpu {med(0):.3f} s  wall {med(1):.3f} s")
print(f"Ajv (node)    cpu {med(2):.3f} s  wall {med(3):.3f} s")
print(f"tendays/Ajv   cpu {ratio(0, 2):.2f}x  wall {ratio(1, 3):.2f}x")
PY
uptime
