#!/bin/bash
# outputs.sh: the outputs of about sixty commands, to show that a change
# leaves them byte for byte as they were.
#
#   scripts/outputs.sh record BIN DIR   run the commands with the binary BIN,
#                                       writing each one's stdout, stderr, exit
#                                       status and files under DIR
#   scripts/outputs.sh compare [REF]    build REF (default main) and the work
#                                       tree, record both under
#                                       ${TMPDIR:-/tmp}/outputs.REF and
#                                       .../outputs.work, and diff them; exit 1
#                                       when anything differs
#
# The commands: build of every bundled edition (pack and board), every export
# format of usa, europe, around-the-world and across-the-us, lint in every
# reporter, the rule list, journey check and count, simulate, play from piped
# answers, rules, schema, derive adjacency, the help of the commands whose
# text is made from lists (export, simulate, lint), and the studio's JSON
# documents (view, pack, findings, a journey, a new game). Each command runs
# in its own folder under DIR, so that a file it writes is kept beside its
# output.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

record() {
	local bin dir
	bin=$(realpath "$1")
	dir=$2
	rm -rf "$dir"
	mkdir -p "$dir"
	dir=$(realpath "$dir")
	local n=0
	# run NAME ARGS...: tendays ARGS in DIR/NAME, stdin from $STDIN (or none).
	run() {
		local name=$1
		shift
		n=$((n + 1))
		local at
		at=$dir/$(printf '%02d' "$n")-$name
		mkdir -p "$at/files"
		local rc=0
		(cd "$at/files" && "$bin" "$@" <"${STDIN:-/dev/null}" >"$at/stdout" 2>"$at/stderr") || rc=$?
		echo "$rc" >"$at/status"
		echo "tendays $*" >"$at/command"
	}
	local eds="usa europe africa asia americas around-the-world across-the-us"
	for e in $eds; do
		run "build-$e" build "$e" -o "$e.pack.json"
	done
	run build-json build usa --format json -o usa.pack.json
	local regions="csv dot graphml json-graph geojson topojson gis svg datapackage tts pdf cards"
	for e in usa europe around-the-world; do
		for f in $regions; do
			case $f in
			csv | gis | datapackage) run "export-$e-$f" export "$e" --format "$f" -o out/ ;;
			tts) run "export-$e-$f" export "$e" --format tts --asset-url https://example.org/ -o out/ ;;
			*) run "export-$e-$f" export "$e" --format "$f" ;;
			esac
		done
	done
	run export-usa-geojson-d3 export usa --format geojson --winding d3
	run export-usa-svg-graph export usa --format svg --graph
	for f in dot graphml json-graph geojson topojson svg; do
		run "export-across-the-us-$f" export across-the-us --format "$f"
	done
	run export-across-the-us-gis export across-the-us --format gis -o out/
	run export-across-the-us-svg-graph export across-the-us --format svg --graph
	run export-across-the-us-csv export across-the-us --format csv -o out/
	run export-bad-format export usa --format png
	for f in text json sarif github; do
		run "lint-$f" lint "$repo/testdata/packs/faulty.pack.json" "$repo/editions/usa" --format "$f"
	done
	run lint-across-the-us lint "$repo/editions/across-the-us" --format json
	run lint-list-rules lint --list-rules
	run lint-list-rules-json lint --list-rules --format json
	run journey-check journey check usa OR car AZ plane:tan OH WV PA plane:light-blue GA FL
	run journey-check-json journey check usa OR car AZ plane:tan OH WV PA plane:light-blue GA FL --format json
	run journey-check-no journey check usa ME car NH --days 3
	printf 'OR,car,AZ\nME,car,NH\n# a comment\nXX,car,AZ\n' >"$dir/batch.txt"
	# Files of the record are named from the command's folder, so that two
	# records compare whatever folder each is in.
	run journey-batch journey check usa --days 3 --batch ../../batch.txt
	run journey-check-network journey check across-the-us A B
	run journey-count journey count europe --days 5
	run simulate simulate usa --games 200 --seed 3
	run simulate-json simulate europe --games 100 --seed 4 --format json --bots greedy,strong --players 3
	run simulate-combined simulate around-the-world --games 40 --seed 2
	run simulate-network simulate across-the-us --games 30 --seed 1 --players 2 --bots greedy,random
	run simulate-network-json simulate across-the-us --games 20 --seed 2 --format json
	run simulate-network-bots simulate across-the-us --bots greedy,random
	run simulate-swap-bad simulate usa --swap maybe
	run simulate-players simulate usa --players 6
	sed -n '/^-- moves.txt --/,/^-- /{/^-- /d;p}' "$repo/cmd/tendays/testdata/script/play.txtar" >"$dir/moves-play.txt"
	STDIN=$dir/moves-play.txt run play play "$repo/engine/testdata/grid.pack.json" --seed 3
	sed -n '/^-- moves.txt --/,/^-- /{/^-- /d;p}' "$repo/cmd/tendays/testdata/script/play-network.txtar" >"$dir/moves-network.txt"
	STDIN=$dir/moves-network.txt run play-network play across-the-us --seed 3
	run play-network-days play across-the-us --days 5
	run play-network-replay play across-the-us --replay ../../moves-network.txt
	run play-bad-bot play usa --bot clever
	run rules rules usa
	run rules-json rules across-the-us --format json
	run schema-pack schema pack
	run schema-edition schema edition
	run derive-adjacency derive adjacency "$repo/testdata/borders/us-states-10m.topojson" --format json
	for c in export simulate lint play build; do
		run "help-$c" "$c" --help
	done
	for e in usa around-the-world across-the-us; do
		studio "$e"
	done
}

