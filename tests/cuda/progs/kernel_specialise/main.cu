// Explicit specialisations of a kernel template defined in a header
// (axpb_kernels.cuh), each launched through a host template: the generic
// kernel for int, the float and double specialisations. Each version leaves
// its own mark (the tag) and its results are checked against the host.
#include <cstdio>
#include <cuda_runtime.h>

#include "axpb_kernels.cuh"

template <typename T> static int check(const char *name, int per_thread, int want_tag, T bias)
{
	const int n = 1000;
	T *x, *y;
	int bad = 0;

	cudaMallocManaged(&x, n * sizeof(T));
	cudaMallocManaged(&y, n * sizeof(T));
	for (int i = 0; i < n; i++) {
		x[i] = (T)(i % 50);
		y[i] = (T)-1;
	}
	int tag = run_axpb<T>(x, y, (T)3, (T)2, n, per_thread);
	cudaDeviceSynchronize();
	for (int i = 0; i < n; i++)
		if (y[i] != (T)3 * x[i] + bias && bad++ < 3)
			printf("%s: y[%d] = %g, expected %g\n", name, i, (double)y[i], (double)((T)3 * x[i] + bias));
	if (tag != want_tag) {
		printf("%s: tag %d, expected %d (the wrong version ran)\n", name, tag, want_tag);
		bad++;
	}
	cudaFree(x);
	cudaFree(y);
	return bad;
}

int main()
{
	int bad = check<int>("int (generic, helper specialised)", 1, 1, 3);

	bad += check<float>("float (specialised)", 1, 1000, 2.0f);
	bad += check<double>("double (specialised)", 2, 2, 2.0);
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
