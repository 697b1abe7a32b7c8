#!/bin/bash
# Diagnostics of idxgen-cc: each tests/cc/bad/*.cu names, in its first line
# ("// expect: LINE:COL: error: TEXT"), the diagnostic it must produce; the
# translator must exit with status 1 and print FILE:LINE:COL: error: TEXT...
# Plus usage errors (status 2) and --help/--version (status 0).
set -u
CC_BIN=${1:?usage: diag.sh path/to/idxgen-cc}
DIR=$(cd "$(dirname "$0")" && pwd)
. "$(dirname "$0")/../common/tap.sh"
. "$(dirname "$0")/../common/expect.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for f in "$DIR"/bad/*.cu; do
	expect_diag "$tmp/out.c" "$f" "$CC_BIN" --translate -o "$tmp/out.c" "$f"
done

# The C path's refusals above of control flow, barriers and warp operations
# are valid CUDA, and whole programs run them (as fibers where loop fission
# cannot: issue 38; lib/cc/README.md, "What stays refused"): each such file
# builds as a whole program's object.  Their results are checked against host
# references by the programs of tests/cc/whole/progs and tests/cuda/progs
# named there (cpath_refusals_run.cu for eight of them).
for f in barrier_expr break_barrier continue_barrier device_tid divergent_barrier divergent_loop divergent_var \
	goto header_after_return lockstep_pair_alias loop_var_thread param_write promoted_init spin_flag_c \
	spin_turn_c split_decl_init switch_barrier syncthreads_count uniform_use warp_conditional warp_device_fn \
	warp_device_returns warp_divergent warp_lockstep warp_lockstep_rows warp_lockstep_shift warp_lockstep_turns \
	warp_lockstep_war warp_loop_header warp_macro warp_multi_decl warp_nested warp_pred_header warp_pred_loop \
	warp_return_between warp_volatile; do
	rm -f "$tmp/w.o"
	"$CC_BIN" -c -o "$tmp/w.o" "$DIR/bad/$f.cu" >"$tmp/err" 2>&1 && [ -s "$tmp/w.o" ] && ! grep -q ': error: ' "$tmp/err"
	ok $? "bad/$f.cu: refused by the C path, built as a whole program"
	[ -s "$tmp/err" ] && sed 's/^/#   /' "$tmp/err" | head -5
done

# Regression (issue 44): an output named *.c chose the C path, where nvcc links an executable
# of that name; only options choose the path (--translate above), the name is a name.
app=$DIR/whole/opts/output_named_c.cu
"$CC_BIN" -o "$tmp/app.c" "$app" >"$tmp/err" 2>&1 && [ "$(head -c 4 "$tmp/app.c" | od -An -c | tr -d ' ')" = 177ELF ] &&
	[ "$(IDXGEN_BACKEND=emu "$tmp/app.c")" = "sum 56" ]
ok $? "-o app.c prog.cu: an executable named app.c that runs, as nvcc links it (not the kernels' C)"
[ -s "$tmp/err" ] && sed 's/^/#   /' "$tmp/err" | head -5
# ... and '-o -' (which chose the C path too) is the executable on standard output, no file '-'
mkdir "$tmp/dash"
(cd "$tmp/dash" && "$CC_BIN" -o - "$app" >"$tmp/piped" 2>"$tmp/err") && [ -z "$(ls -A "$tmp/dash")" ] &&
	chmod +x "$tmp/piped" && [ "$(IDXGEN_BACKEND=emu "$tmp/piped")" = "sum 56" ]
ok $? "-o - prog.cu: the executable on standard output ($(ls -A "$tmp/dash" | tr '\n' ' ')written beside)"
[ -s "$tmp/err" ] && sed 's/^/#   /' "$tmp/err" | head -5
"$CC_BIN" >/dev/null 2>&1; ok $([ $? = 2 ] && echo 0 || echo 1) "no input file: exit 2"
"$CC_BIN" "$tmp/missing.cu" 2>"$tmp/err"; rc=$?
ok $([ $rc = 2 ] && grep -q 'missing.cu: No such file' "$tmp/err" && echo 0 || echo 1) "missing input: exit 2 and the reason"
"$CC_BIN" --bogus x.cu >/dev/null 2>&1; ok $([ $? = 2 ] && echo 0 || echo 1) "unknown option: exit 2"
"$CC_BIN" --help >"$tmp/help"; rc=$?
ok $([ $rc = 0 ] && grep -q '^Usage: idxgen-cc' "$tmp/help" && grep -q -- '--version' "$tmp/help" && echo 0 || echo 1) "--help: usage on stdout, exit 0"
"$CC_BIN" --version | grep -q '^idxgen-cc [0-9]'; ok $? "--version"
grep -q -- '--dump=plan' "$tmp/help"; ok $? "--help documents --dump=plan"
"$CC_BIN" --dump=bogus "$DIR/kernels/vecadd.cu" >/dev/null 2>&1; ok $([ $? = 2 ] && echo 0 || echo 1) "--dump=bogus: exit 2"
"$CC_BIN" --dump=plan "$DIR/bad/goto.cu" >"$tmp/plan" 2>/dev/null; rc=$?
ok $([ $rc = 1 ] && [ ! -s "$tmp/plan" ] && echo 0 || echo 1) "--dump=plan of a file with errors: exit 1, no plan"
"$CC_BIN" --dump=plan "$DIR/kernels/vecadd.cu" | grep -q '^kernel vecadd: .* 1 thread loop(s), 0 barrier(s)'
ok $? "--dump=plan: the plan on stdout"
# the make-friendly object path: -c writes an object with the kernel's descriptor
"$CC_BIN" --translate -c -o "$tmp/v.o" "$DIR/kernels/vecadd.cu" && nm "$tmp/v.o" | grep -qE ' [DR] idxgen_cc_kernel_vecadd$'
ok $? "--translate -c -o v.o: an object file exporting idxgen_cc_kernel_vecadd"
# Regression: the C path rejected the texture handle types and every built-in whose name began
# with "tex"; a kernel passing handles on beside tex-named helpers translates and compiles.
rm -f "$tmp/v.o"
"$CC_BIN" --translate -c -o "$tmp/v.o" "$DIR/translate/tex_names.cu" 2>"$tmp/err" &&
	nm "$tmp/v.o" | grep -qE ' [DR] idxgen_cc_kernel_tex_names$'
