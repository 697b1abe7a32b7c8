#!/bin/sh
# Builds and runs every program of tests/cuda/progs with a CUDA compiler
# command and checks what each one says: exit status 0, last line of stdout
# "PASS", and, where progs/NAME.expected exists, the whole stdout equal to it.
# Prints TAP (tests/common/tap.sh); a NAME that is no program fails.
#
#   run.sh [-c 'COMMAND'] [-t SECONDS] [-x NAME=BUG]... [NAME...]
#
# A program's run is stopped only when it hangs (tests/common/progress-guard.c,
# as the other harnesses' runs): no CPU and no output for STALL_S (120 s), or
# still running at the hang guard, HANG_GUARD_S (1800 s; -t SECONDS sets it).
# It was `timeout 60`: a bound on a slow run, not on a hang.
#
# -x NAME=BUG: a known bug: the compiler rejects NAME with a diagnostic
# ("FILE:LINE:COL: error:").  While it does, NAME is an expected failure
# ("# TODO BUG"); when it builds (whether it then passes or not) or fails
# another way (a crash, no diagnostic), it fails, so the marker goes with
# the fix and a rejection that turned into something else is never hidden.
# NAMEs are compared as strings, never as patterns.
#
# COMMAND is a shell command line with {out} (the executable to write) and
# {srcs} (the program's sources) and {dir} (the program's directory, for -I);
# default: 'idxgen-cc -o {out} {srcs}' (the nvcc-like driver of issue 22).
# Examples:
#   run.sh -c 'tests/cuda/oracle/oracle-cc -o {out} {srcs}'   # CPU reference
#   run.sh -c '/usr/local/cuda/bin/nvcc -arch=sm_90 -o {out} {srcs}'  # a GPU
here=$(cd "$(dirname "$0")" && pwd)
. "$here/programs.sh"
. "$here/../common/tap.sh"
. "$here/../common/guard.sh"
cmd='idxgen-cc -o {out} {srcs}'
# The slowest run measured (tests/README.md, "Every time bound") is far below either.
STALL_S=120
HANG_GUARD_S=1800
work=$(mktemp -d "${TMPDIR:-/tmp}/cuda-run.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
: > "$work/known"
: > "$work/wanted"
while getopts c:t:x: opt; do
	case $opt in
	c) cmd=$OPTARG ;;
	t) HANG_GUARD_S=$OPTARG ;;
	x) case $OPTARG in
	   ?*=?*) printf '%s\t%s\n' "${OPTARG%%=*}" "${OPTARG#*=}" >> "$work/known" ;;
	   *) echo "$0: -x wants NAME=BUG, not '$OPTARG'" >&2; exit 2 ;;
	   esac ;;
	*) echo "usage: $0 [-c COMMAND] [-t SECONDS] [-x NAME=BUG]... [NAME...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
guard_build "$here/../common" "$work" || exit 1
list_programs "$here" > "$work/list"
# a program named by -x runs too when NAMEs choose the programs
[ $# -gt 0 ] && cut -f1 "$work/known" >> "$work/wanted"
printf '%s\n' "$@" >> "$work/wanted"
while IFS='	' read -r name srcs; do
	if [ $# -gt 0 ] && ! grep -qxF -- "$name" "$work/wanted"; then
		continue
	fi
	bug=$(awk -F '\t' -v n="$name" '$1 == n { print $2; exit }' "$work/known")
	dir=$(dirname "$(echo "$srcs" | cut -d' ' -f1)")
	exe="$work/$name"
	line=$(printf '%s' "$cmd" | sed "s|{out}|$exe|g; s|{srcs}|$srcs|g; s|{dir}|$dir|g")
	(cd "$dir" && sh -c "$line") > "$work/$name.build" 2>&1
	brc=$?
	if [ -n "$bug" ]; then
		if [ "$brc" = 1 ] && grep -q ':[0-9]*:[0-9]*: error: ' "$work/$name.build"; then
			todo 1 "$bug" "$name: rejected with a diagnostic, as known"
		elif [ "$brc" = 0 ]; then
			ok 1 "$name: builds now: delete its known-bug marker (-x $name=$bug)"
		else
			ok 1 "$name: known to be rejected with a diagnostic, now build exit $brc without one"
		fi
		grep ': error: ' "$work/$name.build" | head -3 | sed 's/^/# /'
		continue
	fi
	if [ "$brc" != 0 ]; then
		ok 1 "$name: build failed"
		head -15 "$work/$name.build" | sed 's/^/# /'
		continue
	fi
	(cd "$work" && "$GUARD" -s "$STALL_S" -g "$HANG_GUARD_S" -- "$exe") > "$work/$name.out" 2> "$work/$name.err" < /dev/null
	rc=$?
	last=$(tail -n 1 "$work/$name.out")
	why=
	if [ $rc -ne 0 ]; then
		why="exit status $rc"
		[ $rc -eq 124 ] && why="hung: stopped by the progress guard (its report on the err lines)"
	elif [ "$last" != PASS ]; then
		why="last line is '$last', not PASS"
	elif [ -f "$dir/$name.expected" ] && ! cmp -s "$dir/$name.expected" "$work/$name.out"; then
		why="output differs from $name.expected"
	fi
	if [ -z "$why" ]; then
		ok 0 "$name"
	else
		ok 1 "$name: $why"
		tail -n 8 "$work/$name.out" | sed 's/^/# out: /'
		tail -n 5 "$work/$name.err" | sed 's/^/# err: /'
		# the guard's verdict, above its report's thread lines (tail may miss it)
		[ $rc -eq 124 ] && grep -m1 'progress-guard: hang' "$work/$name.err" | sed 's/^/# /'
		[ -f "$dir/$name.expected" ] && diff "$dir/$name.expected" "$work/$name.out" | head -10 | sed 's/^/# /'
	fi
done < "$work/list"
# A name asked for that is not a program fails: a typo must not pass as a
# suite that ran nothing.
for want in "$@"; do
	cut -f1 "$work/list" | grep -qxF -- "$want" || ok 1 "$want: no such program in $here/progs"
done
for want in $(cut -f1 "$work/known"); do
	cut -f1 "$work/list" | grep -qxF -- "$want" || ok 1 "-x $want: no such program in $here/progs"
done
tap_done
