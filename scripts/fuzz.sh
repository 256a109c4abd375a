#!/bin/bash
# fuzz.sh [SECONDS] [FILTER]: run every fuzz target of the module for SECONDS
# (default 60) each, one after the other; FILTER (a grep pattern) picks
# targets by "package Target", e.g. 'mapdata' or 'FuzzYAML'.
#
# Targets are found by looking for `func FuzzXxx` in test files, so a new
# target needs no change here. Inputs that crash or hang are written to the
# package's testdata/fuzz/FuzzXxx/ by go test: commit them with the fix.
#
# FUZZ_WORKERS sets the workers per target (default: the number of CPUs);
# FUZZ_LANES how many targets run at once (default 1; CI runs 2 lanes of one
# worker each, since a short run is mostly building and gathering the seed
# corpus's coverage, one core each); FUZZ_MINIMIZE how long to minimize a
# new input (default 5s: the seeds are whole edition files, and minimizing
# them for the default minute stalls the run). Every target runs even when
# one fails; the exit status is non-zero if any failed, and the failures are
# listed at the end, each lane's output printed whole as it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
filter=${2:-.}
workers=${FUZZ_WORKERS:-$(nproc)}
lanes=${FUZZ_LANES:-1}
minimize=${FUZZ_MINIMIZE:-5s}

targets=$(grep -rlE --include='*_test.go' '^func Fuzz[A-Z][A-Za-z0-9_]*\(f \*testing\.F\)' . |
	while read -r file; do
		dir=$(dirname "$file")
		grep -oE '^func Fuzz[A-Z][A-Za-z0-9_]*' "$file" | sed "s|^func |$dir |"
	done | sort | grep -E -- "$filter" || true)
if [ -z "$targets" ]; then
	echo "fuzz.sh: no fuzz target matches '$filter'" >&2
	exit 2
fi

# run_target runs one target once for $4 seconds (default SECONDS), its
# output in the log $3; its status is go test's.
run_target() {
	go test "$1" -run '^$' -fuzz "^${2}\$" -fuzztime "${4:-$seconds}s" \
		-fuzzminimizetime "$minimize" -parallel "$workers" >"$3" 2>&1
}

# fuzz_one fuzzes one target ("PKG TARGET"), prints its output in one piece
# and, when it failed, its name on the file $failures.
fuzz_one() {
	local pkg=${1% *} target=${1#* } log
	log=$(mktemp)
	if ! run_target "$pkg" "$target" "$log"; then
		# The fuzzer sometimes stops with "context deadline exceeded" when
		# the time runs out while a worker is busy (a toolchain hiccup, not
		# a crash: a crash always writes its input), or still gathering the
		# seed corpus's coverage (schema's 397 seeds take about 3 s). Such
		# a run is tried once more, with time to gather it all.
		if grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written' "$log"; then
			echo "fuzz.sh: $pkg $target stopped on the deadline without a failing input; running it again" >>"$log"
			run_target "$pkg" "$target" "$log.again" "$(awk -v s="$seconds" 'BEGIN { print (s < 10 ? 10 : s) }')" ||
				echo "$pkg $target" >>"$failures"
			cat "$log.again" >>"$log"
			rm -f "$log.again"
		else
			echo "$pkg $target" >>"$failures"
		fi
	fi
	{ echo "== $pkg $target (${seconds}s)"; cat "$log"; } | flock "$failures" cat
	rm -f "$log"
}

failures=$(mktemp)
trap 'rm -f "$failures"' EXIT
export -f run_target fuzz_one
export seconds minimize workers failures
# Two lanes on targets of one package may both build it with coverage
# instrumentation; the go build cache keeps that safe, and the second waits
# for or reuses the first's work.
printf '%s\n' "$targets" | xargs -d '\n' -P "$lanes" -I{} bash -c 'fuzz_one "$1"' _ {}
if [ -s "$failures" ]; then
	echo "fuzz.sh: failed:" >&2
	sed 's/^/  /' "$failures" >&2
	exit 1
fi
