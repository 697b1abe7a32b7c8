// Inline PTX "trap;" is how much CUDA code stops a kernel that found its
// input broken (a guard macro, a bounds check in a container's accessor):
// on CUDA it is __trap(), the launch fails with cudaErrorLaunchFailure, a
// sticky error.  idxgen-cc refused the asm before (PTX cannot run on a CPU);
// now that one instruction is __trap() (lib/cc/asm_sreg.c).  Three forms,
// none reached first (results checked against the host), then a guard that
// fires: the launch fails and later calls return the error.
#include <cstdio>
#include <cuda_runtime.h>

#define DEVICE_CHECK(cond)                                                  \
	do {                                                                \
		if (!(cond)) {                                              \
			printf("check failed: %s\n", #cond);                \
			asm("trap;");                                       \
		}                                                           \
	} while (0)

__device__ int checked_at(const int *a, int i, int n)
{
	if (i < 0 || i >= n)
		asm volatile("trap;");
	return a[i];
}

__global__ void gather(const int *src, const int *idx, int *dst, int n, int m)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	if (t >= m)
		return;
	DEVICE_CHECK(idx[t] != -1);
	dst[t] = checked_at(src, idx[t], n);
	if (dst[t] < 0)
		__asm__ __volatile__("trap;" ::: "memory");
}

static int failures;

static void expect(const char *what, cudaError_t got, cudaError_t want)
{
	if (got != want) {
		printf("%s: %s, expected %s\n", what, cudaGetErrorName(got), cudaGetErrorName(want));
		failures++;
	}
}

int main()
{
	const int n = 300, m = 256;
	int *src, *idx, *dst;
	cudaMallocManaged(&src, n * sizeof(int));
	cudaMallocManaged(&idx, m * sizeof(int));
	cudaMallocManaged(&dst, m * sizeof(int));
	for (int i = 0; i < n; i++)
		src[i] = 3 * i + 1;
	for (int t = 0; t < m; t++)
		idx[t] = (t * 37) % n;

	gather<<<(m + 127) / 128, 128>>>(src, idx, dst, n, m);
	expect("gather in bounds", cudaDeviceSynchronize(), cudaSuccess);
	for (int t = 0; t < m; t++)
		if (dst[t] != 3 * ((t * 37) % n) + 1) {
			printf("dst[%d] = %d\n", t, dst[t]);
			failures++;
		}

	idx[77] = -1;	/* the guard macro's trap */
	gather<<<(m + 127) / 128, 128>>>(src, idx, dst, n, m);
	expect("gather with a bad index", cudaDeviceSynchronize(), cudaErrorLaunchFailure);
	expect("cudaGetLastError after", cudaGetLastError(), cudaErrorLaunchFailure);
	expect("cudaMemset after", cudaMemset(dst, 0, sizeof(int)), cudaErrorLaunchFailure);

	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}
