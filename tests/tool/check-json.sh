#!/bin/bash
# Every `idxgen --json` output validates against lib/tool/idxgen.schema.json
# (python3-jsonschema), and the schema rejects what it must (TAP).  Runs on
# the emulation backend (make -C lib check).
#
# usage: check-json.sh path/to/idxgen REPO_ROOT
T=$1
ROOT=$2
SCHEMA=$ROOT/lib/tool/idxgen.schema.json
. "$(dirname "$0")/../common/tap.sh"
validate() { # DEF FILE: validate FILE against $defs/DEF
	python3 - "$SCHEMA" "$1" "$2" <<'PY'
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
sub = dict(schema["$defs"][sys.argv[2]])
sub["$defs"] = schema["$defs"]
try:
    doc = json.load(open(sys.argv[3]))
    jsonschema.Draft202012Validator(sub).validate(doc)
except (ValueError, jsonschema.ValidationError) as e:
    print("# " + str(e).splitlines()[0])
    sys.exit(1)
PY
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export IDXGEN_BACKEND=emu
check() { # DEF DESCRIPTION ARGS...
	local def=$1 what=$2
	shift 2
	"$T" --json "$@" >"$tmp/out.json" 2>"$tmp/err" && validate "$def" "$tmp/out.json"
	ok $? "idxgen --json $what matches \$defs/$def"
}
check list list list
check info info info
check stats stats stats
check run "run (three jobs, dedicated)" run -b 32x64x1 -b 100x2x2 -b 32x64x1
check run "run --shared --dump 64" run --shared -b 12x4x2 --dump 64
check run "run -w 16 --no-history --repeat 2" run -b 100x2x2 -w 16 --no-history --repeat 2
check bench "bench --jobs 32" bench --jobs 32 --batch 8
check schedules schedules schedules
# The schema can fail: a document with a field it does not know, and one
# with a wrong type.
"$T" --json info | sed 's/^{/{"undocumented": 1, /' >"$tmp/bad1.json"
validate info "$tmp/bad1.json" >/dev/null
[ $? = 1 ]; ok $? "an undocumented field is rejected"
"$T" --json run -b 4x2x1 | sed 's/"hit": false/"hit": "no"/' >"$tmp/bad2.json"
validate run "$tmp/bad2.json" >/dev/null
[ $? = 1 ]; ok $? "a wrongly typed field is rejected"
tap_done
