#!/bin/bash
# Runs `tendays derive adjacency` beside topojson-client, libpysal and shapely on the same inputs,
# in one run, and prints median wall times with each tool's ratio to tendays, then the pairs on
# which the tools disagree. Run from the repository's root:  scripts/bench/adjacency.sh [--runs 5]
# Scratch data goes to $ANCHORS (default /tmp/anchors).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
export ANCHORS=${ANCHORS:-/tmp/anchors}
"$HERE/setup.sh" >/dev/null
export TENDAYS=${TENDAYS:-$ANCHORS/tendays}
go build -o "$TENDAYS" ./cmd/tendays
rm -f "$ANCHORS/results/bench.jsonl"
/usr/bin/python3 "$HERE/bench.py" --modes rook,queen "$@"
/usr/bin/python3 "$HERE/compare.py" us-states us-counties world-50m
