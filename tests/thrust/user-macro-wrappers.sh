#!/bin/bash
# Every public header of the system's Thrust (THRUST_DIR, Debian's
# /usr/include/thrust: every *.h outside a detail/ folder) has a header of
# ours at the same path under include/cuda/thrust, which idxgen-cc searches
# first, that reads it between include/cuda/idxgen_user_macros_push.h and
# _pop.h: a program's -DT=... / -DN=... / -DTILE=... (Thrust names its
# template parameters T, N, ...) are set aside while Thrust is read and back
# before the program's next line (include/cuda/thrust/README.md).
#
# usage: user-macro-wrappers.sh REPO_ROOT check   TAP: one test per header
#        user-macro-wrappers.sh REPO_ROOT list    the public headers, one a line
#        user-macro-wrappers.sh REPO_ROOT write   write the missing wrappers
#                                                  (a new Thrust's new headers)
set -u
ROOT=$1
MODE=$2
THRUST_DIR=${THRUST_DIR:-/usr/include/thrust}
OURS=$ROOT/include/cuda/thrust

public_headers() {
	(cd "$THRUST_DIR/.." && find thrust -name '*.h' -not -path '*/detail/*' | LC_ALL=C sort)
}

# wrapped FILE: the push before its first #include, the pop after its last
wrapped() {
	awk '/^#include/ { n++; if (n == 1) first = $0; last = $0 }
	     END { exit !(first ~ /idxgen_user_macros_push\.h/ && last ~ /idxgen_user_macros_pop\.h/) }' "$1"
}

write_one() {
	local h=$1 f=$ROOT/include/cuda/$1
	mkdir -p "$(dirname "$f")"
	cat >"$f" <<EOF
/* SPDX-License-Identifier: MIT */
/*
 * $h - Thrust's (#include_next), read with the program's one-letter and
 * sizing macros set aside: Thrust names its template parameters T, N, ...;
 * the outermost such header adds what every Thrust header brings under nvcc
 * (idxgen_nest_end.h).  include/cuda/thrust/README.md;
 * tests/thrust/user-macro-wrappers.sh.
 */
#pragma once
#include <idxgen_user_macros_push.h>
#include <thrust/detail/idxgen_nest_begin.h>
#include_next <$h>
#include <thrust/detail/idxgen_nest_end.h>
#include <idxgen_user_macros_pop.h>
EOF
}

[ -d "$THRUST_DIR" ] || { echo "no Thrust at $THRUST_DIR (set THRUST_DIR=)" >&2; exit 1; }
case $MODE in
list)
	public_headers
	;;
write)
	public_headers | while IFS= read -r h; do
		[ -f "$ROOT/include/cuda/$h" ] || write_one "$h"
	done
	;;
check)
	. "$ROOT/tests/common/tap.sh"
	while IFS= read -r h; do
		f=$ROOT/include/cuda/$h
		[ -f "$f" ] && wrapped "$f"
		ok $? "$h: ours reads Thrust's between idxgen_user_macros_push.h and _pop.h"
	done < <(public_headers)
	tap_done
	;;
*)
	echo "usage: $0 REPO_ROOT check|list|write" >&2
	exit 2
	;;
esac
