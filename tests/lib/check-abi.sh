#!/bin/bash
# libidxgen's ABI against the stored baseline lib/abi/libidxgen.so.SOMAJOR.abi
# (abigail-tools), TAP.  Added functions are fine (new version nodes);
# anything else (a removed or changed function, a public struct's size or
# layout, the SONAME) fails.  A deliberate change of the ABI bumps SOMAJOR
# in lib/Makefile and writes the new baseline: `make -C lib abi-baseline`.
#
# Two looks at the same two corpora (both written by abi-dump.sh, private
# types dropped): abidiff's report, and abi-sizes.py, which compares the
# size of every public struct without abidiff's change categories.  Before
# they were hardened (abidiff --hd2 of the library against a baseline that
# still held the private types), struct idxgen_config grew from 64 to 80
# bytes and the check passed: the change was filtered with the private
# struct idxgen_region that one of its members points to.
#
# Then the check proves it can fail, on scratch copies of lib/ and include/:
# that very case (a field appended to struct idxgen_config and one to the
# private struct idxgen_region), and a function dropped from the version
# script.
#
# usage: check-abi.sh BUILD_LIB_DIR REPO_ROOT [MAKE]
set -u
O=$1
ROOT=$2
MAKE=${3:-make}
HERE=$ROOT/tests/lib
SOMAJOR=$(sed -n 's/^SOMAJOR := *//p' "$ROOT/lib/Makefile")
VERSION=$(sed -n 's/^VERSION := *//p' "$ROOT/lib/Makefile")
SOFILE=libidxgen.so.$VERSION
BASE=$ROOT/lib/abi/libidxgen.so.$SOMAJOR.abi
SUPPR=$ROOT/lib/abi/libidxgen.so.$SOMAJOR.suppr
. "$(dirname "$0")/../common/tap.sh"
finish() { tap_done; exit; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# compare LIB HEADERS NAME: sets rc (abidiff's status), sz (abi-sizes.py's)
# and report (both outputs).
compare() {
	bash "$HERE/abi-dump.sh" "$1" "$2" "$scratch/$3.abi" || { rc=1 sz=1 report="abidw failed"; return; }
	report=$(abidiff --no-added-syms --suppressions "$SUPPR" "$BASE" "$scratch/$3.abi" 2>&1)
	rc=$?
	report+=$'\n'$(python3 "$HERE/abi-sizes.py" "$BASE" "$scratch/$3.abi" "$2" "$SUPPR" 2>&1)
	sz=$?
}

[ -f "$BASE" ]; ok $? "the baseline for SONAME libidxgen.so.$SOMAJOR exists: ${BASE#$ROOT/}" || finish
[ -f "$SUPPR" ]; ok $? "the suppressions (structs the library allocates, growable at the end) exist: ${SUPPR#$ROOT/}" || finish
stale=$(cd "$ROOT/lib/abi" && ls | grep -vx -e "libidxgen.so.$SOMAJOR.abi" -e "libidxgen.so.$SOMAJOR.suppr")
[ -z "$stale" ]; ok $? "no baseline of another SONAME in lib/abi${stale:+: $stale}"

compare "$O/$SOFILE" "$ROOT/include" built
echo "$report" | sed '/^$/d; s/^/# /'
[ $rc = 0 ]; ok $? "abidiff against ${BASE#$ROOT/}: no ABI change (status $rc)"
[ $sz = 0 ]; ok $? "every public struct has its baseline size"

# (what the library's Makefile builds from; the build output is elsewhere)
mkdir -p "$scratch/qemu-device"
cp -a "$ROOT/lib" "$ROOT/include" "$scratch/" && cp -a "$ROOT/qemu-device/model" "$scratch/qemu-device/"
S=$scratch/lib
build() { $MAKE -s -C "$S" BUILD="$scratch/build" "$scratch/build/lib/$SOFILE" >"$scratch/build.log" 2>&1; }

# A function removed: idxgen_region_size no longer exported.
sed -i '/^[[:space:]]*idxgen_region_size;$/d' "$S/libidxgen.map"
! grep -q 'idxgen_region_size;' "$S/libidxgen.map"; ok $? "plant: idxgen_region_size dropped from the version script"
build; ok $? "scratch copy builds" || tail -5 "$scratch/build.log" | sed 's/^/# /'
compare "$scratch/build/lib/$SOFILE" "$scratch/include" removed
echo "$report" | grep -E "Removed|idxgen_region_size" | head -3 | sed 's/^/# /'
[ $rc != 0 ] && echo "$report" | grep -q "'function uint64_t idxgen_region_size(const idxgen_region\*)'"
ok $? "the removed function fails the ABI check (abidiff status $rc, names it)"

# The review's case: struct idxgen_config grows at its end while the private
# struct idxgen_region (its member `region` points to one) changes as well.
cp "$ROOT/lib/libidxgen.map" "$S/libidxgen.map"
append() { # FILE STRUCT FIELD: FIELD becomes the last member of struct STRUCT
	awk -v s="struct $2 {" -v f="$3" '$0 == s {in_s = 1} in_s && $0 == "};" {print "\t" f; in_s = 0} {print}' \
		"$1" >"$1.new" && mv "$1.new" "$1"
	grep -q "^	$3\$" "$1"
}
append "$scratch/include/idxgen.h" idxgen_config "uint32_t planted;" &&
	append "$S/internal.h" idxgen_region "uint64_t planted_private;"
ok $? "plant: a field appended to struct idxgen_config and to the private struct idxgen_region"
build; ok $? "scratch copy builds" || tail -5 "$scratch/build.log" | sed 's/^/# /'
compare "$scratch/build/lib/$SOFILE" "$scratch/include" grown
echo "$report" | grep -E "idxgen_config|size changed|planted" | head -6 | sed 's/^/# /'
[ $rc != 0 ] && echo "$report" | grep -A1 "in pointed to type 'struct idxgen_config'" | grep -q 'type size changed'
ok $? "abidiff fails it and reports the size change of struct idxgen_config (status $rc)"
[ $sz != 0 ] && echo "$report" | grep -q '^struct idxgen_config: size changed'
ok $? "abi-sizes.py fails it: struct idxgen_config's size changed"

# A member inserted at the START of struct idxgen_rt_block (which may only
# grow at its end): every kernel would read its fields at the wrong offsets.
cp -a "$ROOT/include/." "$scratch/include/"
awk '$0 == "struct idxgen_rt_block {" {print; print "\tuint32_t planted_first;"; next} {print}' \
	"$ROOT/include/idxgen_rt.h" >"$scratch/include/idxgen_rt.h"
grep -q "planted_first" "$scratch/include/idxgen_rt.h"
ok $? "plant: a field inserted at the start of struct idxgen_rt_block"
build; ok $? "scratch copy builds" || tail -5 "$scratch/build.log" | sed 's/^/# /'
compare "$scratch/build/lib/$SOFILE" "$scratch/include" inserted
echo "$report" | grep -E "idxgen_rt_block|planted_first" | head -4 | sed 's/^/# /'
[ $rc != 0 ] && echo "$report" | grep -q "planted_first"
ok $? "abidiff fails it despite the grow-at-the-end suppression (status $rc)"
[ $sz != 0 ] && echo "$report" | grep -q '^struct idxgen_rt_block: size changed'
ok $? "abi-sizes.py fails it: old members of struct idxgen_rt_block moved"
finish
