#!/bin/bash
# One verb (issue 42): every component's tests answer `make -C
# tests/<component> check` (TAP, non-zero exit on a failure).  Each folder
# of tests/ is a component whose Makefile has a check target, or one of the
# folders that are not a component (NOT_COMPONENTS, each with its reason).
# Static: it reads the makefiles and runs nothing.  Prints TAP.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/tests/common/tap.sh"

# folder: why it has no check of its own
declare -A NOT_COMPONENTS=(
	[common]="the parts every component's tests share (tests/README.md, Shared parts)"
	[setup]="tests/setup/deps.sh installs what the tests need"
	[bench]="benchmarks: make bench, never part of make check"
	[cuda]="the CUDA program corpus that the translator's and runtime's suites build"
)

for dir in "$ROOT"/tests/*/; do
	name=$(basename "$dir")
	if [ -n "${NOT_COMPONENTS[$name]:-}" ]; then
		diag "tests/$name: not a component: ${NOT_COMPONENTS[$name]}"
		continue
	fi
	ok "$(grep -q '^check:' "$dir/Makefile" 2>/dev/null; echo $?)" \
		"tests/$name answers make -C tests/$name check"
done
for name in "${!NOT_COMPONENTS[@]}"; do
	ok "$([ -d "$ROOT/tests/$name" ]; echo $?)" "tests/$name, listed as not a component, exists"
done
tap_done
