// An overloaded kernel launching itself (NVIDIA's cdpAdvancedQuicksort
// declares one overload in its header and defines another).  Clang resolves
// no kernel named in a kernel (it has no dynamic parallelism): its "no
// matching function for call to 'mark_part'" used to stop the build, then
// the refusal of dynamic parallelism did; now the launch calls the stub of
// the overload its arguments choose, and every element is marked once, by a
// grid one level below the one that split its range.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void mark_part(unsigned *data, unsigned len);

__global__ void mark_part(unsigned *data, unsigned offset, unsigned len, unsigned depth)
{
	if (threadIdx.x != 0)
		return;
	if (len == 1) {
		data[offset] = offset * 3 + 1 + 1000 * depth;
		return;
	}
	unsigned half = len / 2;

	mark_part<<<1, 32>>>(data, offset, half, depth + 1);
	mark_part<<<1, 32>>>(data, offset + half, len - half, depth + 1);
}

int main()
{
	const unsigned n = 64;	/* a power of two: every leaf 6 levels down */
	unsigned *d, h[n];
	int bad = 0;

	cudaMalloc(&d, n * sizeof(unsigned));
	cudaMemset(d, 0, n * sizeof(unsigned));
	mark_part<<<1, 32>>>(d, 0, n, 0);
	if (cudaDeviceSynchronize() != cudaSuccess)
		return printf("FAIL\n"), 1;
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (unsigned i = 0; i < n; i++)
		bad += h[i] != i * 3 + 1 + 6000;
	printf("%d of %u wrong\n%s\n", bad, n, bad ? "FAIL" : "PASS");
	return bad != 0;
}
