#!/bin/sh
# demo.sh - the `make run` demo, run on the VM's console by /init (plan demo).
#
# Shows the stack end to end with the idxgen tool: the device, the patent's
# example sequence (32x64x1 at a dedicated address, 100x2x2, 32x64x1 again:
# miss, miss, hit, and the cycles that saves), the same on the shared
# region, the first warps of indices as a table, the README's example
# program and the device statistics.  Exits non-zero if any step fails or
# the history does not behave as the patent says.
set -e

step() {
	echo
	echo "=== $*"
}

step "idxgen list: accelerators on the PCI bus"
idxgen list

step "idxgen info: device 0"
idxgen info

step "the patent's sequence: cfg1 32x64x1 @dedicated0, cfg2 100x2x2 @dedicated1, cfg3 = cfg1"
out=$(idxgen run --block 32x64x1 --block 100x2x2 --block 32x64x1)
echo "$out"
results=$(echo "$out" | awk 'NR > 1 {printf "%s ", $5}')
if [ "$results" != "miss miss hit " ]; then
	echo "demo: expected miss, miss, hit; got: $results" >&2
	exit 1
fi
miss=$(echo "$out" | awk 'NR == 2 {print $7}')
hit=$(echo "$out" | awk 'NR == 4 {print $7}')
echo "-> cfg3 reused cfg1's indices: $hit cycles instead of $miss (history hit, no generation)"

step "the same on the one shared region: each job overwrites the one before, so no hit"
idxgen run --shared --block 32x64x1 --block 100x2x2 --block 32x64x1

step "the first two warps of a 12x4x2 block, unpacked (x carries into y at 12, y into z at 4)"
idxgen run --block 12x4x2 --warp 32 --dump 64

step "schedule orders: the same 16x8 block issued zigzag, in 4x4 tiles and along a Hilbert curve (warps of 16)"
idxgen order --block 16x8 --schedule zigzag --warp 16
idxgen order --block 16x8 --schedule tiled:4x4 --warp 16
idxgen order --block 16x8 --schedule hilbert --warp 16

step "the README's example program (lib/examples/hello.c)"
idxgen-hello

step "idxgen stats: the driver's counters"
idxgen stats

echo
echo "=== demo: OK"
