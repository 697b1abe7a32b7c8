/* The OpenMP twin of dot.cu, written the way benchmark suites write their
 * OpenMP versions: one loop under `#pragma omp parallel for reduction`. */
#include <stdio.h>
#include <stdlib.h>

int main(void)
{
	const int n = 1 << 22, reps = 20;
	double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double)), total = 0;

	for (int i = 0; i < n; i++) {
		a[i] = i % 7;
		b[i] = i % 5;
	}
	for (int r = 0; r < reps; r++) {
		double sum = 0;

#pragma omp parallel for reduction(+ : sum)
		for (int i = 0; i < n; i++)
			sum += a[i] * b[i];
		total += sum;
	}
	printf("checksum %.0f\n", total);
	free(a);
	free(b);
	return 0;
}
