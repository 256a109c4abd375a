#!/bin/bash
# export_gis.sh [ROUNDS] [EDITION...]: `tendays export PACK --format gis -o DIR` (one GeoJSON file
# a layer) beside its anchor, ogr2ogr turning the same board (<id>.board.geojson, as build wrote
# it) into a GeoPackage, and `tendays export PACK --format topojson` beside geo2topo piped to
# topoquantize 1e5 on that board: whole processes paired round by round (pair.py), median CPU
# (user+sys) and the median of the per-round ratios, every bundled edition with a board.
# Installs gdal-bin with apt and topojson-server, topojson-client with npm into $ANCHORS
# (default /tmp/anchors) when missing. Run from the repository's root.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-7}
shift || true
editions=${*:-usa europe africa asia americas around-the-world}
export ANCHORS=${ANCHORS:-/tmp/anchors}
command -v ogr2ogr >/dev/null || { apt-get update >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y gdal-bin >/dev/null; }
mkdir -p "$ANCHORS"
[ -x "$ANCHORS/node_modules/.bin/geo2topo" ] || (cd "$ANCHORS" && { [ -f package.json ] || npm init -y >/dev/null; } && npm install topojson-server@3.0.1 topojson-client@3.1.0 >/dev/null)
bin=$ANCHORS/node_modules/.bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/tendays" ./cmd/tendays
for e in $editions; do
	mkdir -p "$work/$e"
	"$work/tendays" build "$e" -q -o "$work/$e/$e.pack.json"
	pack=$work/$e/$e.pack.json board=$work/$e/$e.board.geojson
	echo "== $e: board $(stat -c %s "$board") bytes; gis"
	/usr/bin/python3 scripts/bench/pair.py --rounds "$rounds" --label ogr2ogr --label tendays -- \
		"rm -f $work/o.gpkg; ogr2ogr -f GPKG $work/o.gpkg $board" -- \
		"rm -rf $work/gis; $work/tendays export $pack --format gis -q -o $work/gis"
	echo "== $e: topojson"
	/usr/bin/python3 scripts/bench/pair.py --rounds "$rounds" --label geo2topo+topoquantize --label tendays -- \
		"$bin/geo2topo board=$board | $bin/topoquantize 1e5 >$work/o.topojson" -- \
		"$work/tendays" export "$pack" --format topojson -q -o "$work/t.topojson"
done
