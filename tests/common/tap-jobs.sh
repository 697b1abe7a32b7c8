# tests/common/tap-jobs.sh - run a harness's independent checks two at a
# time and report them in the order they were started (bash; sourced after
# tap.sh).
#
#	tap_job NAME FUNCTION [ARG...]   run FUNCTION ARG... in the background;
#	                                  its ok/skip/todo/diag and its output
#	                                  are recorded, not printed
#	tap_jobs_replay                   wait for every job, then print each
#	                                  job's record in start order, numbered
#	                                  by tap.sh as if it had run in line
#
# Why: a harness that compiles programs one after another (idxgen-cc, then
# nvcc, per program) leaves one of a 2-core machine's cores idle; running
# two at once halves its wall time without changing what any check does.
# At most TAP_JOBS (default 2) run at once.  A job that dies without its
# records leaves a failed check naming it, so nothing is lost silently.
# The records live in a folder of the caller's (TAP_JOBS_DIR, default a
# mktemp folder removed by the caller's own cleanup of TMPDIR).

tap_jobs_names=()

# The record of one directive: a line no program output can start with
# (output is always written "# ..." by the harnesses); fields are
# separated by the ASCII unit separator, so an empty one stays a field.
tap_job_record() {
	local IFS=$'\x1f'
	printf '@@tap\x1f%s\n' "$*"
}

tap_job() {
	local name=$1
	shift
	: "${TAP_JOBS_DIR:=$(mktemp -d "${TMPDIR:-/tmp}/tap-jobs.XXXXXX")}"
	while [ "$(jobs -rp | wc -l)" -ge "${TAP_JOBS:-2}" ]; do
		wait -n
	done
	tap_jobs_names+=("$name")
	(
		ok() { tap_job_record ok "$1" "$2"; }
		skip() { tap_job_record skip "$1" "$2"; }
		todo() { tap_job_record todo "$1" "$2" "$3"; }
		diag() { echo "# $*"; }
		"$@"
		echo "@@tap-end"
	) >"$TAP_JOBS_DIR/$name.rec" 2>&1 &
}

# tap_job_replay_one FILE NAME: one job's record, through tap.sh
tap_job_replay_one() {
	local line kind a b c ended=
	while IFS= read -r line; do
		case "$line" in
		@@tap-end) ended=1 ;;
		@@tap$'\x1f'*)
			IFS=$'\x1f' read -r _ kind a b c <<<"$line"
			case "$kind" in
			ok) ok "$a" "$b" ;;
			skip) skip "$a" "$b" ;;
			todo) todo "$a" "$b" "$c" ;;
			esac
			;;
		*) printf '%s\n' "$line" ;;
		esac
	done <"$1"
	[ -n "$ended" ] || ok 1 "$2: the job ended before finishing its checks"
}

tap_jobs_replay() {
	local name
	wait
	for name in "${tap_jobs_names[@]}"; do
		tap_job_replay_one "$TAP_JOBS_DIR/$name.rec" "$name"
	done
	tap_jobs_names=()
}
