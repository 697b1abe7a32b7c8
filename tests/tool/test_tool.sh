#!/bin/sh
# test_tool.sh - the idxgen tool as a user meets it (TAP).  Runs on the host
# against the emulation (`make -C lib check`, IDXGEN_BACKEND=emu) and in the
# VM against the driver (check.suites); busybox sh compatible.
#
# usage: test_tool.sh [path/to/idxgen]
T=${1:-idxgen}
for tap_sh in "$(dirname "$0")/tap.sh" "$(dirname "$0")/../common/tap.sh"; do
	[ -f "$tap_sh" ] && break
done
. "$tap_sh"
tmp=${TMPDIR:-/tmp}/idxgen-tool-test.$$
trap 'rm -f "$tmp".*' EXIT

$T --help >"$tmp.out" 2>&1; rc=$?
[ $rc = 0 ] && grep -q SYNOPSIS "$tmp.out"; ok $? "idxgen --help"
cmds=$(awk '/^COMMANDS$/{f=1; next} f && /^[A-Z]/{exit} f && /^    [a-z]/{printf "%s ", $1}' "$tmp.out")
[ "$cmds" = "list info run order stats bench locks schedules " ]
ok $? "idxgen --help lists every command ($cmds)"
for c in list info run order stats bench locks schedules; do
	$T $c --help >"$tmp.out" 2>&1; rc=$?
	[ $rc = 0 ] && grep -q SYNOPSIS "$tmp.out" && grep -q DESCRIPTION "$tmp.out"
	ok $? "idxgen $c --help is a manual page"
done

$T list >"$tmp.out" 2>&1; ok $? "list"
$T list --json >"$tmp.out" 2>&1 && grep -q '"pci_address"' "$tmp.out"; ok $? "list --json"
$T info >"$tmp.out" 2>&1 && grep -q '^lanes' "$tmp.out"; ok $? "info"
$T --json info >"$tmp.out" 2>&1 && grep -q '"max_threads"' "$tmp.out"; ok $? "--json info"

# schedules: the device's table (the emulation and the default firmware: 14
# entries, sequential first, hilbert last); each name runs as --schedule
$T schedules >"$tmp.out" 2>&1 && grep -q '^schedule table: 14 entries' "$tmp.out" &&
	grep -q '^  0  sequential ' "$tmp.out" && grep -q '^ 10  tiled:8x8 .* tile 8x8$' "$tmp.out" &&
	grep -q '^ 13  hilbert ' "$tmp.out"
ok $? "schedules: the default table"
$T --json schedules >"$tmp.out" 2>&1 && grep -q '"count": 14' "$tmp.out" &&
	grep -q '{"index": 7, "name": "strided:4,32", "order": "strided", "stride": 4, "granularity": 32' "$tmp.out"
ok $? "schedules --json"
names=$($T schedules 2>/dev/null | awk 'NR > 3 {print $2}')
bad=0
for s in $names; do $T run --schedule "$s" -b 33x5x2 >/dev/null 2>&1 || bad=1; done
[ -n "$names" ] && [ $bad = 0 ]; ok $? "every table entry runs as --schedule NAME"
$T schedules extra >"$tmp.out" 2>&1; [ $? = 2 ]; ok $? "schedules with an argument: usage error"

# locks: the arbiter's state; bad values are usage errors
$T locks >"$tmp.out" 2>&1 && grep -q '^arbiter: 8 locks' "$tmp.out" && grep -q 'shared region' "$tmp.out"
ok $? "locks: arbiter, lock table"
$T locks --json >"$tmp.out" 2>&1 && grep -q '"preemptions": ' "$tmp.out" && grep -q '"owner": \[' "$tmp.out"
ok $? "locks --json"
$T locks --hold-limit x >"$tmp.out" 2>&1; [ $? = 2 ] && grep -q 'hold-limit' "$tmp.out"
ok $? "locks --hold-limit x: usage error"
$T locks --enforce maybe >"$tmp.out" 2>&1; [ $? = 2 ]
ok $? "locks --enforce maybe: usage error"

$T run --block 32x64x1 --block 100x2x2 --block 32x64x1 >"$tmp.out" 2>&1
rc=$?
res=$(awk 'NR > 1 {printf "%s ", $5}' "$tmp.out")
[ $rc = 0 ] && [ "$res" = "miss miss hit " ]; ok $? "run: the history example is miss, miss, hit ($res)"
c1=$(awk 'NR == 2 {print $7}' "$tmp.out")
c3=$(awk 'NR == 4 {print $7}' "$tmp.out")
[ "$c1" = 68 ] && [ "$c3" = 4 ]; ok $? "run: 68 cycles on the miss, 4 on the hit"
$T run --shared -b 32x64x1 -b 100x2x2 -b 32x64x1 >"$tmp.out" 2>&1
res=$(awk 'NR > 1 {printf "%s ", $5}' "$tmp.out")
[ "$res" = "miss miss miss " ]; ok $? "run --shared: every job evicts the previous ($res)"
$T run -b 32x64x1 --repeat 3 >"$tmp.out" 2>&1
res=$(awk 'NR > 1 {printf "%s ", $5}' "$tmp.out")
[ "$res" = "miss hit hit " ]; ok $? "run --repeat 3 ($res)"
$T run -b 32x64x1 --repeat 2 --no-history >"$tmp.out" 2>&1
res=$(awk 'NR > 1 {printf "%s ", $5}' "$tmp.out")
[ "$res" = "miss miss " ]; ok $? "run --no-history never hits ($res)"
$T run -b 12x4x2 --dump 64 >"$tmp.out" 2>&1 &&
	grep -q '^     48     1   16      0      0      1  0x0040$' "$tmp.out"
