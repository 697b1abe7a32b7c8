#!/bin/bash
# The repository stands alone (TAP): no file may cite a document that is
# not in it - the design is docs/design.md, the hardware contract
# docs/hardware.md.  A hit prints file:line and fails.
#
# usage: check-refs.sh REPO_ROOT
ROOT=${1:-.}
# Paths exempt from the check: none (every path was converted).  Keep it
# empty.
PENDING=()
# "brief 2", "brief section 3", "brief §5", "the brief", "brief's",
# "patent", "seed 001", ../shared or the seeds/ folder.
PATTERN='\bbrief ?(section |§ ?)?[0-9]|\bthe brief\b|\bbrief'"'"'s|brief\.md|\bpatent|\bseeds?[ /]0[0-9][0-9]|\.\./shared/|/work/shared'

. "$(dirname "$0")/../common/tap.sh"

cd "$ROOT" || exit 1
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	files=$(git ls-files)
else
	files=$(find . -path ./build -prune -o -type f -print | sed 's|^\./||')
fi
checked=0
hits=
for f in $files; do
	skip=0
	for p in "${PENDING[@]}"; do
		case $f in "$p"*) skip=1 ;; esac
	done
	[ "$f" = tests/docs/check-refs.sh ] && skip=1
	[ $skip = 1 ] || ! grep -Iq . "$f" 2>/dev/null && continue
	checked=$((checked + 1))
	h=$(grep -nIiE "$PATTERN" "$f" | sed "s|^|$f:|")
	[ -n "$h" ] && hits="$hits$h"$'\n'
done
[ -z "$hits" ]
ok $? "no reference to a document outside the repository ($checked files, ${#PENDING[@]} paths pending)"
[ -n "$hits" ] && printf '%s' "$hits" | sed 's/^/# /'
# The check itself works: a planted reference is found.
echo 'see brief section 3' | grep -qiE "$PATTERN"
ok $? "the pattern finds a planted 'brief section 3'"
# Every anchor cited as design.md#NAME exists in docs/design.md.
missing=
for a in $(grep -rhoI 'design\.md#[a-z0-9-]*' $files 2>/dev/null | sed 's/.*#//' | sort -u); do
	grep -q "<a id=\"$a\"></a>" docs/design.md || missing="$missing $a"
done
[ -z "$missing" ]
ok $? "every cited anchor of docs/design.md exists${missing:+; missing:$missing}"
tap_done
