# tests/common/guard.sh - the hang guard of the shell harnesses (sourced; POSIX sh).
# shellcheck shell=sh
#
#	guard_build COMMON_DIR WORK_DIR || exit 1
#	"$GUARD" [-s STALL_S] [-g GUARD_S] -- PROGRAM [ARG...]
#
# guard_build compiles COMMON_DIR/progress-guard.c into WORK_DIR (a second
# or so, once per harness run; nothing to keep up to date) and sets GUARD to
# it.  The guard stops PROGRAM only when it hangs: no CPU and no output for
# STALL_S seconds, or still running after GUARD_S (progress-guard.c; each
# harness names its values, tests/README.md lists them with their margins).
# A build that fails says so and returns 1: the harness then exits without
# its plan, which counts as a failure.

guard_build() {
	GUARD=$(cd "$2" && pwd)/progress-guard
	if ! cc -std=c11 -O2 -Wall -Wextra -Werror -o "$GUARD" "$1/progress-guard.c" \
		>"$2/progress-guard.log" 2>&1; then
		echo "# $1/progress-guard.c does not build:"
		sed 's/^/#   /' "$2/progress-guard.log"
		return 1
	fi
}
