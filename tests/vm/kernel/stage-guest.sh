#!/bin/bash
# Stage the guest files for the debug kernel: a copy of $GUEST (built for
# the stock kernel by `make guest`) with idxgen.ko rebuilt against the debug
# kernel's tree (tests/vm/kernel/build-kernel.sh).
#
# usage: stage-guest.sh OUT_DIR      (env: BUILD, GUEST, IDXGEN_CACHE)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
GUEST=${GUEST:-$BUILD/guest}
OUT=$1

KDIR=$("$ROOT/tests/vm/kernel/build-kernel.sh")
[ -d "$GUEST" ] || { echo "stage-guest: $GUEST missing (make guest)" >&2; exit 1; }
rm -rf "$OUT"
# OUT's parent may not exist yet (a soak with a fresh BUILD: soak.sh stages
# into $BUILD/guest-soak before anything else writes to $BUILD).
mkdir -p "$(dirname "$OUT")"
cp -a "$GUEST" "$OUT"
# The module objects live in driver/ (M=): kbuild rebuilds them when the
# command line (KDIR) changes, in both directions.  -Werror: the debug
# kernel's config (KASAN, lockdep, ...) turns on warnings the stock build
# does not see (a truncated queue name went unnoticed that way), so the W=1
# build against it must be as clean as check-style.sh's against the stock one.
make -s -C "$ROOT/driver" modules KDIR="$KDIR" OUT="$BUILD/driver-debug" KCFLAGS=-Werror
mkdir -p "$OUT/modules"
cp "$BUILD/driver-debug/idxgen.ko" "$OUT/modules/idxgen.ko"
modinfo -F vermagic "$OUT/modules/idxgen.ko" | grep -q "^$(cat "$KDIR/kernelrelease") " ||
	{ echo "stage-guest: idxgen.ko not built for $(cat "$KDIR/kernelrelease")" >&2; exit 1; }
echo "ok - idxgen.ko built against the debug kernel $(cat "$KDIR/kernelrelease") ($KDIR)"
