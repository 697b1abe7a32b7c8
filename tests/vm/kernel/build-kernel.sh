#!/bin/bash
# Build (once) the idxgen debug kernel: Debian's linux-source-6.12 (the
# stock kernel's source), our patches (tests/kernel/patches, applied in
# order), allnoconfig plus tests/kernel/debug.config.  The tree is cached
# under $IDXGEN_CACHE/kernel-debug/<key>, key = hash of the fragment, the
# patches' diffs, this script and the source package version, so a change to
# any of them builds a new kernel and an unchanged one is reused.
#
# usage: build-kernel.sh [--print-dir]
#   Prints the build tree (usable as KDIR for out-of-tree modules; the image
#   is arch/x86/boot/bzImage, the release in kernelrelease).  Exits non-zero
#   if the build fails or a wanted =y symbol of the fragment did not end up
#   =y in the final .config (a dependency missing: fix the fragment).
#
# Environment: IDXGEN_CACHE (/var/cache/idxgen), KSRC_TARBALL
# (/usr/src/linux-source-6.12.tar.xz), KJOBS (2).
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
CACHE=${IDXGEN_CACHE:-/var/cache/idxgen}
TARBALL=${KSRC_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
JOBS=${KJOBS:-2}
FRAG=$HERE/debug.config

[ -f "$TARBALL" ] || { echo "build-kernel: $TARBALL missing (apt-get install linux-source-6.12)" >&2; exit 2; }
srcver=$(dpkg-query -W -f '${Version}' linux-source-6.12 2>/dev/null || stat -c %s "$TARBALL")
# Patches count by their diffs only: rewording a commit message rebuilds nothing.
key=$({ echo "$srcver"; cat "$FRAG" "$0"; sed -s -n '/^--- a\//,$p' "$HERE"/patches/*.patch; } |
	sha256sum | cut -c1-16)
DIR=$CACHE/kernel-debug/$key
SRC=$DIR/linux

if [ -f "$DIR/done" ]; then
	echo "$SRC"
	exit 0
fi

mkdir -p "$DIR"
exec 9>"$DIR/lock"
flock 9
if [ -f "$DIR/done" ]; then
	echo "$SRC"
	exit 0
fi

log() { echo "build-kernel: $*" >&2; }
start=$(date +%s)
if [ ! -f "$DIR/patched" ]; then
	rm -rf "$SRC" "$DIR/tmp"
	mkdir -p "$DIR/tmp"
	log "extracting $TARBALL ($srcver) into $DIR"
	tar -C "$DIR/tmp" -xf "$TARBALL"
	mv "$DIR"/tmp/linux-source-* "$SRC"
	rmdir "$DIR/tmp"
	for p in "$HERE"/patches/*.patch; do
		log "applying $(basename "$p")"
		patch -d "$SRC" -p1 --no-backup-if-mismatch -s <"$p"
	done
	touch "$DIR/patched"
fi

log "configuring: allnoconfig + $(basename "$FRAG")"
make -s -C "$SRC" KCONFIG_ALLCONFIG="$FRAG" allnoconfig >&2
# Every symbol the fragment wants built in must be built in.
missing=0
while IFS= read -r line; do
	sym=${line%%=*}
	if ! grep -qx "$line" "$SRC/.config"; then
		log "wanted $line, got: $(grep -E "^($sym=|# $sym is not set)" "$SRC/.config" || echo 'absent')"
		missing=1
	fi
done < <(grep -E '^CONFIG_[A-Z0-9_]+=' "$FRAG")
[ $missing -eq 0 ] || { log "fragment not satisfied"; exit 1; }

log "building bzImage and modules with -j$JOBS (a cold build takes a while)"
nice make -s -C "$SRC" -j"$JOBS" bzImage modules >&2
make -s -C "$SRC" kernelrelease >"$SRC/kernelrelease"
end=$(date +%s)
echo "$((end - start))" >"$DIR/build-seconds"
# The children's CPU time (user, system) says what the build costs on any
# machine; the wall time above depends on the load beside it.  `times` runs
# in this shell: in a $(...) subshell, which has no children, it said 0.
times >"$DIR/times"
cpu=$(awk 'END {
	split($1, u, "m"); split($2, s, "m")
	user = u[1] * 60 + u[2]; sys = s[1] * 60 + s[2]
	printf "%.2f s (%.2f user + %.2f system)", user + sys, user, sys
}' "$DIR/times")
echo "$cpu" >"$DIR/build-cpu-seconds"
log "built $(cat "$SRC/kernelrelease") in $((end - start))s (CPU of the build: $cpu)"
touch "$DIR/done"
echo "$SRC"
