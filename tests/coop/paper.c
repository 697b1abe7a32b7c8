/*
 * The worked example of the method (docs/design.md#cooperative-warps): three
 * stages, triple buffering, warp 0 produces, warp 1 consumes.  Producers
 * need buffers 0-10, 10-20, 20-30 (stage 1, i = 0..2), 15-30, 30-45, 45-60
 * (stage 2) and 0-50 (stage 3).  The producers are device jobs writing
 * index memory; each consumer records a checksum of what it read.
 */
#include <stdio.h>
#include <idxgen_coop.h>

COOP_WARPS(2);
COOP_DEVBUFFER(idx, 64);

static long result[7];

static void check(const struct coop_buf *b, long lo, long hi, long arg)
{
	long s = 0, i;

	for (i = lo; i < hi; i++)
		s = s * 31 + coop_buf_get(b, i) + 1;
	result[arg] = s;
}

void coop_main(void)
{
	for (int i = 0; i < 3; i++) {
		coop_dev_produce(0, &idx, 10 * i, 10 * i + 10, 1 + i * i);
		coop_consume(1, check, &idx, 10 * i, 10 * i + 10, i);
	}
	for (int j = 0; j < 3; j++) {
		coop_dev_produce(0, &idx, 15 * j + 15, 15 * j + 30, 5);
		coop_consume(1, check, &idx, 15 * j + 15, 15 * j + 30, 3 + j);
	}
	coop_dev_produce(0, &idx, 0, 50, 5);
	coop_consume(1, check, &idx, 0, 50, 6);
}

int main(void)
{
	coop_main();
	for (int k = 0; k < 7; k++)
		printf("c%d %ld\n", k + 1, result[k]);
	coop_shutdown();
	return 0;
}
