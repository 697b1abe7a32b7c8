#!/bin/bash
# Golden tests of idxgen-cc: each tests/cc/golden/*.cu carries FileCheck
# directives that pin how its kernels are translated.  "// CHECK..." lines
# are matched against the emitted C, "// PLAN..." lines (FileCheck's
# --check-prefix=PLAN) against the output of --dump=plan.  The source's own
# comments are copied into the C, so lines starting with // are dropped from
# the output before matching (a directive must never match itself).
# Every translation must also compile with gcc and clang -Wall -Wextra
# -Werror (the rule: if idxgen-cc exits 0, its output compiles).  Whole
# programs: "// CXX..." lines are matched against the C++ of --emit-cxx,
# "// MODEL..." lines against --emit-cxx --dump=plan (each kernel's
# execution model and why); that C++ must compile with clang++.  "// STATS..."
# lines are matched against --emit-cxx --dump=stats (what the analyses did:
# counts, not times, so that a translation's cost is pinned whatever the
# machine's load; issue 38).  A
# "// FLAGS: ..." line gives idxgen-cc options for every run of its file
# (--exec-model=fibers: the fiber forms of kernels loop fission runs).
# FileCheck comes from Debian's llvm-16-tools (tests/setup/deps.sh).
set -u
CC_BIN=${1:?usage: golden.sh path/to/idxgen-cc}
DIR=$(cd "$(dirname "$0")" && pwd)
FILECHECK=${FILECHECK:-/usr/lib/llvm-16/bin/FileCheck}
. "$(dirname "$0")/../common/tap.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A translation takes about a second of CPU; one past a minute is a bug
# (issue 40: a loop over 2^32 arguments), which this limit turns into a
# failure instead of a suite that runs for hours.  CPU time, not wall time:
# the machine's load does not count.
cc_bin() {
	(ulimit -t 60 && exec "$CC_BIN" "$@")
}

# cxx_compile STD QUOTE_DIR FILE.cpp: clang++ as the whole programs' C++ is
# checked, with the prelude that such a file includes first, on its second
# line (idxgen_cc_program.h), precompiled once per -std and folder for this
# run: parsing it was 0.35 of a compile's 0.55 s of CPU, 86 times.  The
# file's own #include of it then finds its guard defined.  A file that does
# not start so, or a prelude that does not precompile (a warning under
# -Werror), is compiled as before, without the PCH.
cxx_compile() {
	local std=$1 quote=$2 file=$3 pch
	local opts=(-std="$std" -Wall -Wextra -Werror -Wno-unused-parameter -O2 -I"$DIR/../../include/cuda"
		-I"$DIR/../../include" -iquote "$quote")
	pch=$tmp/prelude-$std-$(printf '%s' "$quote" | cksum | cut -d' ' -f1).pch
	if [ ! -e "$pch" ] && [ ! -e "$pch.failed" ]; then
		clang++ "${opts[@]}" -x c++-header "$DIR/../../include/idxgen_cc_program.h" -o "$pch" \
			2>"$pch.err" || { touch "$pch.failed"; rm -f "$pch"; }
	fi
	if [ -e "$pch" ] && [ "$(sed -n 2p "$file")" = '#include <idxgen_cc_program.h>' ]; then
		clang++ "${opts[@]}" -include-pch "$pch" -c -o /dev/null "$file"
	else
		clang++ "${opts[@]}" -c -o /dev/null "$file"
	fi
}

