#!/bin/bash
# include/cuda/idxgen_cublas_64.h is what lib/cublas/gen-64.py makes of
# today's cublas_api.h and calls-64.txt: a declaration changed without
# `make -C lib/cublas gen-64` fails here, not in a user's build.  Compared
# with white space removed, so that the check needs no clang-format (the
# committed file is formatted by it).  TAP.
#
# usage: check-64.sh REPO_ROOT
set -u
ROOT=$1
. "$(dirname "$0")/../common/tap.sh"
want=$(python3 "$ROOT/lib/cublas/gen-64.py" "$ROOT/include" "$ROOT/lib/cublas/calls-64.txt" | tr -d ' \t\n')
have=$(tr -d ' \t\n' < "$ROOT/include/cuda/idxgen_cublas_64.h")
[ -n "$want" ] && [ "$want" = "$have" ]
ok $? "include/cuda/idxgen_cublas_64.h is gen-64.py's output for today's cublas_api.h"
tap_done
