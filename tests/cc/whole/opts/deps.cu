// The driver options of build systems (whole.sh): -M/-MM/-MD/-MF/-MT/-odir
// list this file's header, -E expands its macros, --options-file gives the
// -D options below (built with -DDEPS_FACTOR=3 -DDEPS_WORDS='"a b"'), and
// nvcc -arch=sm_90 -c builds it with the same options.
#include <cstdio>
#include <cstring>
#include "deps_local.h"

#ifndef DEPS_FACTOR
#define DEPS_FACTOR 1
#endif
#ifndef DEPS_WORDS
#define DEPS_WORDS ""
#endif

__global__ void scale(int *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = DEPS_SCALE(v[i]);
}

int main()
{
	const int n = 100;
	int *v, ok = 1;
	cudaMallocManaged(&v, n * sizeof(int));
	for (int i = 0; i < n; i++)
		v[i] = i;
	scale<<<(n + 31) / 32, 32>>>(v, n);
	cudaDeviceSynchronize();
	for (int i = 0; i < n; i++)
		ok &= v[i] == 3 * i;
	ok &= strcmp(DEPS_WORDS, "a b") == 0;
	const char *marker = "DEPS_MARKER";	// -E keeps strings as they are
	(void)marker;
	cudaFree(v);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
