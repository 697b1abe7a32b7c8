#!/bin/bash
# test-build-key.sh - run-vm.sh boots only a QEMU built from this tree's
# carried patches and device sources, and the QEMU cache is locked (issue
# 30).  Host only, no VM, a few seconds: a fake cache in a scratch directory
# with a stand-in qemu-system-x86_64 that must never start (it leaves a
# mark).  Checks:
#   - build-key.sh prints a key; a patch's description does not change it,
#     its diff does, a device source does;
#   - run-vm.sh refuses (exit 2, a "not ok" line saying to run `make qemu`)
#     a binary without a key and one whose key is another tree's (a copy of
#     this tree with one byte added to the patch), and does not start it;
#   - QEMU=path is booted unchecked, with a line saying so;
#   - build-qemu.sh waits for $IDXGEN_CACHE/qemu.lock (held exclusively, or
#     shared as a VM holds it) before touching the cache, and run-vm.sh
#     waits while a build holds it.
# TAP.  Environment: BUILD (scratch under $BUILD/vm-key-test).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
. "$ROOT/tests/common/tap.sh"

T=$BUILD/vm-key-test
rm -rf "$T"
mkdir -p "$T/cache/qemu/build" "$T/guest"
C=$T/cache
QB=$C/qemu/build
cat >"$QB/qemu-system-x86_64" <<EOF
#!/bin/sh
touch "$T/qemu-started"
exit 1
EOF
chmod +x "$QB/qemu-system-x86_64"
kver=$(cat /var/cache/idxgen/kver 2>/dev/null || ls /boot | sed -n 's/^vmlinuz-//p' | tail -1)
echo "$kver" >"$C/kver"

# A copy of the tree's parts that the key reads, and its own run-vm.sh.
copy_tree() { # DIR
	mkdir -p "$1/tests"
	cp -a "$ROOT/qemu-device" "$ROOT/include" "$1/"
	cp -a "$ROOT/tests/device" "$ROOT/tests/common" "$ROOT/tests/vm" "$1/tests/"
}
key() { bash "$1/qemu-device/build-key.sh"; }
run_vm() { # TREE [VAR=VALUE...]: run-vm.sh --plan smoke on the fake cache
	local tree=$1
	shift
	rm -f "$T/qemu-started"
	env IDXGEN_CACHE="$C" BUILD="$T/build" GUEST="$T/guest" "$@" \
		timeout 60 bash "$tree/tests/vm/run-vm.sh" --plan smoke --timeout 60 >"$T/out.txt" 2>&1
	echo $?
}

k=$(key "$ROOT")
[[ "$k" =~ ^[0-9a-f]{64}$ ]]
ok $? "build-key.sh prints the tree's key ($k)"

patch=$(ls "$ROOT"/qemu-device/patches/*.patch | head -1)
copy_tree "$T/described"
sed -i '2i Another line of description.' "$T/described/qemu-device/patches/$(basename "$patch")"
[ "$(key "$T/described")" = "$k" ]
ok $? "a patch's description does not change the key (the patches are keyed on their diffs)"

copy_tree "$T/other"
printf ' \n' >>"$T/other/qemu-device/patches/$(basename "$patch")"
other=$(key "$T/other")
[ "$other" != "$k" ]
ok $? "one byte added to a patch's diff changes the key ($other)"

copy_tree "$T/dev"
echo "/* */" >>"$T/dev/qemu-device/idxgen.c"
[ "$(key "$T/dev")" != "$k" ]
ok $? "a change to the device's source changes the key"

rc=$(run_vm "$ROOT")
grep -q "^not ok - vm: $QB has no idxgen-build-key: .*run 'make qemu'" "$T/out.txt" &&
	[ "$rc" = 2 ] && [ ! -e "$T/qemu-started" ]
ok $? "run-vm.sh refuses a QEMU without a build key: exit $rc, $(grep -m1 '^not ok' "$T/out.txt")"

echo "$k" >"$QB/idxgen-build-key"
bash "$ROOT/qemu-device/build-key.sh" check "$QB" vm >"$T/check.txt"
ok $? "build-key.sh check accepts the tree's own key"

rc=$(run_vm "$T/other")
grep -q "^not ok - vm: the QEMU in $QB was not built from this tree's carried patches and device sources (its key $k, this tree's $other); run 'make qemu'" "$T/out.txt" &&
	[ "$rc" = 2 ] && [ ! -e "$T/qemu-started" ]
ok $? "run-vm.sh of a tree whose patch differs refuses the QEMU: exit $rc, $(grep -m1 '^not ok' "$T/out.txt")"

rc=$(run_vm "$T/other" QEMU="$QB/qemu-system-x86_64")
grep -q "^# vm: QEMU=$QB/qemu-system-x86_64 (override): not checked" "$T/out.txt" && [ -e "$T/qemu-started" ]
ok $? "QEMU=path boots that binary unchecked and says so (it started; run-vm exit $rc)"

# The lock.  A build holds it exclusively: run-vm.sh waits.
flock "$C/qemu.lock" sleep 30 &
holder=$!
sleep 1
rc=$(run_vm "$ROOT" timeout 5)
grep -q "^# vm: waiting for $C/qemu.lock" "$T/out.txt" && [ "$rc" = 124 ] && [ ! -e "$T/qemu-started" ]
ok $? "run-vm.sh waits while build-qemu.sh holds $C/qemu.lock (timed out after 5 s: $rc)"
kill "$holder"
wait "$holder" 2>/dev/null

# A VM holds it shared (and a build exclusively): build-qemu.sh waits, the cache untouched.
for mode in -s -x; do
	flock "$mode" "$C/qemu.lock" sleep 30 &
	holder=$!
	sleep 1
	IDXGEN_CACHE=$C timeout 5 bash "$ROOT/qemu-device/build-qemu.sh" >"$T/build.txt" 2>&1
	rc=$?
	grep -q "waiting for $C/qemu.lock" "$T/build.txt" && [ "$rc" = 124 ] && [ ! -e "$C/qemu/src" ]
	ok $? "build-qemu.sh waits for the lock held $([ "$mode" = -s ] && echo "shared (a VM)" || echo "by another build") (timed out after 5 s: $rc, $C/qemu/src not created)"
	kill "$holder"
	wait "$holder" 2>/dev/null
done
tap_done
