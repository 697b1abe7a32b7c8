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

static void show_json(const struct idxgen_lock_state *st)
{
	printf("{\"locks\": %u, \"requesters\": %u, \"enforce\": %s, \"hold_limit\": %u, "
	       "\"fifo_count\": %u, \"max_fifo_depth\": %u, \"grants\": %" PRIu64
	       ", \"preemptions\": %" PRIu64 ", \"hold_releases\": %" PRIu64
	       ", \"denials\": %" PRIu64 ", \"owner\": [",
	       st->locks, st->requesters, st->enforce ? "true" : "false", st->hold_limit,
	       st->fifo_count, st->max_depth, st->grants, st->preemptions, st->hold_releases,
	       st->denials);
	for (uint32_t l = 0; l < st->locks && l < IDXGEN_LOCKS_MAX; l++)
		printf("%s%d", l ? ", " : "", st->owner[l]);
	printf("], \"contexts\": [");
	for (uint32_t r = 0, first = 1; r < st->requesters && r < 16; r++) {
		const struct idxgen_lock_requester *q = &st->req[r];

		if (!q->ctx_id)
			continue;
		printf("%s{\"requester\": %u, \"ctx\": %u, \"pid\": %d, \"cpr\": %u, \"held\": %u, "
		       "\"waiting\": %d, \"hold_count\": %u, \"lost\": %" PRIu64 ", \"grants\": %" PRIu64
		       ", \"wait_ns\": %" PRIu64 "}",
		       first ? "" : ", ", r, q->ctx_id, q->pid, q->cpr, q->held, q->waiting,
		       q->hold_count, q->lost_count, q->grants, q->wait_ns);
		first = 0;
	}
	printf("]}\n");
}

static void show_text(const struct idxgen_lock_state *st)
{
	char buf[64];
	unsigned int n = 0;

	printf("arbiter: %u locks, %u requesters, enforce %s, hold limit %s",
	       st->locks, st->requesters, st->enforce ? "on" : "off",
	       st->hold_limit ? "" : "off");
	if (st->hold_limit)
		printf("%u", st->hold_limit);
	printf("\nstatistics: %" PRIu64 " grants, %" PRIu64 " preemptions, %" PRIu64
	       " hold-limit releases, %" PRIu64 " denials, FIFO %u (max %u)\n",
	       st->grants, st->preemptions, st->hold_releases, st->denials, st->fifo_count,
	       st->max_depth);
	printf("\nlock  owner\n");
	for (uint32_t l = 0; l < st->locks && l < IDXGEN_LOCKS_MAX; l++) {
		int o = st->owner[l];

		if (o < 0)
			printf("%4u  free%s\n", l, l == 0 ? "  (shared region)" : "");
		else
			printf("%4u  requester %d (ctx %u, pid %d, prio %u)%s\n", l, o,
			       st->req[o].ctx_id, st->req[o].pid, st->req[o].cpr,
			       l == 0 ? "  (shared region)" : "");
	}
	printf("\nreq  ctx    pid     prio  held     waits  hold  lost      grants    wait_ms\n");
	for (uint32_t r = 0; r < st->requesters && r < 16; r++) {
		const struct idxgen_lock_requester *q = &st->req[r];
		char w[16];

		if (!q->ctx_id)
			continue;
		n++;
		locks_bitmap(buf, sizeof(buf), q->held);
		if (q->waiting < 0)
			snprintf(w, sizeof(w), "-");
		else
			snprintf(w, sizeof(w), "%d", q->waiting);
		printf("%3u  %-5u  %-6d  %4u  %-7s  %5s  %4u  %-8" PRIu64 "  %-8" PRIu64 "  %.3f\n",
		       r, q->ctx_id, q->pid, q->cpr, buf, w, q->hold_count, q->lost_count, q->grants,
		       (double)q->wait_ns / 1e6);
	}
	if (!n)
		printf("(no context holds a requester)\n");
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
		if (opt_json)
			show_json(&st);
		else
			show_text(&st);
	}
	idxgen_close(dev);
	return ret;
}