# studio EDITION: the studio's JSON documents for an edition.
studio() {
	n=$((n + 1))
	local at
	at=$dir/$(printf '%02d' "$n")-studio-$1
	mkdir -p "$at"
	"$bin" serve "$1" --addr 127.0.0.1:0 >"$at/serve.out" 2>"$at/serve.err" &
	local pid=$!
	local url=""
	for _ in $(seq 100); do
		url=$(sed -n 's/^serving \(http:[^ ]*\).*/\1/p' "$at/serve.out")
		[ -n "$url" ] && break
		sleep 0.1
	done
	for doc in view pack findings; do
		curl -sS "${url}api/$doc" >"$at/$doc.json" || true
	done
	local cards='["OR","car","AZ","plane:tan","OH","WV","PA","plane:light-blue","GA","FL"]'
	curl -sS -H 'Content-Type: application/json' -d "{\"cards\": $cards}" "${url}api/journey" >"$at/journey.json" || true
	curl -sS -H 'Content-Type: application/json' -d '{"bots": 1, "seed": "7"}' "${url}api/games" | jq -S 'del(.id)' >"$at/game.json" || true
	curl -sS -H 'Content-Type: application/json' -d '{"bots": 1, "seed": "7", "swap": "maybe"}' "${url}api/games" >"$at/game-bad.json" || true
	curl -sS -H 'Content-Type: application/json' -d '{"bots": 5, "seed": "7"}' "${url}api/games" >"$at/game-players.json" || true
	kill "$pid"
	wait "$pid" 2>/dev/null || true
	rm "$at/serve.out" "$at/serve.err"
}

compare() {
	local ref=${1:-main}
	local tmp=${TMPDIR:-/tmp}
	local src=$tmp/outputs-src.$ref
	rm -rf "$src"
	mkdir -p "$src"
	git archive "$ref" | tar -x -C "$src"
	(cd "$src" && go build -o "$tmp/tendays.$ref" ./cmd/tendays)
	go build -o "$tmp/tendays.work" ./cmd/tendays
	rm -rf "$src"
	record "$tmp/tendays.$ref" "$tmp/outputs.$ref"
	record "$tmp/tendays.work" "$tmp/outputs.work"
	diff -r "$tmp/outputs.$ref" "$tmp/outputs.work" && echo "outputs.sh: the same outputs ($(ls "$tmp/outputs.work" | wc -l) commands)"
}

case ${1:-} in
record) record "$2" "$3" ;;
compare) compare "${2:-}" ;;
*)
	echo "usage: scripts/outputs.sh record BIN DIR | compare [REF]" >&2
	exit 2
	;;
esac
