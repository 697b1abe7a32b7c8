#!/bin/bash
# check-formal.sh - bounded formal checks of fw/rtl with yosys `sat`.
#
# formal/prove_laneinit.v: the lane set-up chain (idxgen_laneinit, 8 lanes in
# two segments of 4, as the core runs it)
# gives lane i the thread i of the division-based formula, packed word
# included, for every dx, dy up to 15 (which covers every shape for 8
# lanes) and the widths that hold them.  `sat -prove ok 1 -verify` must
# succeed on the RTL and must fail on a copy with a planted bug (lane 2
# never wraps x), so the proof is seen to bite.
#
# formal/prove_wport.v: the write port (idxgen_wport) writes every job the
# validator passes inside [target, target + threads * ws), its warps back to
# back from target to the range's end, whatever cycles the port takes them
# on: yosys-smtbmc with z3, k-induction (2 steps) and a bounded check from
# reset for the base case (3 steps).  The bounded check must find the
# planted bug (the last warp recognised one thread late, `>` for `>=`).
#
# formal/prove_lane.v: a lane never skips or repeats a thread: loaded with
# any thread t of a block and stepped once by any c, it holds thread t + c
# (x, y and the packed word equal the schoolbook mixed-radix sum), for
# every dx, dy up to 63; yosys `sat` over 3 cycles from reset.  It must
# fail on the lane's planted carry bug (PLANT_CARRY, as `make planted`).
#
# formal/prove_csel.v: the lane built as a carry select (CSEL 1, the iCE40
# Hilbert build's) steps exactly as the plain lane, for every value of
# every input at full width (yosys `sat`, 3 cycles, under a second).  Must
# fail on the carry-select lane with the planted carry bug.
#
# formal/prove_order.v: the schedule order block (idxgen_order) gives, for
# zigzag, the model's zigzag position (odd rows mirrored, x -> dx - 1 - x,
# every plane starting forwards) packed from its fields, and passes the
# sequential word through for the other orders: every 16-bit dx, x < dx,
# every y, z and widths mx + my + mz <= 32 (yosys `sat`, combinational).
# Must fail on a planted off-by-one (the mirror without the - 1).
#
# formal/prove_tstep.v: one link of the tiled order's chain (idxgen_tstep)
# takes any position the model's cursor can be in to the model's next
# (igm_ocur_next TILED, the next slice after the plane's last tile), word
# and packed fields included, for every 16-bit shape and tile (yosys `sat`,
# combinational): with the cursor loaded at (0, 0, 0, 0, 0), every lane of
# the chain is at its thread's position by induction.  Must fail on a
# planted bug (a tile to the right when exactly one tile's width is left).
#
# formal/prove_range.v: the validator's range check as the core splits it
# (idxgen_room's target > IMEM_SIZE and IMEM_SIZE - target registered in
# F1, idxgen_validate's compare of the byte count with that room in F3)
# refuses a job with OUT_OF_RANGE exactly when the model's 64-bit
# target > IMEM_SIZE || bytes > IMEM_SIZE - target holds: every aligned
# 64-bit target, thread count below 2^21 and word size, for index memories
# of 8 MiB (the testbench's), 64 MiB (the iCE40 build's) and 5,000,003
# bytes (not a power of two); yosys `sat`, combinational.  Must fail on a
# planted bug (the room computed from target's low AW bits only).
#
# formal/prove_sstep.v: one link of the strided order's chain (idxgen_sstep,
# LANES of them in idxgen_strided) takes any
# cursor state, its three plane positions (thread, group start, residue
# start) related or not, to the model's next (igm_ocur_next STRIDED on
# linear numbers, the next slice after the plane's end), word included,
# for dx, dy up to 7, every 32-bit stride and 16-bit granularity (yosys
# `sat`, combinational).  Must fail on a planted bug (the next group taken
# when its start lands on row dy).
#
# formal/prove_sdiv.v: the strided constants' divider (idxgen_sdiv), loaded
# in F1 and stepped in F2..F4 as idxgen_sconst runs it, holds q and r with
# q * d + r == n and r < d for every dividend and every 16-bit d >= 1
# (yosys `sat`, 5 cycles).  At 3 quotient bits a cycle (9-bit dividends;
# the same loop as the core's 7 a cycle, 21 bits: 4 a cycle took 64 s of CPU,
# 7 is out of reach).  Must fail when stepped one cycle too few.
#
# formal/prove_core.v: the core's wiring (idxgen_core, 2 lanes, 1 history
# entry, sequential and zigzag): one descriptor with dx, dy <= 3, dz <= 2,
# the write port taking warps on any cycles; every warp taken is at
# target + t * ws and lane i holds thread t + i's packed word in the
# model's order, against a reference thread counter stepped one thread at a
# time (yosys `sat -seq 8`: the filter's 4 cycles and 3 warps).  Must fail
# when the lanes advance on wr_valid instead of on a taken warp.
#
# formal/prove_hilbert.v: the Hilbert order's machine (idxgen_hilbert, 2
# lanes, a stack of 4) loaded with every plane of dx, dy <= 4 and at most 8
# cells, c 1 or 2, its warps taken as soon as they are ready: every lane
# of every warp holds a cell of the plane that no lane held before, and
# all of them have been taken 25 cycles after the load (the largest of
# these planes takes 22); yosys `sat -seq 27`, about 16 s of CPU with the
# stack as registers, 115 s with it as a memory read a cycle ahead (the
# block RAM's form; measured under load).  Must fail on a planted bug (a
# frame's last part one cell too far along its major axis) and on the
# stack's read without the frame pushed last cycle kept beside it.  With the warps taken on any cycles (a full buffer waiting)
# the same check had not finished after 39 s of CPU: that case is the
# testbench's.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
. "$ROOT/tests/common/tap.sh"

