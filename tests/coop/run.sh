#!/bin/bash
# Tests of idxgen-coop and its runtime (TAP).  Run by `make -C lib/coop check`.
#   COOP_RANDOM_PROGRAMS (30), COOP_RANDOM_RUNS (5), COOP_RANDOM_SEED (1)
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BUILD=${BUILD:-$ROOT/build}
TOOL=$BUILD/coop/idxgen-coop
W=$(mktemp -d "${TMPDIR:-/tmp}/coop-test.XXXXXX")
trap 'rm -rf "$W"' EXIT
LINK="-std=c11 -Wall -Wextra -Werror -O2 -I$ROOT/include $BUILD/coop/libidxgen-coop.a
 -L$BUILD/lib -Wl,-rpath,$BUILD/lib -lidxgen -lpthread"
# A parallel run is stopped only when it hangs (tests/common/progress-guard.c);
# a channel wait gives up, as a deadlock, after COOP_TIMEOUT_MS.  The slowest
# run measured (tests/README.md) is far below all three.
STALL_S=120
HANG_GUARD_S=1800
export IDXGEN_BACKEND=emu COOP_TIMEOUT_MS=120000
. "$(dirname "$0")/../common/tap.sh"
. "$(dirname "$0")/../common/expect.sh"
. "$(dirname "$0")/../common/guard.sh"
guard_build "$HERE/../common" "$W" || exit 1

# --- help
"$TOOL" --help | grep -q 'Usage: idxgen-coop'
ok $? "--help prints the usage"
"$TOOL" --bogus >/dev/null 2>&1
[ $? -eq 2 ]
ok $? "an unknown option exits 2"

# --- the worked example (docs/design.md#cooperative-warps)
cd "$HERE"
"$TOOL" -o "$W/paper.par.c" --dump-graphs "$W/g" --dump-edges "$W/paper.edges" paper.c
ok $? "paper: translated"
diff <(grep '^edge' paper.expected | sort) <(grep '^edge' "$W/paper.edges" | sort) >"$W/d" 2>&1
r=$?; sed 's/^/# /' "$W/d"
ok $r "paper: graph before and after reduction matches the expected edges one by one"
python3 "$HERE/graph.py" "$W/paper.edges" | sed 's/^/# /'
ok "${PIPESTATUS[0]}" "paper: dependences = brute force, removed ones implied, kept ones minimal"
# The checker itself must catch a wrong reduction either way.
sed 's/^edge resource c3 p4 kept$/edge resource c3 p4 removed/' "$W/paper.edges" >"$W/m1.edges"
sed 's/^edge resource c2 p4 removed$/edge resource c2 p4 kept/' "$W/paper.edges" >"$W/m2.edges"
sed '/^edge resource c2 p7 /d' "$W/paper.edges" >"$W/m3.edges"
! python3 "$HERE/graph.py" "$W/m1.edges" >/dev/null && ! python3 "$HERE/graph.py" "$W/m2.edges" >/dev/null &&
	! python3 "$HERE/graph.py" "$W/m3.edges" >/dev/null
ok $? "graph.py rejects an unimplied removal, a redundant kept edge and a missing dependence"
c=$(grep -c 'coop_chan_post' "$W/paper.par.c"); w=$(grep -c 'coop_chan_wait' "$W/paper.par.c")
[ "$c" -eq 9 ] && [ "$w" -eq 9 ]
ok $? "paper: 9 channels (7 data + 2 resource), each posted and awaited once ($c, $w)"
for f in schedule-tree cdfg cdrfg reduced; do
	dot -Tsvg "$W/g/$f.dot" -o "$W/g/$f.svg" 2>"$W/dot.err" && [ -s "$W/g/$f.svg" ]
	ok $? "paper: $f.dot renders with dot"
done
grep -q 'c2 -> p4' "$W/g/cdrfg.dot" && ! grep -q 'c2 -> p4' "$W/g/reduced.dot" &&
	! grep -q ' -> ' <(grep resource "$W/g/cdfg.dot")
ok $? "paper: cdfg has no resource edges, cdrfg has c2 -> p4, reduced.dot does not"
cc -o "$W/paper.seq" paper.c $LINK && cc -o "$W/paper.par" "$W/paper.par.c" $LINK
ok $? "paper: sequential and generated programs compile with -Wall -Wextra -Werror"
"$W/paper.seq" >"$W/seq.out"
r=$?; [ $r -eq 0 ] && [ "$(wc -l <"$W/seq.out")" -eq 7 ]
ok $? "paper: sequential run (device producers on the emulation)"
bad=0
for s in $(seq 1 20); do
	COOP_DELAY_US=$(( (s % 4) * 150 )) COOP_SEED=$s \
		"$GUARD" -s $STALL_S -g $HANG_GUARD_S -- "$W/paper.par" >"$W/par.out" || bad=1
	cmp -s "$W/seq.out" "$W/par.out" || bad=1
