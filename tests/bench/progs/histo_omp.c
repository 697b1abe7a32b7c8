/* The OpenMP twin of histo.cu, written the way benchmark suites write their
 * OpenMP versions: the same byte loop under `#pragma omp parallel for`,
 * an array reduction over the bins. */
#include <stdio.h>
#include <stdlib.h>

#define BINS 256

int main(void)
{
	const long size = 1L << 24;
	const int reps = 10;
	unsigned char *buf = malloc(size);
	unsigned int histo[BINS] = { 0 };
	unsigned long long check = 0;

	for (long i = 0; i < size; i++)
		buf[i] = (unsigned char)((i * 2654435761u) >> 13);
	for (int r = 0; r < reps; r++) {
#pragma omp parallel for reduction(+ : histo[:BINS])
		for (long i = 0; i < size; i++)
			histo[buf[i]]++;
	}
	for (int b = 0; b < BINS; b++)
		check += (unsigned long long)histo[b] * (b + 1);
	printf("checksum %llu\n", check);
	free(buf);
	return 0;
}
