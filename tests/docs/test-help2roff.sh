#!/bin/bash
# Test of docs/man/help2roff.sh with a stand-in tool whose help texts are
# far larger than a pipe's buffer: a reader that stops early (grep -q at
# SYNOPSIS, awk at the end of NAME) then always leaves its writer blocked
# on a pipe it no longer reads.  help2roff.sh piped the texts from echo
# under pipefail: the writer's SIGPIPE dropped a command's section (or
# ended the page), on idxgen's own short texts one run in a few dozen
# (a writer of several writes).  Here it is certain, every run.
#
# usage: test-help2roff.sh   (prints TAP)
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/tests/common/tap.sh"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# fake: a tool with two commands, "small" and "big"; each help text ends
# with a 1 MiB DESCRIPTION (20000 lines), as does the tool's own.
cat >"$T/fake" <<'EOS'
#!/bin/bash
long() { awk -v w="$1" 'BEGIN { for (i = 1; i <= 20000; i++) printf "    %s line %d of a long description\n", w, i }'; }
case "$*" in
--help)
	printf 'NAME\n    fake - a tool\n\nSYNOPSIS\n    fake COMMAND\n\nCOMMANDS\n'
	printf '    small  a command\n    big    another command\n\nDESCRIPTION\n'
	long fake ;;
"small --help" | "big --help")
	printf 'NAME\n    fake %s - the %s command\n\nSYNOPSIS\n    fake %s\n\nDESCRIPTION\n' "$1" "$1" "$1"
	long "$1" ;;
*) exit 2 ;;
esac
EOS
chmod +x "$T/fake"

bash "$ROOT/docs/man/help2roff.sh" "$T/fake" 1 2026-01-01 1.0 >"$T/fake.1" 2>"$T/err"
rc=$?
sed 's/^/# help2roff.sh: /' "$T/err" | head -5
ok "$rc" "help2roff.sh makes a page of help texts larger than a pipe's buffer (exit $rc)"
has() { grep -qF -- "$1" "$T/fake.1"; echo $?; }
ok "$(has 'fake \- a tool')" "the page's whatis entry (NAME: awk stops reading there)"
ok "$(has 'fake line 20000 of a long description')" "the tool's own DESCRIPTION to its end"
for c in small big; do
	ok "$(has ".SH \"COMMAND fake $c \\- the $c command\"")" \
		"command $c has its section (grep -q stops reading at SYNOPSIS)"
	ok "$(has "$c line 20000 of a long description")" "command $c's DESCRIPTION to its end"
done
tap_done
