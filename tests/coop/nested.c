/*
 * Loop forms and substitution: nested loops whose bounds use the outer
 * variable, <=, +=, macros and enums in bounds, a loop variable used many
 * times in one call, a loop variable (i) whose name is a prefix of another
 * (ii), warps computed from the loop variable; coop_main() run twice.
 */
#include <stdio.h>
#include <idxgen_coop.h>

#define W 4
enum { STEP = 2 };
COOP_WARPS(3);
COOP_BUFFER(buf, 64);

static int32_t table[256];
static long result[64];

static void sum(const struct coop_buf *b, long lo, long hi, long arg)
{
	long s = 0;

	for (long i = lo; i < hi; i++)
		s = s * 31 + coop_buf_get(b, i);
	result[arg] = s;
}

void coop_main(void)
{
	for (int i = 0; i <= 3; i += 1)
		for (int ii = 0; ii < i + 1; ii++)
			coop_copy(0, &buf, i * 16 + ii * W, i * 16 + ii * W + W,
				  table + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i + i +
					  i + i + i + i + i + i + i + i + i + i + i + i + i + i + ii);
	for (int k = 0; k < 8; k += STEP) {
		coop_consume(1 + k % 2 + (k / STEP) % 2, sum, &buf, k * 8, k * 8 + 4, k);
		coop_copy(0, &buf, k * 8, k * 8 + 4, table + 100 + k);
		coop_consume(2, sum, &buf, k * 8, k * 8 + 4, k + 1);
	}
}

/* Twice, with other input: the generated coop_main() must be reusable. */
int main(void)
{
	for (int run = 0; run < 2; run++) {
		for (int k = 0; k < 256; k++)
			table[k] = k * k + 3 + run * 1000;
		coop_main();
		for (int k = 0; k < 8; k++)
			printf("%d %d %ld\n", run, k, result[k]);
	}
	return 0;
}