done
ok $bad "paper: 20 parallel runs with random delays give the sequential results"

# --- loop forms and substitution
"$TOOL" -o "$W/nested.par.c" --dump-edges "$W/nested.edges" nested.c
ok $? "nested: translated (nested, <=, +=, macro and enum bounds)"
python3 "$HERE/graph.py" "$W/nested.edges" | sed 's/^/# /'
ok "${PIPESTATUS[0]}" "nested: dependences = brute force, removed ones implied, kept ones minimal"
[ "$(grep -c '^node' "$W/nested.edges")" -eq 22 ]
ok $? "nested: 10 + 12 instances expanded"
cc -o "$W/nested.seq" nested.c $LINK && cc -o "$W/nested.par" "$W/nested.par.c" $LINK &&
	"$W/nested.seq" >"$W/seq.out"
ok $? "nested: both programs compile, sequential runs"
bad=0
for s in $(seq 1 10); do
	COOP_DELAY_US=$(( (s % 3) * 200 )) COOP_SEED=$s \
		"$GUARD" -s $STALL_S -g $HANG_GUARD_S -- "$W/nested.par" >"$W/par.out" || bad=1
	cmp -s "$W/seq.out" "$W/par.out" || bad=1
done
ok $bad "nested: 10 parallel runs with random delays give the sequential results"

# --- a clock jump is no deadlock: a channel wait's bound counts the steps it
# saw, and one over which the clock leapt (a TCG guest catching up on a paused
# host) counts as one step.  tests/common/jump-clock.c plants the jump: from
# the waiter's second reading on the clock is 100,000 s ahead, and the
# channel is posted once the jumped clock has been read five times.
cc -std=gnu11 -Wall -Wextra -Werror -shared -fPIC -o "$W/jump-clock.so" "$HERE/../common/jump-clock.c" -ldl &&
	cc -o "$W/chan_jump" "$HERE/chan_jump.c" $LINK
ok $? "chan_jump.c and the clock-jump shim compile with -Wall -Wextra -Werror"
"$GUARD" -s $STALL_S -g $HANG_GUARD_S -- env LD_PRELOAD="$W/jump-clock.so" JUMP_CLOCK_AFTER=1 \
	JUMP_CLOCK_S=100000 JUMP_CLOCK_MARK="$W/jump-mark" JUMP_CLOCK_MARK_AFTER=5 \
	"$W/chan_jump" "$W/jump-mark" >"$W/jump.out" 2>"$W/jump.err"
r=$?; sed 's/^/# /' "$W/jump.err"
[ $r -eq 0 ] && grep -qx posted "$W/jump.out"
ok $? "a channel wait lives through a clock jump of 100,000 s (COOP_TIMEOUT_MS $COOP_TIMEOUT_MS; exit $r)"
COOP_TIMEOUT_MS=1000 "$GUARD" -s $STALL_S -g $HANG_GUARD_S -- env LD_PRELOAD="$W/jump-clock.so" \
	JUMP_CLOCK_AFTER=1 JUMP_CLOCK_S=100000 "$W/chan_jump" "$W/no-mark" >"$W/jump.out" 2>"$W/jump.err"
r=$?
[ $r -eq 134 ] && grep -q 'channel 1 not posted after 1000 ms: deadlock' "$W/jump.err"
ok $? "after a clock jump a channel never posted is still reported as a deadlock (exit $r)"

# --- diagnostics: every file in bad/ names its expected error on line 1
cd "$HERE/bad"
for f in *.c; do
	expect_diag "$W/bad.out" "$f" "$TOOL" -o "$W/bad.out" "$f"
done

tap_done
r1=$tap_failed

# --- randomized differential test
python3 "$HERE/random_test.py" "$TOOL" "$LINK" "$W/random" "${COOP_RANDOM_PROGRAMS:-30}" \
	"${COOP_RANDOM_RUNS:-5}" "${COOP_RANDOM_SEED:-1}"
r2=$?

# --- the limits of the single-file translator that are gone, and those left
python3 "$HERE/limits_test.py" "$TOOL" "$BUILD" "$W/limits"
r3=$?
[ $r1 -eq 0 ] && [ $r2 -eq 0 ] && [ $r3 -eq 0 ]
