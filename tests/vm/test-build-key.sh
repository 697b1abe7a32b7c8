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
#   - the content of a file a patch creates and build-qemu.sh's configure
#     options are keyed;
#   - build-qemu.sh waits for $IDXGEN_CACHE/qemu.lock (held exclusively, or
#     shared as a VM holds it) before touching the cache, and run-vm.sh
#     waits while a build holds it: told by the order of events, not by
#     time.
# TAP.  Environment: BUILD (scratch under $BUILD/vm-key-test).
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
. "$ROOT/tests/common/tap.sh"
# Hang guards only (tests/README.md): every step below (a fake QEMU that
# exits at once, a lock handed over through FIFOs) takes well under a
# second; the whole script 14.5 s at load 9.  KEY_HANG_GUARD_S bounds each
# step, FAKE_VM_HANG_GUARD_S is run-vm.sh's own bound on the fake VM (its
# --timeout; the least it takes is 60).
KEY_HANG_GUARD_S=600
FAKE_VM_HANG_GUARD_S=60

T=$BUILD/vm-key-test
rm -rf "$T"
mkdir -p "$T/cache/qemu/build" "$T/guest"
C=$T/cache
QB=$C/qemu/build
cat >"$QB/qemu-system-x86_64" <<EOF
#!/bin/sh
touch "$T/qemu-started"
echo "# fake qemu started" >>"$T/order.txt"
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
		timeout "$KEY_HANG_GUARD_S" bash "$tree/tests/vm/run-vm.sh" --plan smoke --timeout "$FAKE_VM_HANG_GUARD_S" >"$T/out.txt" 2>&1
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

# A patch that creates a file (its diff starts "--- /dev/null"): the new
# file's content is keyed.
newfile_patch() { # TREE LINE: a patch creating hw/misc/idxgen-new.txt with LINE
	printf '%s\n' "Subject: a new file" "" "---" "diff --git a/hw/misc/idxgen-new.txt b/hw/misc/idxgen-new.txt" \
		"new file mode 100644" "--- /dev/null" "+++ b/hw/misc/idxgen-new.txt" "@@ -0,0 +1 @@" "+$2" \
		>"$1/qemu-device/patches/9999-new-file.patch"
}
copy_tree "$T/new1"
copy_tree "$T/new2"
newfile_patch "$T/new1" "one"
newfile_patch "$T/new2" "two"
[ "$(key "$T/new1")" != "$(key "$T/new2")" ] && [ "$(key "$T/new1")" != "$k" ]
ok $? "the content of a file that a patch creates changes the key"

# build-qemu.sh's configure options are keyed.
copy_tree "$T/opts"
sed -i 's/--disable-docs/--disable-docs --enable-debug-tcg/' "$T/opts/qemu-device/build-key.sh"
[ "$(key "$T/opts")" != "$k" ] && grep -q -- '--enable-debug-tcg' "$T/opts/qemu-device/build-key.sh"
ok $? "another configure option for QEMU changes the key"

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

# The lock, without a clock: a holder takes it and says so through a FIFO;
# the waiter's "waiting for" line is read as it comes (tail -f); the holder
# then notes "released" in the same log and lets go; the waiter goes on.
# Its lines must come in that order: waiting, released, then its work (the
# VM's QEMU started; the build's "holding" line).  The timeouts are hang
# guards only (KEY_HANG_GUARD_S; each step takes well under a second).
# hold MODE: take the lock (flock MODE) in the background until "$T/go" is
# written; $holder is its pid, and it has the lock when this returns.
hold() {
	rm -f "$T/held" "$T/go"
	mkfifo "$T/held" "$T/go"
	timeout "$KEY_HANG_GUARD_S" flock "$1" "$C/qemu.lock" sh -c 'echo held >"$1"; read -r x <"$2"; echo "# released" >>"$3"' \
		_ "$T/held" "$T/go" "$T/order.txt" &
	holder=$!
	read -r _ <"$T/held"
}
# waiting_then_release PID: the waiter's "waiting for" line, then let go.
waiting_then_release() {
	timeout "$KEY_HANG_GUARD_S" tail -n +1 -f --pid="$1" "$T/order.txt" | grep -q -m1 "waiting for $C/qemu.lock"
	echo go >"$T/go"
	wait "$holder"
}
# in_order A B C: the lines matching A, B, C in $T/order.txt come in that order
in_order() {
	local a b c
	a=$(grep -n -m1 -- "$1" "$T/order.txt" | cut -d: -f1)
	b=$(grep -n -m1 -- "$2" "$T/order.txt" | cut -d: -f1)
	c=$(grep -n -m1 -- "$3" "$T/order.txt" | cut -d: -f1)
	[ -n "$a" ] && [ -n "$b" ] && [ -n "$c" ] && [ "$a" -lt "$b" ] && [ "$b" -lt "$c" ]
}

# A build holds it exclusively: run-vm.sh waits, then boots.
: >"$T/order.txt"
rm -f "$T/qemu-started"
hold -x
env IDXGEN_CACHE="$C" BUILD="$T/build" GUEST="$T/guest" \
	timeout "$KEY_HANG_GUARD_S" bash "$ROOT/tests/vm/run-vm.sh" --plan smoke --timeout "$FAKE_VM_HANG_GUARD_S" >>"$T/order.txt" 2>&1 &
waiter=$!
waiting_then_release "$waiter"
wait "$waiter"
in_order "^# vm: waiting for $C/qemu.lock" '^# released' '^# fake qemu started'
ok $? "run-vm.sh waits while build-qemu.sh holds $C/qemu.lock, and boots once it is released (in order: $(grep -o '^# vm: waiting\|^# released\|^# fake qemu started' "$T/order.txt" | tr '\n' ' '))"

# A VM holds it shared (and a build exclusively): build-qemu.sh waits, then
# goes on (here to its first step, apt-get source, a stand-in that fails).
mkdir -p "$T/bin"
printf '#!/bin/sh\necho "# fake apt-get $*"\nexit 1\n' >"$T/bin/apt-get"
chmod +x "$T/bin/apt-get"
for mode in -s -x; do
	: >"$T/order.txt"
	hold "$mode"
	IDXGEN_CACHE=$C PATH="$T/bin:$PATH" timeout "$KEY_HANG_GUARD_S" bash "$ROOT/qemu-device/build-qemu.sh" >>"$T/order.txt" 2>&1 &
	waiter=$!
	waiting_then_release "$waiter"
	wait "$waiter"
	in_order "waiting for $C/qemu.lock" '^# released' "holding $C/qemu.lock"
	ok $? "build-qemu.sh waits for the lock held $([ "$mode" = -s ] && echo "shared (a VM)" || echo "by another build"), and goes on once it is released"
done
tap_done
