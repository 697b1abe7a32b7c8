/*
 * coop_pipeline.c - the cooperative-warps benchmark program (tests/bench/coop.mk).
 *
 * A device-producer / CPU-consumer pipeline: 48 device jobs, each writing one
 * 64x64 block (4096 16-bit words) into one of three slots of index memory
 * (triple buffering), each followed by two CPU consumers that checksum the
 * slot's halves.  Warp 0 produces, warp 1 consumes.  Compiled as is it runs
 * sequentially; idxgen-coop makes the consumer of slot k overlap with the
 * production of the next slots.
 */
#include <stdio.h>
#include <idxgen_coop.h>

#define SLOT  4096
#define JOBS  48
#define ROUND 8

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

int main(void)
{
	long s = 0;

	coop_main();
	for (int k = 0; k < 2 * JOBS; k++)
		s = s * 7 + result[k];
	printf("checksum %ld\n", s);
	coop_shutdown();
	return 0;
}
