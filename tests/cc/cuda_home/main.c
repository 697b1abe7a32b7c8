/* The C half (gcc): inputs, the call into the .cu file, the check. */
#include <math.h>
#include <stdio.h>

int scale_on_device(float *y, const float *x, float a, int n);
int driver_api_ready(void);

#define N 1000

int main(void)
{
	static float x[N], y[N];
	int i, bad = 0;

	for (i = 0; i < N; i++) {
		x[i] = (float)i;
		y[i] = (float)(N - i);
	}
	if (!driver_api_ready() || scale_on_device(y, x, 2.0f, N)) {
		printf("the CUDA calls failed\nFAIL\n");
		return 1;
	}
	for (i = 0; i < N; i++)
		if (fabsf(y[i] - (2.0f * (float)i + (float)(N - i))) > 1e-3f && bad++ < 5)
			printf("y[%d] = %f\n", i, y[i]);
	printf("%d of %d wrong\n%s\n", bad, N, bad ? "FAIL" : "PASS");
	return bad != 0;
}