VH=$BUILD/fw/rtl
make -s -C "$ROOT/fw/rtl" BUILD="$BUILD" vh >/dev/null || { ok 1 "idxgen_hw.vh generated"; tap_done; exit 1; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

prove() {	# LANEINIT-SOURCE: yosys's verdict on prove_laneinit over it
	yosys -q -p "read_verilog -I$VH $1 $HERE/formal/prove_laneinit.v; \
		hierarchy -top prove_laneinit; proc; flatten; opt; sat -prove ok 1 -verify" \
		>"$TMP/log" 2>&1
}

prove "$ROOT/fw/rtl/idxgen_laneinit.v"
ok $? "idxgen_laneinit: lane i is thread i (x = i % dx, y = i / dx % dy, z, packed word) for every dx, dy <= 15 (sat proof)"

sed 's/assign x\[i + 1\] = wrap_x ? /assign x[i + 1] = wrap_x \&\& i != 2 ? /' \
	"$ROOT/fw/rtl/idxgen_laneinit.v" >"$TMP/laneinit_planted.v"
if cmp -s "$ROOT/fw/rtl/idxgen_laneinit.v" "$TMP/laneinit_planted.v"; then
	ok 1 "the planted bug could be planted (the source line changed)"
else
	prove "$TMP/laneinit_planted.v"
	[ $? -ne 0 ] && grep -q 'proof did fail' "$TMP/log"
	ok $? "the same proof fails on a planted bug (lane 2 never wraps x)"
fi

lane() {	# PLANT: yosys's verdict on prove_lane with that PLANT
	yosys -q -p "read_verilog -formal $ROOT/fw/rtl/idxgen_lane.v $HERE/formal/prove_lane.v; \
		chparam -set PLANT $1 prove_lane; hierarchy -top prove_lane; proc; flatten; opt; \
		async2sync; sat -seq 3 -prove-asserts -set-assumes -set-init-zero -verify" >"$TMP/log" 2>&1
}
lane 0
ok $? "idxgen_lane: a step takes thread t to thread t + c (x, y, packed word) for every dx, dy <= 63 (sat proof)"
lane 1
[ $? -ne 0 ] && grep -q 'proof did fail' "$TMP/log"
ok $? "the same proof fails on the lane's planted carry bug"

csel() {	# PLANT: yosys's verdict on prove_csel with that PLANT
	yosys -q -p "read_verilog -formal $ROOT/fw/rtl/idxgen_lane.v $HERE/formal/prove_csel.v; \
		chparam -set PLANT $1 prove_csel; hierarchy -top prove_csel; proc; flatten; opt; \
		async2sync; sat -seq 3 -prove-asserts -set-assumes -set-init-zero -verify" >"$TMP/log" 2>&1
}
csel 0
ok $? "idxgen_lane as a carry select (CSEL 1) steps as the plain lane, every 16- and 32-bit input (sat proof)"
csel 1
[ $? -ne 0 ] && grep -q 'proof did fail' "$TMP/log"
ok $? "the same proof fails on a planted carry bug in the carry-select lane"

smt() {	# WPORT-SOURCE: prove_wport over it as $TMP/wport.smt2
	yosys -q -p "read_verilog -formal $1 $HERE/formal/prove_wport.v; prep -top prove_wport; \
		async2sync; dffunmap; write_smt2 -wires $TMP/wport.smt2" >"$TMP/log" 2>&1
}
smtbmc() {	# ARGS: yosys-smtbmc with z3 on $TMP/wport.smt2; its log in $TMP/log
	yosys-smtbmc -s z3 "$@" "$TMP/wport.smt2" >"$TMP/log" 2>/dev/null
}

WPORT=$ROOT/fw/rtl/idxgen_wport.v
smt "$WPORT"
ok $? "prove_wport.v elaborated for yosys-smtbmc (write_smt2)"
smtbmc --presat -t 3 && grep -q 'Status: PASSED' "$TMP/log"
ok $? "idxgen_wport: the write range holds for 3 cycles from reset (base case, smtbmc)"
smtbmc -i -t 2 && grep -q 'Temporal induction successful' "$TMP/log"
ok $? "idxgen_wport: writes only inside [target, target + threads*ws), back to back to its end, for every validated job (2-step induction, smtbmc)"

sed 's/assign last = \(.*\) >= left;/assign last = \1 > left;/' "$WPORT" >"$TMP/wport_planted.v"
if cmp -s "$WPORT" "$TMP/wport_planted.v"; then
	ok 1 "the write port's planted bug could be planted (the source line changed)"
else
	smt "$TMP/wport_planted.v" && { smtbmc --presat -t 3; [ $? -ne 0 ]; } &&
		grep -q 'Assert failed' "$TMP/log"
	ok $? "the bounded check fails on a planted bug (the last warp recognised one thread late)"
fi
comb() {	# TOP SOURCE...: yosys's combinational verdict on formal/TOP.v over SOURCE...
	local top=$1
	shift
	yosys -q -p "read_verilog -I$VH $* $HERE/formal/$top.v; hierarchy -top $top; proc; \
		flatten; opt; sat -prove ok 1 -verify" >"$TMP/log" 2>&1
}
planted() {	# SOURCE SED-EXPR OUT: OUT is SOURCE with the bug planted; false if unchanged
	sed "$2" "$1" >"$3" && ! cmp -s "$1" "$3"
}

ORDER=$ROOT/fw/rtl/idxgen_order.v
comb prove_order "$ORDER"
ok $? "idxgen_order: zigzag mirrors odd rows (x -> dx - 1 - x), every other order passes the word, for every 16-bit dx (sat proof)"
if planted "$ORDER" 's/ - 32.d1 - / - /' "$TMP/order_planted.v"; then
	comb prove_order "$TMP/order_planted.v"
	[ $? -ne 0 ] && grep -q 'proof did fail' "$TMP/log"
	ok $? "the same proof fails on a planted bug (the mirror one column off)"
else
	ok 1 "the order block's planted bug could be planted (the source line changed)"
fi

range() {	# ROOM-SOURCE IMEM: yosys's verdict on prove_range over it
	yosys -q -p "read_verilog -I$VH $1 $ROOT/fw/rtl/idxgen_vearly.v $ROOT/fw/rtl/idxgen_validate.v $HERE/formal/prove_range.v; \
		hierarchy -top prove_range -chparam IMEM_SIZE $2; proc; flatten; opt; \
		sat -prove ok 1 -verify" >"$TMP/log" 2>&1
}
ROOM=$ROOT/fw/rtl/idxgen_room.v
for imem in 8388608 67108864 5000003; do
	range "$ROOM" $imem
	ok $? "idxgen_room + idxgen_validate: OUT_OF_RANGE exactly when the model's 64-bit check fails, every aligned target, index memory of $imem bytes (sat proof)"
done
if planted "$ROOM" 's/assign room = IMEM_AW - target\[AW:0\];/assign room = IMEM_AW - {1'"'"'b0, target[AW-1:0]};/' \
	"$TMP/room_planted.v"; then
	range "$TMP/room_planted.v" 8388608
	[ $? -ne 0 ] && grep -q 'proof did fail' "$TMP/log"
	ok $? "the same proof fails on a planted bug (room from target's low AW bits only)"
else
	ok 1 "the range check's planted bug could be planted (the source line changed)"
fi

TSTEP=$ROOT/fw/rtl/idxgen_tstep.v
comb prove_tstep "$TSTEP"
ok $? "idxgen_tstep: a tiled chain link takes every cursor position to the model's next, word and packed fields, every 16-bit shape and tile (sat proof)"
if planted "$TSTEP" 's/wire right = xleft > tile_w;/wire right = xleft >= tile_w;/' "$TMP/tstep_planted.v"; then
	comb prove_tstep "$TMP/tstep_planted.v"
	[ $? -ne 0 ] && grep -q 'proof did fail' "$TMP/log"
	ok $? "the same proof fails on a planted bug (a tile to the right when none is left)"
else
	ok 1 "the tiled link's planted bug could be planted (the source line changed)"
fi
sstep() {	# SSTEP-SOURCE: yosys's verdict on prove_sstep over it
	yosys -q -p "read_verilog $1 $HERE/formal/prove_sstep.v; hierarchy -top prove_sstep; \
		proc; flatten; opt; sat -prove ok 1 -verify" >"$TMP/log" 2>&1
}
SSTEP=$ROOT/fw/rtl/idxgen_sstep.v
sstep "$SSTEP"
ok $? "idxgen_sstep: a strided chain link takes every cursor state to the model's next, word included, dims <= 7, any stride and granularity (sat proof)"
if planted "$SSTEP" 's/nb\[16:0\] < {1.b0, dy};/nb[16:0] <= {1'"'"'b0, dy};/' "$TMP/sstep_planted.v"; then
	sstep "$TMP/sstep_planted.v"
	[ $? -ne 0 ] && grep -q 'proof did fail' "$TMP/log"
	ok $? "the same proof fails on a planted bug (the next group taken at row dy)"
else
	ok 1 "the strided link's planted bug could be planted (the source line changed)"
fi
sdiv() {	# PLANT: yosys's verdict on prove_sdiv with that PLANT
	yosys -q -p "read_verilog -formal $ROOT/fw/rtl/idxgen_sdiv.v $HERE/formal/prove_sdiv.v; \
		chparam -set STEPS 3 -set PLANT $1 prove_sdiv; hierarchy -top prove_sdiv; proc; \
		flatten; opt; async2sync; sat -seq 5 -prove-asserts -set-assumes -set-init-zero \
		-verify" >"$TMP/log" 2>&1
}
sdiv 0
ok $? "idxgen_sdiv: after the filter's 3 steps, q * d + r == n and r < d for every 9-bit n and 16-bit d >= 1 (3 bits a cycle; sat proof)"
sdiv 1
[ $? -ne 0 ] && grep -q 'proof did fail' "$TMP/log"
ok $? "the same proof fails on a planted bug (the divider stepped one cycle too few)"
hilbert() {	# HILBERT-SOURCE TAKE_ALWAYS: yosys's verdict on prove_hilbert over it
	yosys -q -p "read_verilog -formal $1 $HERE/formal/prove_hilbert.v; \
		chparam -set TAKE_ALWAYS $2 prove_hilbert; hierarchy -top prove_hilbert; proc; \
		flatten; memory; opt; async2sync; sat -seq 27 -prove-asserts -set-assumes \
		-set-init-zero -verify" >"$TMP/log" 2>&1
}
HILBERT=$ROOT/fw/rtl/idxgen_hilbert.v
hilbert "$HILBERT" 1
ok $? "idxgen_hilbert: every plane of dx, dy <= 4 cells a side and 8 cells, c 1 or 2: every cell taken once, none outside, all by 25 cycles (sat, 27 cycles)"
if planted "$HILBERT" 's/cxy = move(tx, ty, ta - sa, b2s - sb, tsw);/cxy = move(tx, ty, ta, b2s - sb, tsw);/' \
	"$TMP/hilbert_planted.v"; then
	hilbert "$TMP/hilbert_planted.v" 1
	[ $? -ne 0 ] && grep -q 'proof did fail' "$TMP/log"
	ok $? "the same check fails on a planted bug (a frame's last part one cell too far along the major axis)"
else
	ok 1 "the Hilbert machine's planted bug could be planted (the source line changed)"
fi
if planted "$HILBERT" "s/fwd_v <= 1'b1;/fwd_v <= 1'b0;/" "$TMP/hilbert_nofwd.v"; then
	hilbert "$TMP/hilbert_nofwd.v" 1
	[ $? -ne 0 ] && grep -q 'proof did fail' "$TMP/log"
	ok $? "the same check fails when a pop right after a push reads the stack's memory, not the frame just pushed"
else
	ok 1 "the Hilbert stack's planted bug could be planted (the source line changed)"
fi
core() {	# RTL-DIR: yosys's verdict on prove_core over the core in RTL-DIR
	local src
	src=$(ls "$1"/*.v | grep -v -e idxgen_fpga_top -e idxgen_gen_top | tr '\n' ' ')
	yosys -q -p "read_verilog -formal -I$VH $src $HERE/formal/prove_core.v; \
		hierarchy -top prove_core; proc; flatten; memory; opt; async2sync; \
		sat -seq 8 -prove-asserts -set-assumes -set-init-zero -verify" >"$TMP/log" 2>&1
}
core "$ROOT/fw/rtl"
ok $? "idxgen_core: every warp taken is at target + t * ws with lane i holding thread t + i in the model's order (2 lanes, dx, dy <= 3, dz <= 2, any stalls; sat, 8 cycles)"
mkdir -p "$TMP/core"
cp "$ROOT"/fw/rtl/*.v "$TMP/core/"
if planted "$ROOT/fw/rtl/idxgen_core.v" 's/\.adv(fire), \.order(order)/.adv(wr_valid), .order(order)/' \
	"$TMP/core/idxgen_core.v"; then
	core "$TMP/core"
	[ $? -ne 0 ] && grep -q 'proof did fail' "$TMP/log"
	ok $? "the same check fails on a planted wiring bug (the lanes advance on wr_valid, not on a taken warp)"
else
	ok 1 "the core's planted wiring bug could be planted (the source line changed)"
fi
tap_done
