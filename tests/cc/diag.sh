#!/bin/bash
# Diagnostics of idxgen-cc: each tests/cc/bad/*.cu names, in its first line
# ("// expect: LINE:COL: error: TEXT"), the diagnostic it must produce; the
# translator must exit with status 1 and print FILE:LINE:COL: error: TEXT...
# Plus usage errors (status 2) and --help/--version (status 0).
set -u
CC_BIN=${1:?usage: diag.sh path/to/idxgen-cc}
DIR=$(cd "$(dirname "$0")" && pwd)
n=0 fail=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else fail=$((fail + 1)); echo "not ok $n - $2"; fi; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for f in "$DIR"/bad/*.cu; do
	want=$(sed -n '1s|^// expect: ||p' "$f")
	"$CC_BIN" -o "$tmp/out.c" "$f" 2>"$tmp/err"
	rc=$?
	if [ "$rc" = 1 ] && grep -qF "$f:$want" "$tmp/err" && [ ! -e "$tmp/out.c" ]; then
		ok 0 "$(basename "$f"): exit 1, $want"
	else
		ok 1 "$(basename "$f"): want exit 1 and '$f:$want', got exit $rc:"
		sed 's/^/#   /' "$tmp/err"
	fi
	rm -f "$tmp/out.c"
done

"$CC_BIN" >/dev/null 2>&1; ok $([ $? = 2 ] && echo 0 || echo 1) "no input file: exit 2"
"$CC_BIN" "$tmp/missing.cu" 2>"$tmp/err"; rc=$?
ok $([ $rc = 2 ] && grep -q 'missing.cu: No such file' "$tmp/err" && echo 0 || echo 1) "missing input: exit 2 and the reason"
"$CC_BIN" --bogus x.cu >/dev/null 2>&1; ok $([ $? = 2 ] && echo 0 || echo 1) "unknown option: exit 2"
"$CC_BIN" --help >"$tmp/help"; rc=$?
ok $([ $rc = 0 ] && grep -q '^Usage: idxgen-cc' "$tmp/help" && grep -q -- '--version' "$tmp/help" && echo 0 || echo 1) "--help: usage on stdout, exit 0"
"$CC_BIN" --version | grep -q '^idxgen-cc [0-9]'; ok $? "--version"
# the make-friendly object path: -c writes an object with the kernel's descriptor
"$CC_BIN" --translate -c -o "$tmp/v.o" "$DIR/kernels/vecadd.cu" && nm "$tmp/v.o" | grep -qE ' [DR] idxgen_cc_kernel_vecadd$'
ok $? "--translate -c -o v.o: an object file exporting idxgen_cc_kernel_vecadd"
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
echo "1..$n"
echo "# $((n - fail)) passed, $fail failed"
[ "$fail" = 0 ]
