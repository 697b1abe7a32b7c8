// SPDX-License-Identifier: MIT
/*
 * locks.c - `idxgen locks`: the device's priority arbiter (docs/design.md#arbiter):
 * who holds which lock, who waits, requester priorities and counters, and
 * the device statistics.  --hold-limit / --enforce change the settings
 * (root on a real device).
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idxgen_lock.h"
#include "print.h"
#include "tool.h"

static const char help_locks[] =
"NAME\n"
"    idxgen locks - the arbiter's mutexes, requesters and counters\n"
"\n"
"SYNOPSIS\n"
"    idxgen locks [--hold-limit N] [--enforce on|off] [--json]\n"
"\n"
"DESCRIPTION\n"
"    Lock 0 guards the shared region; locks 1.. are general mutexes.  Each\n"
"    context with a requester is listed with its process, its competitive\n"
"    priority (0 = highest), the locks it holds, the lock it waits for, its\n"
"    hold counter, how often it lost its locks, grants and time waited.\n"
"    --hold-limit N  release a holder's locks after N ticks (0: off)\n"
"    --enforce on|off  shared-region jobs need lock 0\n"
"    Both change the device (CAP_SYS_ADMIN on a real device), then show it.\n";

static void locks_bitmap(char *buf, size_t len, uint32_t held)
{
	size_t n = 0;

	buf[0] = 0;
	for (unsigned int l = 0; l < 32 && n + 4 < len; l++)
		if (held & (1u << l))
			n += (size_t)snprintf(buf + n, len - n, "%s%u", n ? "," : "", l);
	if (!n)
		snprintf(buf, len, "-");
}

/* A lock's owner: JSON its requester (-1 free), text a line. */
static void show_owner(const struct idxgen_lock_state *st, uint32_t l)
{
	const char *shared = l == 0 ? "  (shared region)" : "";
	int o = st->owner[l];

	print_int(PRINT_JSON, NULL, NULL, o);
	if (o < 0)
		print_text("%4u  free%s\n", l, shared);
	else
		print_text("%4u  requester %d (ctx %u, pid %d, prio %u)%s\n", l, o,
			   st->req[o].ctx_id, st->req[o].pid, st->req[o].cpr, shared);
}

static void show_requester(uint32_t r, const struct idxgen_lock_requester *q)
{
	char held[64], w[16];

	locks_bitmap(held, sizeof(held), q->held);
	if (q->waiting < 0)
		snprintf(w, sizeof(w), "-");
	else
		snprintf(w, sizeof(w), "%d", q->waiting);
	print_open_object(NULL);
	print_uint(PRINT_ANY, "requester", "%3u  ", r);
	print_uint(PRINT_ANY, "ctx", "%-5u  ", q->ctx_id);
	print_int(PRINT_ANY, "pid", "%-6d  ", q->pid);
	print_uint(PRINT_ANY, "cpr", "%4u  ", q->cpr);
	print_uint(PRINT_JSON, "held", NULL, q->held);
	print_string(PRINT_FP, NULL, "%-7s  ", held);
	print_int(PRINT_JSON, "waiting", NULL, q->waiting);
	print_string(PRINT_FP, NULL, "%5s  ", w);
	print_uint(PRINT_ANY, "hold_count", "%4u  ", q->hold_count);
	print_u64(PRINT_ANY, "lost", "%-8" PRIu64 "  ", q->lost_count);
	print_u64(PRINT_ANY, "grants", "%-8" PRIu64 "  ", q->grants);
	print_u64(PRINT_JSON, "wait_ns", NULL, q->wait_ns);
	print_float(PRINT_FP, NULL, "%.3f\n", (double)q->wait_ns / 1e6);
	print_close_object();
}

static void show(const struct idxgen_lock_state *st)
{
	unsigned int n = 0;

	print_open_object(NULL);
	print_uint(PRINT_ANY, "locks", "arbiter: %u locks, ", st->locks);
	print_uint(PRINT_ANY, "requesters", "%u requesters, ", st->requesters);
	print_bool(PRINT_JSON, "enforce", NULL, st->enforce);
	print_text("enforce %s, ", st->enforce ? "on" : "off");
	print_uint(PRINT_JSON, "hold_limit", NULL, st->hold_limit);
	if (st->hold_limit)
		print_text("hold limit %u\n", st->hold_limit);
	else
		print_text("hold limit off\n");
	print_u64(PRINT_ANY, "grants", "statistics: %" PRIu64 " grants, ", st->grants);
	print_u64(PRINT_ANY, "preemptions", "%" PRIu64 " preemptions, ", st->preemptions);
	print_u64(PRINT_ANY, "hold_releases", "%" PRIu64 " hold-limit releases, ",
		  st->hold_releases);
	print_u64(PRINT_ANY, "denials", "%" PRIu64 " denials, ", st->denials);
	print_uint(PRINT_ANY, "fifo_count", "FIFO %u ", st->fifo_count);
	print_uint(PRINT_ANY, "max_fifo_depth", "(max %u)\n", st->max_depth);

	print_text("\nlock  owner\n");
	print_open_array("owner");
	for (uint32_t l = 0; l < st->locks && l < IDXGEN_LOCKS_MAX; l++)
		show_owner(st, l);
	print_close_array();

	print_text("\nreq  ctx    pid     prio  held     waits  hold  lost      grants    wait_ms\n");
	print_open_array("contexts");
	for (uint32_t r = 0; r < st->requesters && r < 16; r++) {
		if (!st->req[r].ctx_id)
			continue;
		n++;
		show_requester(r, &st->req[r]);
	}
	print_close_array();
	if (!n)
		print_text("(no context holds a requester)\n");
	print_close_object();
	print_end();
}

int cmd_locks(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "hold-limit", required_argument, NULL, 'H' },
		{ "enforce", required_argument, NULL, 'E' },
		COMMON_LONGOPTS,
		{ 0 }
	};
	struct idxgen_device *dev = NULL;
	struct idxgen_lock_state st;
	long hold = -1;
	int enforce = -1, opt, ret;

	while ((opt = getopt_long(argc, argv, COMMON_SHORTOPTS, opts, NULL)) != -1) {
		switch (opt) {
		case 'H': {
			char *end;

			hold = strtol(optarg, &end, 0);
			if (*end || !*optarg || hold < 0 || hold > 0xffffffffL)
				return fail(2, "--hold-limit '%s': want 0..4294967295", optarg);
			break;
		}
		case 'E':
			if (!strcmp(optarg, "on"))
				enforce = 1;
			else if (!strcmp(optarg, "off"))
				enforce = 0;
			else
				return fail(2, "--enforce '%s': want on or off", optarg);
			break;
		case 'h':
			fputs(help_locks, stdout);
			return 0;
		default:
			if (!common_opt(opt))
				return bad_option(argv);
		}
	}
	if (optind < argc)
		return fail(2, "unexpected argument '%s'", argv[optind]);
	ret = open_device(&dev);
	if (ret)
		return ret;
	ret = idxgen_lock_state(dev, &st);
	if (!ret && (hold >= 0 || enforce >= 0)) {
		ret = idxgen_lock_config(dev, hold >= 0 ? (uint32_t)hold : st.hold_limit,
					 enforce >= 0 ? enforce : st.enforce);
		if (!ret)
			ret = idxgen_lock_state(dev, &st);
	}
	if (ret) {
		ret = fail(1, "%s", idxgen_strerror(ret));
	} else {
		show(&st);
	}
	idxgen_close(dev);
	return ret;
}
