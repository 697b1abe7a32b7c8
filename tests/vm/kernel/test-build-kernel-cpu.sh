#!/bin/bash
# test-build-kernel-cpu.sh - build-kernel.sh reports the CPU seconds (user
# and system) its build used, not 0: `times` must run in the script's own
# shell, since in a $(...) subshell it counts that subshell's children,
# none (the twenty-ninth session's trimmed build printed 0 after 1,114 s of
# CPU).  Host, seconds: the real script, copied beside a one-line fragment
# and a one-line patch, builds a stand-in source tarball whose Makefile
# burns a little CPU for bzImage and modules.  The figure must be above 0
# and at most the CPU time(1) gives the whole script (an independent
# measure of the same processes, never a guess of a speed).
set -u
ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
# shellcheck source=tests/common/tap.sh
. "$ROOT/tests/common/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The stand-in kernel source: a file the patch changes, and a Makefile with
# the four targets build-kernel.sh runs.
src=$tmp/linux-source-6.12
mkdir -p "$src" "$tmp/kernel/patches"
echo old >"$src/patched-file"
cat >"$src/Makefile" <<'EOF'
.PHONY: allnoconfig bzImage modules kernelrelease
allnoconfig:
	cp $(KCONFIG_ALLCONFIG) .config
bzImage modules:
	awk 'BEGIN { for (i = 0; i < 3000000; i++) s += i % 7; exit s < 0 }'
	echo built >$@
kernelrelease:
	@echo 6.12.0-stand-in
EOF
tar -C "$tmp" -cJf "$tmp/linux-source-6.12.tar.xz" linux-source-6.12
rm -rf "$src"
cp "$ROOT/tests/vm/kernel/build-kernel.sh" "$tmp/kernel/"
echo CONFIG_STAND_IN=y >"$tmp/kernel/debug.config"
cat >"$tmp/kernel/patches/0001-stand-in.patch" <<'EOF'
--- a/patched-file
+++ b/patched-file
@@ -1 +1 @@
-old
+new
EOF

IDXGEN_CACHE=$tmp/cache KSRC_TARBALL=$tmp/linux-source-6.12.tar.xz \
	/usr/bin/time -f '%U %S' -o "$tmp/time" bash "$tmp/kernel/build-kernel.sh" >"$tmp/out" 2>"$tmp/err"
ok $? "build-kernel.sh builds the stand-in tree"
tree=$(cat "$tmp/out")
ok "$(grep -qx new "$tree/patched-file" && [ -f "$tree/bzImage" ] && [ -f "$tree/modules" ]; echo $?)" \
	"the stand-in tree is patched and built ($tree)"
line=$(grep 'CPU of the build' "$tmp/err")
diag "${line:-no CPU line}"
cpu=$(sed -n 's/.*CPU of the build: \([0-9.]*\) s (\([0-9.]*\) user + \([0-9.]*\) system).*/\1 \2 \3/p' <<<"$line")
ok "$([ -n "$cpu" ]; echo $?)" "the log gives the build's CPU: TOTAL s (USER user + SYSTEM system)"
read -r total user sys <<<"${cpu:-0 0 0}"
read -r t_user t_sys <"$tmp/time"
diag "time(1) of the whole script: $t_user s user, $t_sys s system"
ok "$(awk -v t="$total" 'BEGIN { exit !(t > 0) }'; echo $?)" "the build's CPU is above 0 ($total s)"
ok "$(awk -v t="$total" -v u="$user" -v s="$sys" 'BEGIN { d = t - u - s; exit !(d < 0.011 && d > -0.011) }'; echo $?)" \
	"total = user + system ($total = $user + $sys)"
# time(1) rounds to hundredths: a hundredth of slack per figure.
ok "$(awk -v u="$user" -v s="$sys" -v tu="$t_user" -v ts="$t_sys" \
	'BEGIN { exit !(u <= tu + 0.01 && s <= ts + 0.01) }'; echo $?)" \
	"user and system at most time(1)'s for the whole script ($user <= $t_user, $sys <= $t_sys)"
ok "$(grep -qx "$total s ($user user + $sys system)" "$(dirname "$tree")/build-cpu-seconds"; echo $?)" \
	"the figure is kept beside the tree (build-cpu-seconds)"
[ "$tap_failed" -eq 0 ] || sed 's/^/# stderr: /' "$tmp/err"
tap_done
