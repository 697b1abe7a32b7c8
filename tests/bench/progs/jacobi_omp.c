/* The OpenMP twin of jacobi.cu: the same sweeps, `#pragma omp parallel for`
 * over the rows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void)
{
	const int w = 2048, h = 1024, sweeps = 40;
	size_t bytes = (size_t)w * h * sizeof(int);
	int *g0 = malloc(bytes), *g1 = malloc(bytes);
	long long total = 0;

	for (int i = 0; i < w * h; i++)
		g0[i] = (int)((i * 2654435761u) >> 20);
	memcpy(g1, g0, bytes);
	for (int s = 0; s < sweeps; s++) {
#pragma omp parallel for
		for (int y = 1; y < h - 1; y++)
			for (int x = 1; x < w - 1; x++)
				g1[y * w + x] = (g0[y * w + x - 1] + g0[y * w + x + 1] + g0[(y - 1) * w + x] +
						 g0[(y + 1) * w + x]) / 4;
		int *t = g0;

		g0 = g1;
		g1 = t;
	}
	for (int i = 0; i < w * h; i++)
		total += g0[i];
	printf("checksum %lld\n", total);
	free(g0);
	free(g1);
	return 0;
}
