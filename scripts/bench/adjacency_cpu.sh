#!/bin/bash
# adjacency_cpu.sh [ROUNDS]: `tendays derive adjacency` on the TopoJSON that us-atlas and
# world-atlas ship, paired round by round with its anchor, topojson-client's neighbors() on the
# same file (adj_topojson.js), as whole processes: median CPU (user+sys) and the median of the
# per-round ratios tendays/topojson-client, rook and queen, for us-states, us-counties and
# world-50m. Installs the anchors with setup.sh. Run from the repository's root.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
export ANCHORS=${ANCHORS:-/tmp/anchors}
"$HERE/setup.sh" >/dev/null
rounds=${1:-9}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/tendays" ./cmd/tendays
declare -A file=([us-states]=us-atlas/states-10m.json [us-counties]=us-atlas/counties-10m.json [world-50m]=world-atlas/countries-50m.json)
declare -A object=([us-states]=states [us-counties]=counties [world-50m]=countries)
for ds in us-states us-counties world-50m; do
	for rule in rook queen; do
		echo "== $ds $rule"
		/usr/bin/python3 "$HERE/pair.py" --rounds "$rounds" --label topojson-client --label tendays -- \
			node "$HERE/adj_topojson.js" "$ds" "$rule" -- \
			"$work/tendays" derive adjacency "$ANCHORS/node_modules/${file[$ds]}" --object "${object[$ds]}" --rule "$rule" --format csv
	done
done
