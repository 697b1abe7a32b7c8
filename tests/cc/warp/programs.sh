#!/bin/bash
# Whole CUDA programs with warp-level functions and cooperative groups
# (issue 23), each with its own PASS/FAIL check, built by idxgen-cc's
# driver and run under the schedule orders a program can choose from the
# environment (IDXGEN_SCHEDULE: sequential, zigzag, hilbert, auto) with 1
# and 2 workers.  A program whose first line is '// expect: L:C: error: MSG'
# must instead be rejected with that diagnostic (exit 1).  TAP.  A run is
# stopped only when it hangs (tests/common/progress-guard.c): no CPU and no
# output for STALL_S, or still running at HANG_GUARD_S.
# CC_FLAGS in the environment: idxgen-cc options for every build (the
# execution model: lane loops and a fiber per thread, check-fibers).  A
# program with '// exec-models: fission fibers' (or one of them) in its
# first 20 lines is also built with --exec-model= each of them and run the
# same way.
#   programs.sh path/to/idxgen-cc WORKDIR PROGRAM.cu...
set -u
CC_BIN=${1:?usage: programs.sh idxgen-cc workdir prog.cu...}
WORK=${2:?}
shift 2
mkdir -p "$WORK"
. "$(dirname "$0")/../../common/tap.sh"
. "$(dirname "$0")/../../common/expect.sh"
. "$(dirname "$0")/../../common/guard.sh"
guard_build "$(dirname "$0")/../../common" "$WORK" || exit 1
# The slowest run measured (tests/README.md) is far below either bound.
# Programs that spin (SPIN_PROGS of lib/cc/Makefile) use the CPU while they
# hang, so only the second bound stops them: HANG_GUARD_S from the
# environment sets it lower there.
STALL_S=120
HANG_GUARD_S=${HANG_GUARD_S:-1800}
# Builds one program (the build command's extra arguments after the name
# and the executable's) and runs it under every order x 1/2 workers.
build_and_run() {
	local name=$1 exe=$2
	shift 2
	# shellcheck disable=SC2086 # CC_FLAGS: several options
	if ! "$CC_BIN" ${CC_FLAGS:-} "$@" -o "$WORK/$exe" "$src" 2>"$WORK/$exe.err"; then
		ok 1 "$name: idxgen-cc failed"
		sed 's/^/#   /' "$WORK/$exe.err"
		return
	fi
	for order in sequential zigzag hilbert auto; do
		for workers in 1 2; do
			out=$(cd "$WORK" && IDXGEN_BACKEND=emu IDXGEN_SCHEDULE=$order IDXGEN_NUM_THREADS=$workers \
				"$GUARD" -s $STALL_S -g $HANG_GUARD_S -- "./$exe" 2>&1)
			rc=$?
			last=$(printf '%s\n' "$out" | tail -1)
			[ $rc = 0 ] && [ "$last" = PASS ]
			ok $? "$name${CC_FLAGS:+ ($CC_FLAGS)}, order $order, $workers worker(s): $last"
		done
	done
}

for src in "$@"; do
	name=$(basename "$src" .cu)
	if [ -n "$(expect_of "$src")" ]; then
		expect_diag "$WORK/$name" "$src" "$CC_BIN" -o "$WORK/$name" "$src"
		continue
	fi
	build_and_run "$name" "$name"
	# '// exec-models: fission fibers' in its first 20 lines: also built
	# forced to each model named (both models give the same results);
	# not where CC_FLAGS already chooses the model
	[ -n "${CC_FLAGS:-}" ] && continue
	for model in $(sed -n '1,20s|^// exec-models: ||p' "$src"); do
		build_and_run "$name (--exec-model=$model)" "$name.$model" --exec-model="$model"
	done
done
tap_done
