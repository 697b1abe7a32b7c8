// A call of a __device__ function that only computes (lib/cc/pure_call.c)
// does not depend on the thread when its arguments do not: the declaration
// runs once per block and its value may control a loop with barriers.  A
// call that reads memory stays each thread's own.
__device__ int div_up(int a, int b)
{
	return (a + b - 1) / b;
}

__device__ int load(const int *p, int i)
{
	return p[i];
}

__global__ void tiles_k(int *out, const int *in, int n)
{
	__shared__ int tile[64];
	int acc = load(in, (int)threadIdx.x);
	int tiles = div_up(n, (int)blockDim.x);

	for (int t = 0; t < tiles; t++) {
		tile[threadIdx.x] = in[t * (int)blockDim.x + (int)threadIdx.x];
		__syncthreads();
		acc += tile[(threadIdx.x + 1u) % blockDim.x];
		__syncthreads();
	}
	out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// PLAN: kernel tiles_k: {{.*}} 2 barrier(s)
// PLAN: once per block: line 19 (a declaration that does not depend on the thread)
// PLAN: for containing barriers: lines 21-26, once per block (its conditions are uniform)
// PLAN: acc (line 18, different in each thread): promoted
// PLAN: tiles (line 19, the same in every thread): per block (uniform)
// CHECK: tiles = div_up(n, (int)blockDim.x);
