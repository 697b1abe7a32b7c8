#!/bin/bash
# A program's own macros never break a CUDA library's headers (issue 44):
# each HEADER of include/cuda, alone, compiled as C and as C++ after -D of
# every upper-case letter and of the names programs size themselves with
# (-DN=1000 ...), as tests/cc/whole.sh does for the runtime's headers.  A
# parameter named A in a declaration turns into "1000" and the header stops
# compiling.  TAP.
#
# usage: [LANGS="c++"] check-user-macros.sh REPO_ROOT HEADER...
# LANGS: the languages to compile each header as ("c c++" unless set; CUB's
# and Thrust's headers are C++ only).  PRELUDE: a header included before each
# (cuda_runtime.h for the .cuh headers, which idxgen-cc and nvcc include
# before a .cu file's first line).  ONE_TU=1: all the headers in one
# translation unit, one test (Thrust's 100-odd headers alone would take most of
# an hour on a loaded machine; a header read from inside another is read
# with the macros set aside too, so the unit fails on any header that is not).
set -u
ROOT=$1
shift
. "$(dirname "$0")/tap.sh"
macros=()
for m in A B C D E F G H I J K L M N O P Q R S T U V W X Y Z SIZE BLOCK_SIZE DIM TILE WARP_SIZE BLOCK THREADS; do
	macros+=("-D$m=1000")
done
# one NAME HEADER...: the headers in one unit, after PRELUDE
one() {
	local name=$1 lang out rc
	shift
	for lang in ${LANGS:-c c++}; do
		out=$({
			[ -z "${PRELUDE:-}" ] || printf '#include <%s>\n' "$PRELUDE"
			printf '#include <%s>\n' "$@"
			printf 'int main(void) { return 0; }\n'
		} | g++ -x "$lang" "${macros[@]}" -fsyntax-only -I "$ROOT/include/cuda" -I "$ROOT/include" - 2>&1)
		rc=$?
		ok $rc "$name as $lang after -D of A..Z, SIZE, BLOCK_SIZE, DIM, TILE, WARP_SIZE, BLOCK, THREADS"
		printf '%s\n' "$out" | grep -m5 'error' | while IFS= read -r line; do diag "$line"; done
	done
}
if [ "${ONE_TU:-0}" = 1 ]; then
	one "$# headers in one unit ($1 ... ${!#})" "$@"
else
	for h in "$@"; do
		one "$h" "$h"
	done
fi
tap_done