# run MODE FILE PREFIX: translate (MODE "c") or dump the plan (MODE "plan") and match
run() {
	local f=$1 mode=$2 prefix=$3 name flags std
	name="$(basename "$f") ($prefix)"
	flags=$(sed -n 's|^// FLAGS: ||p' "$f")
	if [ "$mode" = plan ]; then
		cc_bin $flags --dump=plan "$f" >"$tmp/out" 2>"$tmp/err"
	elif [ "$mode" = model ]; then
		cc_bin $flags --emit-cxx --dump=plan "$f" >"$tmp/out" 2>"$tmp/err"
	elif [ "$mode" = cxx ]; then
		cc_bin $flags --emit-cxx -o "$tmp/out" "$f" 2>"$tmp/err"
	elif [ "$mode" = stats ]; then
		cc_bin $flags --emit-cxx -o /dev/null --dump=stats "$f" >"$tmp/out" 2>"$tmp/err"
	else
		cc_bin $flags --translate -o "$tmp/out" "$f" 2>"$tmp/err"
	fi
	local rc=$?
	if [ $rc != 0 ]; then
		ok 1 "$name: idxgen-cc exited $rc"
		sed 's/^/#   /' "$tmp/err"
		return
	fi
	grep -v '^//' "$tmp/out" | "$FILECHECK" --check-prefix="$prefix" --dump-input=never "$f" 2>"$tmp/err"
	rc=$?
	ok $rc "$name"
	[ $rc = 0 ] || sed 's/^/#   /' "$tmp/err"
	[ "$mode" = c ] && compiles "$f" "$tmp/out"
	if [ "$mode" = cxx ]; then
		cp "$tmp/out" "$tmp/k.cpp"
		# -iquote: the golden file's own headers (golden/macro_header/), as beside it;
		# the file's own -std= (FLAGS) if it gives one: C++20's concepts
		std=$(printf '%s\n' $flags | sed -n 's|^-std=||p' | tail -n 1)
		cxx_compile "${std:-c++17}" "$(dirname "$f")" "$tmp/k.cpp" 2>"$tmp/err"
		rc=$?
		ok $rc "$(basename "$f"): the C++ compiles with clang++ -Wall -Wextra -Werror"
		[ $rc = 0 ] || sed 's/^/#   /' "$tmp/err"
	fi
}

# compiles FILE.cu OUT.c: the translation compiles warning-free with gcc and clang
compiles() {
	local comp rc
	cp "$2" "$tmp/k.c"
	for comp in gcc clang; do
		if ! command -v $comp >/dev/null; then
			ok 1 "$(basename "$1"): $comp not installed (tests/setup/deps.sh)"
			continue
		fi
		$comp -std=gnu11 -Wall -Wextra -Werror -O2 -I"$DIR/../../include" -c -o /dev/null "$tmp/k.c" \
			2>"$tmp/err"
		rc=$?
		ok $rc "$(basename "$1"): the C compiles with $comp -Wall -Wextra -Werror"
		[ $rc = 0 ] || sed 's/^/#   /' "$tmp/err"
	done
}

if [ ! -x "$FILECHECK" ]; then
	ok 1 "FileCheck not found at $FILECHECK (install llvm-16-tools: tests/setup/deps.sh)"
else
	for f in "$DIR"/golden/*.cu; do
		grep -q '^// CHECK' "$f" && run "$f" c CHECK
		grep -q '^// PLAN' "$f" && run "$f" plan PLAN
		grep -q '^// CXX' "$f" && run "$f" cxx CXX
		grep -q '^// MODEL' "$f" && run "$f" model MODEL
		grep -q '^// STATS' "$f" && run "$f" stats STATS
		# a golden file that pins nothing proves nothing: it fails
		grep -q '^// \(CHECK\|PLAN\|CXX\|MODEL\|STATS\)' "$f" ||
			ok 1 "$(basename "$f"): no '// CHECK', '// PLAN', '// CXX', '// MODEL' or '// STATS' directive"
	done
	# the rest of the corpus (tests/cc/kernels: diag.sh): the benchmark's kernels
	for f in "$DIR"/../bench/cc/*.cu; do
		if "$CC_BIN" --translate -o "$tmp/out" "$f" 2>"$tmp/err"; then
			compiles "$f" "$tmp/out"
		else
			ok 1 "$(basename "$f"): idxgen-cc failed"
		fi
	done
fi
tap_done
