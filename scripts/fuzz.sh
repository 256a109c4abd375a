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

failed=()
while read -r pkg target; do
	echo "== $pkg $target (${seconds}s)"
	if ! go test "$pkg" -run '^$' -fuzz "^${target}\$" -fuzztime "${seconds}s" \
		-fuzzminimizetime "$minimize" -parallel "$workers"; then
		failed+=("$pkg $target")
	fi
done <<<"$targets"
if [ ${#failed[@]} -gt 0 ]; then
	echo "fuzz.sh: failed:" >&2
	printf '  %s\n' "${failed[@]}" >&2
	exit 1
fi
