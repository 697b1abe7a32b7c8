#!/bin/bash
# check-qtest-registry.sh [QTEST_DIR] - the qtest's areas register their own
# cases (host, static, TAP; tests/device/README.md, qtest/).  Each
# idxgen-qtest-<area>.c but common defines register_<area>(), which
# idxgen-test.c's main calls exactly once; every case of an area (a static
# test_ function) is handed to qtest_add_func/qtest_add_data_func in its own
# file; no case is exported through idxgen-qtest.h, and idxgen-test.c adds
# none itself.  A case left out of its area's registration would otherwise
# never run and count nothing (QEMU builds without -Werror, so its unused
# static function is only a warning), and an area whose register_ main
# forgets drops all of its cases.
set -u
. "$(dirname "$0")/../common/tap.sh"
dir=${1:-$(dirname "$0")/qtest}
main=$dir/idxgen-test.c
hdr=$dir/idxgen-qtest.h

for f in "$dir"/idxgen-qtest-*.c; do
	base=$(basename "$f" .c)
	area=${base#idxgen-qtest-}
	[ "$area" = common ] && continue
	area=${area//-/_}
	defs=$(grep -c "^void register_${area}(void)$" "$f")
	calls=$(grep -c "^[[:space:]]*register_${area}();$" "$main")
	decl=$(grep -c "^void register_${area}(void);$" "$hdr")
	[ "$defs" = 1 ] && [ "$calls" = 1 ] && [ "$decl" = 1 ]
	ok $? "$base.c defines register_${area}() (${defs}x), idxgen-qtest.h declares it (${decl}x), main calls it (${calls}x)"

	unreg=()
	ncases=0
	for t in $(sed -n 's/^static void \(test_[A-Za-z0-9_]*\)(.*/\1/p' "$f"); do
		ncases=$((ncases + 1))
		grep -Eq "qtest_add_(data_)?func\(.*[(, ]$t\);" "$f" || unreg+=("$t")
	done
	[ "$ncases" -gt 0 ] && [ ${#unreg[@]} = 0 ]
	ok $? "$base.c registers every case it defines ($ncases)${unreg:+; not registered: ${unreg[*]}}"
done

# register_ calls in main without an area file (a renamed or removed area)
stray=()
for r in $(sed -n 's/^[[:space:]]*register_\([a-z0-9_]*\)();$/\1/p' "$main"); do
	[ -f "$dir/idxgen-qtest-${r//_/-}.c" ] || stray+=("$r")
done
[ ${#stray[@]} = 0 ]
ok $? "main calls no register_ without an area file${stray:+: ${stray[*]}}"

! grep -q 'qtest_add_' "$main"
ok $? "idxgen-test.c registers no case itself"

! grep -Eq '^void test_[A-Za-z0-9_]*\(' "$hdr" "$dir"/idxgen-qtest-*.c
ok $? "no case is exported (every test_ function is static to its area)"
tap_done
