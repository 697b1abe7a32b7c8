/*
 * coop_pipeline.c - the cooperative-warps benchmark program (tests/bench/coop.mk).
 *
 * A device-producer / CPU-consumer pipeline: 96 device jobs, each writing one
 * 64x64 block (4096 16-bit words) into one of three slots of index memory
 * (triple buffering), each followed by two CPU consumers that checksum the
 * slot's halves.  Warp 0 produces, warp 1 consumes.  Compiled as is it runs
 * sequentially; idxgen-coop makes the consumer of slot k overlap with the
 * production of the next slots.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <time.h>
#include <idxgen_coop.h>

#define SLOT  4096
#define JOBS  96
#ifndef ROUND
#define ROUND 8
#endif

COOP_WARPS(2);
COOP_DEVBUFFER(idx, 3 * SLOT);

static long result[2 * JOBS];

static void check(const struct coop_buf *b, long lo, long hi, long arg)
{
	long s = 0, r, i;

	for (r = 0; r < ROUND; r++)
		for (i = lo; i < hi; i++)
			s = s * 31 + coop_buf_get(b, i) + r;
	result[arg] = s;
}

void coop_main(void)
{
	for (int i = 0; i < JOBS; i++) {
		coop_dev_produce(0, &idx, i % 3 * SLOT, (i % 3 + 1) * SLOT, 64 - (i & 1) * 32);
		coop_consume(1, check, &idx, i % 3 * SLOT, i % 3 * SLOT + SLOT / 2, 2 * i);
		coop_consume(1, check, &idx, i % 3 * SLOT + SLOT / 2, (i % 3 + 1) * SLOT, 2 * i + 1);
	}
}

/* Prints the checksum on stdout and coop_main()'s time on stderr. */
int main(void)
{
	struct timespec t0, t1;
	long s = 0;

	/* Open the device and map the buffer first: not part of the pipeline. */
	coop_dev_produce(0, &idx, 0, 64, 64);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	coop_main();
	clock_gettime(CLOCK_MONOTONIC, &t1);
	fprintf(stderr, "%lld\n",
		(long long)(t1.tv_sec - t0.tv_sec) * 1000000000 + (t1.tv_nsec - t0.tv_nsec));
	for (int k = 0; k < 2 * JOBS; k++)
		s = s * 7 + result[k];
	printf("checksum %ld\n", s);
	coop_shutdown();
	return 0;
}
