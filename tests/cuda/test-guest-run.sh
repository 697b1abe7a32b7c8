#!/bin/bash
# test-guest-run.sh - guest-run.sh's verdicts, on the host (make check, suite
# guest-run; TAP, about 10 s): a program its hang guard stops is named as
# hung, one another SIGKILL ends before the guard (the guest's OOM killer)
# is not, and a passing one passes.  The device's job count comes from a
# stand-in `idxgen` that counts up.  Before the distinction, the second was
# reported as "still running after N s (hang guard)".
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../common/tap.sh"
work=$(mktemp -d "${TMPDIR:-/tmp}/guest-run.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$work/bin" "$work/progs"
cat >"$work/bin/idxgen" <<EOS
#!/bin/sh
n=\$(cat "$work/count" 2>/dev/null || echo 0)
echo \$((n + 1)) >"$work/count"
echo "{\"jobs\": \$n}"
EOS
printf '#!/bin/sh\nkill -9 $$\n' >"$work/progs/a_killed"
printf '#!/bin/sh\nexec sleep 100000\n' >"$work/progs/b_hangs"
printf '#!/bin/sh\necho PASS\n' >"$work/progs/c_passes"
chmod +x "$work/bin/idxgen" "$work/progs"/*
# the guard: a bound on the hanging program only (it never ends by itself)
PATH="$work/bin:$PATH" IDXGEN_HANG_GUARD_S=10 sh "$HERE/guest-run.sh" "$work/progs" >"$work/out" 2>/dev/null
grep -q '^not ok [0-9]* - a_killed: killed by SIGKILL after [0-9]* s, before the hang guard' "$work/out"
ok $? "a program SIGKILLed before the guard: named as killed, not as hung"
grep -q '^not ok [0-9]* - b_hangs: still running after 10 s (hang guard): killed' "$work/out"
ok $? "a program still running at the guard: named as hung"
grep -q '^ok [0-9]* - c_passes: PASS, 1 device jobs' "$work/out"
ok $? "a passing program passes"
grep -q '^# 1 passed, 2 failed' "$work/out"
ok $? "guest-run.sh's own count: 1 passed, 2 failed"
[ "$tap_failed" = 0 ] || sed 's/^/# | /' "$work/out"
tap_done
