// expect: 16:4: error: dynamic parallelism (launching or referencing kernel 'sort_part' from device code) is not supported
// An overloaded kernel launching itself (NVIDIA's cdpAdvancedQuicksort
// declares one overload in its header and defines another): clang cannot
// resolve the launch from device code and its "no matching function for
// call to 'sort_part'" came first; the refusal of dynamic parallelism now.
#include <cuda_runtime.h>

__global__ void sort_part(unsigned *data, unsigned len);

__global__ void sort_part(unsigned *data, unsigned offset, unsigned len)
{
	if (len > 1 && threadIdx.x == 0) {
		unsigned half = len / 2;

		if (half > 1)
			sort_part<<<1, 32>>>(data, offset + half, len - half);
	}
}

int main()
{
	sort_part<<<1, 32>>>(nullptr, 0, 64);
	return 0;
}
