/* The OpenMP twin of vecsum.cu, written the way benchmark suites write their
 * OpenMP versions: the same loops, `#pragma omp parallel for` on the host. */
#include <stdio.h>
#include <stdlib.h>

#define B 256

int main(void)
{
	const int n = 1 << 23, g = (n + B - 1) / B, reps = 20;
	int *a = malloc(n * sizeof(int)), *b = malloc(n * sizeof(int)), *c = malloc(n * sizeof(int));
	int *part = malloc(g * sizeof(int));
	long long total = 0;

	for (int i = 0; i < n; i++) {
		a[i] = i % 1000;
		b[i] = (i * 7) % 1000;
	}
	for (int r = 0; r < reps; r++) {
#pragma omp parallel for
		for (int i = 0; i < n; i++)
			c[i] = a[i] + b[i];
#pragma omp parallel for
		for (int bl = 0; bl < g; bl++) {
			int s = 0;

			for (int t = bl * B; t < (bl + 1) * B && t < n; t++)
				s += c[t];
			part[bl] = s;
		}
	}
	for (int i = 0; i < g; i++)
		total += part[i];
	printf("checksum %lld\n", total);
	free(a);
	free(b);
	free(c);
	free(part);
	return 0;
}
