#!/bin/bash
# check-no-divmul.sh - the generation path of fw/rtl has no divider, modulo
# or multiplier: yosys elaborates each generation block alone (proc, opt;
# the Hilbert order's stack machine, idxgen_hilbert, among them)
# and its `stat` must list no $div, $mod, $divfloor, $modfloor, $pow or $mul
# cell.  The strided order's divider (idxgen_sdiv, in the filter) is checked
# the same way: compare and subtract only.  The core as a whole is counted
# too and must have exactly the filter's two multipliers (dx*dy, then *dz;
# stride*granularity) and no divider.

set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
. "$ROOT/tests/common/tap.sh"

VH=$BUILD/fw/rtl
make -s -C "$ROOT/fw/rtl" BUILD="$BUILD" vh >/dev/null || { ok 1 "idxgen_hw.vh generated"; tap_done; exit 1; }
RTL=$(echo "$ROOT"/fw/rtl/*.v)

stat_of() {	# TOP: yosys stat of that module elaborated alone, 32 lanes where it has lanes
	local params=""
	case $1 in idxgen_iter|idxgen_laneinit|idxgen_pack|idxgen_strided|idxgen_hilbert|idxgen_core) params="-chparam LANES 32";; esac
	yosys -q -p "read_verilog -I$VH $RTL; hierarchy -top $1 $params; proc; flatten; opt -fast; tee -o /dev/stdout stat" 2>&1
}

for m in idxgen_lane idxgen_iter idxgen_order idxgen_pack idxgen_laneinit idxgen_wport idxgen_tstep idxgen_sstep idxgen_strided idxgen_hilbert idxgen_sdiv; do
	role="generation path"; [ $m = idxgen_sdiv ] && role="the filter's divider"
	s=$(stat_of $m)
	bad=$(printf '%s\n' "$s" | grep -E '^\s+\$(div|mod|divfloor|modfloor|pow|mul)\s' | tr -s ' ' | tr '\n' ';')
	cells=$(printf '%s\n' "$s" | sed -n 's/^ *Number of cells: *//p' | tail -1)
	[ -n "$cells" ] && [ -z "$bad" ]
	ok $? "$m ($role): no divider, modulo or multiplier among its ${cells:-?} cells${bad:+: $bad}"
done

s=$(stat_of idxgen_core)
muls=$(printf '%s\n' "$s" | grep -E '^\s+\$mul\s' | awk '{print $2}')
divs=$(printf '%s\n' "$s" | grep -cE '^\s+\$(div|mod|divfloor|modfloor)\s')
[ "${muls:-0}" = 2 ] && [ "$divs" = 0 ]
ok $? "idxgen_core: the filter's two multipliers (dx*dy, then *dz; stride*granularity in idxgen_sconst) and no divider (found ${muls:-0} \$mul, $divs divide/modulo kinds)"
tap_done