ok $? "run --dump: thread 48 of 12x4x2 is (0,0,1), word 0x0040"
$T run -b 100x2x2 -w 16 >"$tmp.out" 2>&1 && awk 'NR == 2 {exit !($6 == 25)}' "$tmp.out"
ok $? "run --warp 16: 400 threads in 25 warps"
$T --json run -b 4x2x1 --dump 3 >"$tmp.out" 2>&1 &&
	grep -q '"indices": \[\[0, 0, 0\], \[1, 0, 0\], \[2, 0, 0\]\]' "$tmp.out"
ok $? "run --json with a dump"

$T stats >"$tmp.out" 2>&1 && grep -q '^jobs' "$tmp.out"; ok $? "stats"
$T stats --json >"$tmp.out" 2>&1 && grep -q '"hits"' "$tmp.out"; ok $? "stats --json"
$T bench --jobs 64 >"$tmp.out" 2>&1 && grep -q 'jobs/s' "$tmp.out"; ok $? "bench --jobs 64"

# errors: one line on stderr, status 2 for usage, 1 for failures
err() {	# expected-status description command...
	want=$1
	what=$2
	shift 2
	"$@" >"$tmp.out" 2>"$tmp.err"
	rc=$?
	lines=$(wc -l <"$tmp.err")
	[ $rc = "$want" ] && [ "$lines" = 1 ] && [ ! -s "$tmp.out" ]
	ok $? "$what: exit $rc, one line: $(cat "$tmp.err")"
}
err 2 "unknown command" $T frobnicate
err 2 "run without --block" $T run
err 2 "bad block" $T run --block 32xx
err 2 "zero dimension" $T run --block 0x4x1
err 2 "bad warp" $T run --block 32 --warp 0
err 2 "stray argument" $T info extra
err 1 "block above the device's limits" $T run --block 1024x1024x2
err 1 "warp above the lanes" $T run --block 32 --warp 64 --device 0
err 1 "no such device" $T --device 7 info
err 1 "no such PCI address" $T --device 0000:ff:1f.7 info

# Schedule orders (issue 9).  `order` runs on the emulation (--emu) so that
# its output is the same everywhere; `run --schedule` on the device.
$T --emu order --block 4x4 --schedule zigzag --warp 4 >"$tmp.out" 2>&1
[ $? = 0 ] && [ "$(sed -n 2,5p "$tmp.out" | tr '\n' ' ')" = "0000 1111 2222 3333 " ] &&
	grep -q '^path: (0,0) (1,0) (2,0) (3,0) (3,1) (2,1) (1,1) (0,1) (0,2)' "$tmp.out"
ok $? "order: 4x4 zigzag grid of warps and path"
$T --emu order --block 8x4 --schedule tiled:2x2 --warp 4 -q >"$tmp.out" 2>&1
[ $? = 0 ] && [ ! -s "$tmp.out" ]; ok $? "order --quiet prints nothing"
$T --emu order --block 4x4 --schedule strided:2,4 --warp 4 >"$tmp.out" 2>&1
[ "$(sed -n 2,5p "$tmp.out" | tr '\n' ' ')" = "0000 2222 1111 3333 " ]
ok $? "order: strided:2,4 issues rows 0, 2, 1, 3"
$T --emu order --block 32x32 --schedule hilbert --plot "$tmp.png" -q >"$tmp.out" 2>&1 &&
	head -c 8 "$tmp.png" | grep -q PNG
ok $? "order --plot writes a PNG"
$T --emu order --block 9x7 --schedule hilbert --plot "$tmp.svg" -q >"$tmp.out" 2>&1 &&
	grep -q '<svg' "$tmp.svg"
ok $? "order --plot writes an SVG"
err 2 "bad schedule" $T --emu order --block 8x8 --schedule spiral
err 2 "bad tile" $T --emu order --block 8x8 --schedule tiled:0x4
err 2 "plot suffix" $T --emu order --block 8x8 --plot order.jpg
# list covers every device: a --device is a usage error, before or after it
err 2 "--device before list" $T --device 0 list
err 2 "--device after list" $T list --device 0
err 2 "run with a bad schedule" $T run --block 8 --schedule strided:0
feat=$($T --json info 2>/dev/null | sed -n 's/.*"features": \([0-9]*\).*/\1/p')
if [ $(( ${feat:-0} & 256 )) != 0 ]; then	# IDXGEN_FEAT_SCHED_ORDERS
	$T run --block 16x16 --schedule hilbert --block 16x16 >"$tmp.out" 2>&1
	res=$(awk 'NR > 1 {printf "%s ", $5}' "$tmp.out")
	[ "$res" = "miss hit " ]; ok $? "run --schedule hilbert twice: miss, hit ($res)"
else
	err 1 "run --schedule on a device without schedule orders" \
		$T run --block 16x16 --schedule hilbert
fi

tap_done
