#!/bin/bash
# Manual page of a tool whose --help follows GNU conventions ("Usage:",
# "Options:"), made by Debian's help2man from that --help so the two cannot
# drift, then checked like tests/docs/check-man.sh checks the others (TAP):
# `man --warnings` silent and a whatis entry.
#
# usage: help2man-page.sh TOOL "ONE-LINE DESCRIPTION" OUT.1
set -uo pipefail
tool=$1 desc=$2 out=$3
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
version=$(head -1 "$ROOT/debian/changelog" | cut -d'(' -f2 | cut -d')' -f1)
. "$(dirname "$0")/../../tests/common/tap.sh"
help2man --no-info --no-discard-stderr --section=1 --version-string="$version" \
	--name="$desc" "$tool" >"$out.tmp" 2>"$out.err" && mv "$out.tmp" "$out"
ok $? "help2man $(basename "$tool") ($(cat "$out.err"))"
w=$(MANWIDTH=80 LC_ALL=C.UTF-8 man --warnings -E UTF-8 -l "$out" 2>&1 >/dev/null)
[ -s "$out" ] && [ -z "$w" ]; ok $? "man --warnings $(basename "$out") ${w:+: $w}"
lexgrog "$out" >/dev/null 2>&1; ok $? "whatis entry of $(basename "$out")"
grep -q '^\.SH DESCRIPTION' "$out"; ok $? "$(basename "$out") has a DESCRIPTION"
rm -f "$out.err" "$out.tmp"
tap_done
