// A warp-synchronous read of another lane's __shared__ element (no barrier
// between the store and the read) in a loop led by "#pragma unroll", in a
// kernel that runs as fibers (HeCBench ssm's scan kernel): the lanes meet
// before the loop (__idxgen_cc_lockstep()), and the call was written on the
// pragma's line ("__idxgen_cc_lockstep(); #pragma unroll"): C++ that does
// not compile, an internal error (issue 38).  Checked on the host.
#include <cstdio>

__global__ void pair_swap(const int *in, int *out, int *done)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	if (in[t] < 0)
		return;
	s[t] = in[t];
#pragma unroll
	for (int i = 0; i < 2; i++)
		out[t * 2 + i] = s[t ^ 1] + i;
	__syncthreads();
	if (t == 0)
		*done = 1;
}

int main()
{
	int *in, *out, *done;
	cudaMallocManaged(&in, 64 * sizeof(int));
	cudaMallocManaged(&out, 128 * sizeof(int));
	cudaMallocManaged(&done, sizeof(int));
	for (int i = 0; i < 64; i++)
		in[i] = i * 3;
	*done = 0;
	pair_swap<<<1, 64>>>(in, out, done);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL: launch\n");
		return 1;
	}
	int bad = *done != 1;
	for (int t = 0; t < 64; t++)
		for (int i = 0; i < 2; i++)
			bad += out[t * 2 + i] != (t ^ 1) * 3 + i;
	printf("%d wrong\n%s\n", bad, bad ? "FAIL" : "PASS");
	return bad != 0;
}
