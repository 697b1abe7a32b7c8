#!/bin/bash
# The repository stands alone (TAP): no file may cite a document that is
# not in it - the design is docs/design.md, the hardware contract
# docs/hardware.md.  A hit prints file:line and fails.
#
# Each file is checked line by line (grep) and once more as one joined
# text, so that a reference wrapped over lines ("the" / "brief", "brief" /
# "section 3", "seed" / "001", also inside comments) is found too: the
# lines are joined with one space after their comment leaders (#, //, /*,
# *, >, a patch's + or -) are dropped and whitespace runs collapsed; a
# match there that no single line shows is reported at the line where it
# starts.
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

# split_refs FILE...: the references that only the joined text shows, one
# "file:line: text (lines A-B joined)" each.
split_refs() {
	PATTERN=$PATTERN perl -e '
		my $pat = qr/$ENV{PATTERN}/i;
		for my $f (@ARGV) {
			open(my $fh, "<", $f) or next;
			my @lines = <$fh>;
			close $fh;
			my ($joined, @start) = ("");
			for my $l (@lines) {
				(my $t = $l) =~ s/\r?\n\z//;
				$t =~ s{^\s*(?:(?:#+|//+|/\*+|\*+/?|>+|\+|-)\s*)*}{};
				$t =~ s{\s*\*/\s*\z}{};
				$t =~ s/\s+/ /g;
				push @start, length $joined;
				$joined .= "$t ";
			}
			while ($joined =~ /$pat/g) {
				my ($s, $e) = ($-[0], $+[0] - 1);
				my ($a, $b) = (0, 0);
				$a++ while $a < $#start && $start[$a + 1] <= $s;
				$b = $a;
				$b++ while $b < $#start && $start[$b + 1] <= $e;
				next if $a == $b && $lines[$a] =~ $pat;
				printf "%s:%d: %s (lines %d-%d joined)\n", $f, $a + 1,
					substr($joined, $s, $e - $s + 1), $a + 1, $b + 1;
			}
		}' "$@"
}

cd "$ROOT" || exit 1
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	files=$(git ls-files)
else
	files=$(find . -path ./build -prune -o -type f -print | sed 's|^\./||')
fi
checked=0
hits=
text=()
for f in $files; do
	skip=0
	for p in "${PENDING[@]}"; do
		case $f in "$p"*) skip=1 ;; esac
	done
	# this script (wherever it lives) spells the pattern out
	case $f in check-refs.sh | */check-refs.sh) skip=1 ;; esac
	[ $skip = 1 ] || ! grep -Iq . "$f" 2>/dev/null && continue
	checked=$((checked + 1))
	text+=("$f")
	h=$(grep -nIiE "$PATTERN" "$f" | sed "s|^|$f:|")
	[ -n "$h" ] && hits="$hits$h"$'\n'
done
[ -z "$hits" ]
ok $? "no reference to a document outside the repository ($checked files, ${#PENDING[@]} paths pending)"
[ -n "$hits" ] && printf '%s' "$hits" | sed 's/^/# /'
split=$( ((${#text[@]})) && split_refs "${text[@]}")
[ -z "$split" ]
ok $? "no such reference split over lines ($checked files joined)"
[ -n "$split" ] && printf '%s\n' "$split" | sed 's/^/# /'
# The check itself works: a planted reference is found, on one line and
# split over lines (in prose, in a shell comment, in a C comment).
echo 'see brief section 3' | grep -qiE "$PATTERN"
ok $? "the pattern finds a planted 'brief section 3'"
plant=$(mktemp)
printf '%s\n' 'as the' 'brief says' '# with seed' '# 001 and' ' * see brief' ' * section 3.' >"$plant"
[ "$(split_refs "$plant" | wc -l)" = 3 ]
ok $? "the joined text finds three planted split references"
rm -f "$plant"
# Every anchor cited as design.md#NAME exists in docs/design.md.
missing=
for a in $(grep -rhoI 'design\.md#[a-z0-9-]*' $files 2>/dev/null | sed 's/.*#//' | sort -u); do
	grep -q "<a id=\"$a\"></a>" docs/design.md || missing="$missing $a"
done
[ -z "$missing" ]
ok $? "every cited anchor of docs/design.md exists${missing:+; missing:$missing}"
tap_done
