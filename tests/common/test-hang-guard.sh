#!/bin/bash
# test-hang-guard.sh - builds and runs test_hang_guard.c: the in-guest tests'
# wait bound (hang_guard.h) is shortened by IDXGEN_HANG_GUARD_S and never
# lengthened (make check, host; TAP, seconds).
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/hang-guard.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
if ! ${CC:-cc} -std=gnu11 -Wall -Wextra -Werror -I"$HERE" -o "$work/t" "$HERE/test_hang_guard.c" 2>"$work/err"; then
	sed 's/^/# /' "$work/err"
	echo "not ok - test_hang_guard.c builds"
	echo "# 0 passed, 1 failed"
	exit 1
fi
"$work/t"
