#!/bin/bash
# The ABI corpus of a libidxgen build as abidw sees it from outside:
# one writer for the stored baseline (`make -C lib abi-baseline`) and for
# what tests/lib/check-abi.sh compares with it, so both sides always carry
# the same options.
#
# --drop-private-types: types defined outside the public headers (struct
# idxgen_device, idxgen_region, ... in lib/internal.h) are kept only as
# declarations.  Comparing corpora that still hold them let a change of a
# public struct hide behind them: abidiff --hd2 put the size change of
# struct idxgen_config (a member points to the private idxgen_region) in
# its private-type category and filtered it out with them.
# --short-locs, --type-id-style hash: the file does not depend on the
# checkout's path, and a regenerated baseline diffs readably in git.
#
# usage: abi-dump.sh LIBRARY HEADERS_DIR OUT.abi
set -eu
[ $# = 3 ] || { echo "usage: $0 LIBRARY HEADERS_DIR OUT.abi" >&2; exit 2; }
exec abidw --headers-dir "$2" --drop-private-types --no-corpus-path --no-comp-dir-path \
	--short-locs --type-id-style hash --out-file "$3" "$1"
