// expect: 5:41: error: a kernel parameter pack is translated only as the last parameter, a pack of values ('Ts... refs')
#include <cuda_runtime.h>

template <typename... Ts>
__global__ void touch_all(int n, Ts &...refs)
{
	if (threadIdx.x < n) {
		int done[] = { 0, (refs = Ts(), 0)... };
		(void)done;
	}
}

int main()
{
	int a = 0;
	touch_all<<<1, 32>>>(1, a);
	return 0;
}
