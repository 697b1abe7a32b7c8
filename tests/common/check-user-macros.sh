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
# before a .cu file's first line).
set -u
ROOT=$1
shift
. "$(dirname "$0")/tap.sh"
macros=()
for m in A B C D E F G H I J K L M N O P Q R S T U V W X Y Z SIZE BLOCK_SIZE DIM TILE WARP_SIZE BLOCK THREADS; do
	macros+=("-D$m=1000")
done
for h in "$@"; do
	for lang in ${LANGS:-c c++}; do
		out=$(printf '%b#include <%s>\nint main(void) { return 0; }\n' "${PRELUDE:+#include <$PRELUDE>\n}" "$h" |
			g++ -x "$lang" "${macros[@]}" -fsyntax-only -I "$ROOT/include/cuda" -I "$ROOT/include" - 2>&1)
		ok $? "$h as $lang after -D of A..Z, SIZE, BLOCK_SIZE, DIM, TILE, WARP_SIZE, BLOCK, THREADS"
		printf '%s\n' "$out" | grep -m3 'include/cuda/.*error' | while IFS= read -r line; do diag "$line"; done
	done
done
tap_done
