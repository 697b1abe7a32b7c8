#!/bin/bash
# check-fwtool.sh TOOL IMAGE SOURCE - command-line tests of idxgen-fwtool (TAP).
# The image format itself is tested in tests/fw/test_fw.c.
set -u
TOOL=$1 IMAGE=$2 SRC=$3
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

. "$(dirname "$0")/../common/tap.sh"

# expect_rc WANT NAME CMD...: run CMD, compare its exit status
expect_rc() {
	local want=$1 name=$2
	shift 2
	"$@" >"$T/out" 2>"$T/err"
	local rc=$?
	[ "$rc" -eq "$want" ]
	ok $? "$name (exit $rc)"
}

expect_rc 0 "check accepts the default image" "$TOOL" check "$IMAGE"
grep -q 'fw_version *1\.0\.0' "$T/out" && grep -q 'max_threads *1048576' "$T/out" &&
	grep -q 'hist_entries *16' "$T/out" && grep -q 'WORD16 WORD32' "$T/out"
ok $? "check prints the image's fields"
[ "$(stat -c %s "$IMAGE")" -eq 436 ]
ok $? "default image is 436 bytes (header, PARAMS, SCHED_TABLE of 14 entries, END)"

expect_rc 0 "build is reproducible" "$TOOL" build "$SRC" "$T/a.bin"
cmp -s "$T/a.bin" "$IMAGE"
ok $? "rebuilt image is byte-identical"
expect_rc 0 "build from stdin" bash -c "\"$TOOL\" build - \"$T/b.bin\" < \"$SRC\""
cmp -s "$T/b.bin" "$IMAGE"
ok $? "stdin build is byte-identical"

cp "$IMAGE" "$T/bad.bin"
printf '\x01' | dd of="$T/bad.bin" bs=1 seek=70 conv=notrunc status=none
expect_rc 1 "check rejects a corrupted byte" "$TOOL" check "$T/bad.bin"
grep -q 'ERR_CRC' "$T/err"
ok $? "the reason (ERR_CRC) is on stderr"
head -c 40 "$IMAGE" >"$T/short.bin"
expect_rc 1 "check rejects a truncated image" "$TOOL" check "$T/short.bin"
grep -q 'ERR_SIZE' "$T/err"
ok $? "truncated: ERR_SIZE on stderr"
head -c 80 "$IMAGE" >"$T/cut.bin"
expect_rc 1 "check rejects an image cut inside the payload" "$TOOL" check "$T/cut.bin"
grep -q 'ERR_LENGTH' "$T/err"
ok $? "cut: ERR_LENGTH on stderr"
head -c $((1024 * 1024 + 1)) /dev/zero >"$T/big.bin"
expect_rc 1 "check rejects an image over 1 MiB" "$TOOL" check "$T/big.bin"
expect_rc 1 "check of a missing file fails" "$TOOL" check "$T/nonexistent"

sed 's/^max_threads.*/max_threads = 2000000/' "$SRC" >"$T/s1.txt"
expect_rc 1 "build rejects max_threads above the hardware" "$TOOL" build "$T/s1.txt" "$T/o.bin"
[ ! -e "$T/o.bin" ] && [ ! -e "$T/o.bin.tmp" ]
ok $? "a failed build writes nothing"
sed 's/^hist_entries.*/hist_entries = 0/' "$SRC" >"$T/s2.txt"
expect_rc 1 "build rejects hist_entries 0" "$TOOL" build "$T/s2.txt" "$T/o.bin"
grep -v '^max_dim_y' "$SRC" >"$T/s3.txt"
expect_rc 1 "build rejects a missing key" "$TOOL" build "$T/s3.txt" "$T/o.bin"
grep -q "missing key 'max_dim_y'" "$T/err"
ok $? "missing key is named on stderr"
{ cat "$SRC"; echo "bogus = 1"; } >"$T/s4.txt"
expect_rc 1 "build rejects an unknown key" "$TOOL" build "$T/s4.txt" "$T/o.bin"
grep -q 's4.txt:[0-9]*: unknown key' "$T/err"
ok $? "unknown key reported with file:line"
{ cat "$SRC"; echo "name = again"; } >"$T/s5.txt"
expect_rc 1 "build rejects a duplicate key" "$TOOL" build "$T/s5.txt" "$T/o.bin"
sed 's/^features.*/features = INCREMENTAL | DEBUG/' "$SRC" >"$T/s6.txt"
expect_rc 1 "build rejects features without a word size" "$TOOL" build "$T/s6.txt" "$T/o.bin"
sed 's/^fw_version.*/fw_version = 1.256.0/' "$SRC" >"$T/s7.txt"
expect_rc 1 "build rejects a bad version" "$TOOL" build "$T/s7.txt" "$T/o.bin"
sed 's/^name.*/name = a-name-that-is-longer-than-24/' "$SRC" >"$T/s8.txt"
expect_rc 1 "build rejects a name over 24 characters" "$TOOL" build "$T/s8.txt" "$T/o.bin"
sed -e 's/^fw_version.*/fw_version = 2.3.4/' -e 's/^features.*/features = 0x3/' \
	-e 's/^max_dim_z.*/max_dim_z = 0x40/' -e '/^schedule_table/d' "$SRC" >"$T/s9.txt"
expect_rc 0 "build accepts hex and numeric features, no schedule table" "$TOOL" build "$T/s9.txt" "$T/o.bin"
"$TOOL" check "$T/o.bin" | grep -q '2\.3\.4 (0x020304)' && "$TOOL" check "$T/o.bin" | grep -q '65535 x 65535 x 64'
ok $? "custom values land in the image"

sed 's/ | SCHED_ORDERS//' "$SRC" >"$T/s10.txt"
expect_rc 1 "build rejects a schedule table without SCHED_ORDERS" "$TOOL" build "$T/s10.txt" "$T/o.bin"
sed 's/^schedule_table.*/schedule_table = fancy/' "$SRC" >"$T/s11.txt"
expect_rc 1 "build rejects an unknown schedule table" "$TOOL" build "$T/s11.txt" "$T/o.bin"
"$TOOL" check "$IMAGE" | grep -q '^  schedules     14 sequential .* hilbert$'
ok $? "check lists the default image's 14 schedules"

expect_rc 0 "--help" "$TOOL" --help
grep -q '^SYNOPSIS' "$T/out" && grep -q '^EXIT STATUS' "$T/out" && grep -q 'fw_version = ' "$T/out"
ok $? "--help is a manual (synopsis, source format, exit status)"
expect_rc 2 "no arguments: usage error" "$TOOL"
expect_rc 2 "unknown command: usage error" "$TOOL" frobnicate x

tap_done
