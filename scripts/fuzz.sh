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
# FUZZ_MINIMIZE how long to minimize a new input (default 5s: the seeds are
# whole edition files, and minimizing them for the default minute stalls the
# run). Every target runs even when one fails; the exit status is non-zero
# if any failed, and the failures are listed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
filter=${2:-.}
workers=${FUZZ_WORKERS:-$(nproc)}
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

# run_target runs one target once, echoing its output; its status is go test's.
run_target() {
	go test "$1" -run '^$' -fuzz "^${2}\$" -fuzztime "${seconds}s" \
		-fuzzminimizetime "$minimize" -parallel "$workers" 2>&1 | tee "$log"
	return "${PIPESTATUS[0]}"
}

log=$(mktemp)
trap 'rm -f "$log"' EXIT
failed=()
while read -r pkg target; do
	echo "== $pkg $target (${seconds}s)"
	if run_target "$pkg" "$target"; then
		continue
	fi
	# The fuzzer sometimes stops with "context deadline exceeded" when the
	# time runs out while a worker is busy (a toolchain hiccup, not a crash:
	# a crash always writes its input). Such a run is tried once more.
	if grep -q 'context deadline exceeded' "$log" && ! grep -q 'Failing input written' "$log"; then
		echo "fuzz.sh: $pkg $target stopped on the deadline without a failing input; running it again"
		if run_target "$pkg" "$target"; then
			continue
		fi
	fi
	failed+=("$pkg $target")
done <<<"$targets"
if [ ${#failed[@]} -gt 0 ]; then
	echo "fuzz.sh: failed:" >&2
	printf '  %s\n' "${failed[@]}" >&2
	exit 1
fi