ok $? "--translate -c: texture handles and tex-named helpers (tests/cc/translate/tex_names.cu)"
[ -s "$tmp/err" ] && sed 's/^/#   /' "$tmp/err"
# The C path's -arch (nvcc's spellings): __CUDA_ARCH__ of its device code, 900 without one
# (golden/cuda_arch_c.cu: `#if __CUDA_ARCH__ >= 800` around the kernel's store).
"$CC_BIN" --translate -arch=sm_70 -o "$tmp/a.c" "$DIR/golden/cuda_arch_c.cu" 2>"$tmp/err" &&
	grep -q '^[[:space:]]*out\[i\] = -1;' "$tmp/a.c" && ! grep -q '^[[:space:]]*out\[i\] = twice' "$tmp/a.c"
ok $? "--translate -arch=sm_70: the device view of sm_70 (the >= 800 branch dropped)"
"$CC_BIN" --translate -arch sm_80 -o "$tmp/a.c" "$DIR/golden/cuda_arch_c.cu" 2>>"$tmp/err" &&
	grep -q '^[[:space:]]*out\[i\] = twice(i) \* SCALE + 800 ' "$tmp/a.c"
ok $? "--translate -arch sm_80: __CUDA_ARCH__ is 800"
"$CC_BIN" --translate -gencode arch=compute_70,code=sm_70 -gencode arch=compute_80,code=sm_80 \
	-o "$tmp/a.c" "$DIR/golden/cuda_arch_c.cu" 2>>"$tmp/err" &&
	grep -q '^[[:space:]]*out\[i\] = twice(i) \* SCALE + 800 ' "$tmp/a.c"
ok $? "--translate with two -gencode: the highest, 800"
[ -s "$tmp/err" ] && sed 's/^/#   /' "$tmp/err"
"$CC_BIN" --translate -o "$tmp/a.c" "$DIR/golden/cuda_arch_c.cu" -arch >/dev/null 2>"$tmp/err"
ok $([ $? = 2 ] && grep -q -- '-arch needs a value' "$tmp/err" && echo 0 || echo 1) "--translate ... -arch (no value): exit 2, said"
# Regression (issue 21): the flags reached the compiler as one word ('-O2 -g').
rm -f "$tmp/v.o"
CFLAGS="-O2 -g" "$CC_BIN" --translate -c -o "$tmp/v.o" "$DIR/kernels/vecadd.cu" && readelf -S "$tmp/v.o" | grep -q '\.debug_info'
ok $? "CFLAGS='-O2 -g' --translate -c: the flags are words (an object with debug information)"
rm -f "$tmp/v.o"
IDXGEN_CC_CFLAGS="-O1 '-DIDXGEN_TEST=1 + 1'" "$CC_BIN" --translate -c -o "$tmp/v.o" "$DIR/kernels/vecadd.cu"
ok $? "IDXGEN_CC_CFLAGS with a quoted word: split like the shell does"
IDXGEN_CC_CFLAGS="-O1 '-DX" "$CC_BIN" --translate -c -o "$tmp/v.o" "$DIR/kernels/vecadd.cu" 2>"$tmp/err"; rc=$?
ok $([ $rc = 2 ] && grep -q 'cannot be split' "$tmp/err" && echo 0 || echo 1) "flags with an open quote: exit 2 and the reason"
# The translated corpus compiles warning-free with -Wall -Wextra (GCC and, when installed, clang).
KDIR=${2:-}
if [ -n "$KDIR" ]; then
	for c in "$KDIR"/*.c; do
		for comp in gcc clang; do
			if ! command -v $comp >/dev/null; then
				ok 1 "$comp -Wall -Wextra -Werror: $(basename "$c"): $comp not installed (tests/setup/deps.sh)"
				continue
			fi
			$comp -std=gnu11 -Wall -Wextra -Werror -O2 -I"$DIR/../../include" -I"$DIR/kernels" \
				-c -o /dev/null "$c" 2>"$tmp/err"
			ok $? "$comp -Wall -Wextra -Werror: $(basename "$c") (translated)"
			[ -s "$tmp/err" ] && sed 's/^/#   /' "$tmp/err"
		done
	done
fi
tap_done
