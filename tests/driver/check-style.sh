#!/bin/bash
# The driver's review gates, as TAP:
#   1. W=1 build with -Werror (every compiler warning fails)
#   2. sparse (C=2: every file) with no warning or error
#   3. checkpatch.pl --strict: 0 errors, 0 warnings, 0 checks per file
# checkpatch comes from Debian's linux-source-6.12 (extracted by make deps).
set -uo pipefail

SRC=$(cd "$(dirname "$0")/../../driver" && pwd)
CACHE=${IDXGEN_CACHE:-/var/cache/idxgen}
KVER=${KVER:-$(cat "$CACHE/kver" 2>/dev/null || uname -r)}
KDIR=${KDIR:-/lib/modules/$KVER/build}
CHECKPATCH=${CHECKPATCH:-$CACHE/checkpatch/scripts/checkpatch.pl}
. "$(dirname "$0")/../common/tap.sh"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# Force every file through the compiler and sparse.
make -s -C "$SRC" clean >/dev/null 2>&1
# A clean make environment: an outer "make -s" would hide the CHECK lines.
if env -u MAKEFLAGS -u MAKELEVEL -u MFLAGS make -C "$KDIR" M="$SRC" W=1 C=2 KCFLAGS=-Werror modules >"$log" 2>&1; then
	ok 0 "W=1 build with -Werror ($KVER)"
else
	ok 1 "W=1 build with -Werror ($KVER)"
	grep -E 'error|warning' "$log" | head -20 | sed 's/^/# /'
fi
if grep -qE '^[^ ]*\.[ch]:[0-9]+:[0-9]+: (warning|error):' "$log"; then
	ok 1 "sparse clean"
	grep -E '(warning|error):' "$log" | head -20 | sed 's/^/# /'
elif grep -q 'CHECK ' "$log"; then
	ok 0 "sparse clean ($(grep -c 'CHECK ' "$log") files checked)"
else
	ok 1 "sparse ran (no CHECK lines: is sparse installed?)"
fi

if [ ! -f "$CHECKPATCH" ]; then
	ok 1 "checkpatch.pl available at $CHECKPATCH (run make deps)"
else
	for f in "$SRC"/*.c "$SRC"/*.h; do
		case "$f" in *.mod.c) continue ;; esac
		out=$(perl "$CHECKPATCH" --no-tree --strict --max-line-length=100 \
			--ignore FILE_PATH_CHANGES,SPDX_LICENSE_TAG -f "$f" 2>&1)
		total=$(echo "$out" | grep '^total:')
		if echo "$total" | grep -q 'total: 0 errors, 0 warnings, 0 checks'; then
			ok 0 "checkpatch --strict $(basename "$f")"
		else
			ok 1 "checkpatch --strict $(basename "$f"): $total"
			echo "$out" | grep -E '^(ERROR|WARNING|CHECK)' | head -10 | sed 's/^/# /'
		fi
	done
fi
tap_done
