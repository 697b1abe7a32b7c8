// SPDX-License-Identifier: MIT
/*
 * chan_jump - a channel wait that a clock jump must not end (tests/coop/run.sh,
 * under tests/common/jump-clock.c): the main thread waits on a channel; the
 * poster posts it once the shim's mark says the waiter has read the jumped
 * clock a few times.  A wait whose bound took the jump for time waited
 * reports a deadlock and aborts; the right one prints "posted".
 *
 *   chan_jump MARK_PATH
 */
#define _GNU_SOURCE
#include <idxgen_coop.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

/*
 * A hang guard on the poster's wait for the mark, in 10 ms naps (counted,
 * not timed: the clock is the one that jumps): the mark comes after about
 * half a second of the waiter's steps.
 */
#define MARK_HANG_GUARD_NAPS 60000

struct poster_arg {
	struct coop_chan *ch;
	const char *mark;
};

static void *poster(void *p)
{
	const struct poster_arg *arg = p;
	struct timespec nap = { 0, 10 * 1000 * 1000 };
	long i;

	for (i = 0; i < MARK_HANG_GUARD_NAPS && access(arg->mark, F_OK); i++)
		nanosleep(&nap, NULL);
	coop_chan_post(arg->ch);
	return NULL;
}

int main(int argc, char **argv)
{
	struct coop_chan ch = { 0, 1 };
	struct poster_arg arg = { &ch, argc > 1 ? argv[1] : "" };
	pthread_t th;

	if (argc != 2) {
		fprintf(stderr, "usage: chan_jump MARK_PATH\n");
		return 2;
	}
	if (pthread_create(&th, NULL, poster, &arg))
		return 1;
	coop_chan_wait(&ch);
	pthread_join(th, NULL);
	printf("posted\n");
	return 0;
}
