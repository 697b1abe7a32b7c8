/* The OpenMP twin of count.cu, written the way benchmark suites write their
 * OpenMP versions: the same loops, `#pragma omp parallel for` with a
 * reduction on the host. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	const int n = 1 << 22, reps = 20;
	int *x = malloc(n * sizeof(int));
	unsigned count = 0;
	unsigned long long total = 0;

	for (int i = 0; i < n; i++)
		x[i] = (int)((i * 2654435761u) % 1000u);
	for (int r = 0; r < reps; r++) {
		const int t = 100 + r;

#pragma omp parallel for reduction(+ : count)
		for (int i = 0; i < n; i++)
			if (x[i] > t)
				count++;
#pragma omp parallel for reduction(+ : total)
		for (int i = 0; i < n; i++)
			total += (unsigned long long)x[i];
	}
	printf("checksum %u %llu\n", count, total);
	free(x);
	return 0;
}
