// A kernel may end a thread with `return f(...);`, f a void __device__
// function: the call runs, then the thread leaves.  Real code hands a kernel
// on to a template's instantiation this way (the CUDA Handbook's AddKernel:
// `switch (unroll) { case 1: return helper<1>(...); ... }`).  Loop fission
// wrote the return as the jump to the next thread alone and dropped the
// call: the kernel wrote nothing.  Each way a return is written here --
// inside a switch, as the guard at the top of a kernel, as the last
// statement of an `if` block, after a barrier, after a warp shuffle (whose
// lanes run in lockstep: dropped there too, under every model) -- must
// write what the host computes.
#include <cstdio>
#include <cuda_runtime.h>

template <int U>
__device__ void add_n(int *out, const int *in, int n, int inc)
{
	for (int i = U * blockIdx.x * blockDim.x + threadIdx.x; i < n; i += U * blockDim.x * gridDim.x)
		for (int u = 0; u < U; u++)
			if (i + u * (int)blockDim.x < n)
				out[i + u * blockDim.x] = in[i + u * blockDim.x] + inc;
}

__global__ void add_switch(int *out, const int *in, int n, int inc, int unroll)
{
	switch (unroll) {
	case 1: return add_n<1>(out, in, n, inc);
	case 2: return add_n<2>(out, in, n, inc);
	case 4: return add_n<4>(out, in, n, inc);
	}
}

__device__ void mark(int *flags, int i) { flags[i] = -1; }

// the guard: threads past n mark their slot in the spare tail, the others add
__global__ void add_guard(int *out, const int *in, int n, int *flags)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return mark(flags, i);
	out[i] = in[i] + 2;
}

// the last statement of an `if` block that returns
__global__ void add_odd(int *out, const int *in, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n && (i & 1)) {
		out[i] = in[i];
		return mark(out, i);
	}
	if (i < n)
		out[i] = in[i] * 3;
}

// after a barrier: a block sum, then thread 0 hands its store on
__device__ void store_sum(int *out, const int *s) { out[blockIdx.x] = s[0]; }

__global__ void block_sum(int *out, const int *in)
{
	__shared__ int s[128];

	s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
	__syncthreads();
	for (int w = blockDim.x / 2; w > 0; w /= 2) {
		if (threadIdx.x < w)
			s[threadIdx.x] += s[threadIdx.x + w];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		return store_sum(out, s);
}

// after a warp reduction: lane 0 hands its store on, the other lanes mark
__device__ void put(int *out, int v) { out[blockIdx.x * blockDim.x + threadIdx.x] = v; }

__global__ void warp_sum(int *out, const int *in)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i];

	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(0xffffffff, v, o);
	if ((threadIdx.x & 31) == 0)
		return put(out, v);
	out[i] = -1;
}

static int check(const char *what, const int *got, const int *want, int n)
{
	for (int i = 0; i < n; i++)
		if (got[i] != want[i]) {
			printf("%s: [%d] = %d, expected %d\n", what, i, got[i], want[i]);
			return 1;
		}
	return 0;
}

int main()
{
	const int n = 1000, tail = 1024;
	static int in[tail], want[tail], got[tail];
	int *d_in, *d_out, *d_flags, fails = 0;

	for (int i = 0; i < tail; i++)
		in[i] = (i * 37) % 101 - 50;
	cudaMalloc(&d_in, tail * sizeof(int));
	cudaMalloc(&d_out, tail * sizeof(int));
	cudaMalloc(&d_flags, tail * sizeof(int));
	cudaMemcpy(d_in, in, tail * sizeof(int), cudaMemcpyHostToDevice);

	for (int unroll = 1; unroll <= 4; unroll *= 2) {
		char what[32];

		cudaMemset(d_out, 0, tail * sizeof(int));
		add_switch<<<3, 64>>>(d_out, d_in, n, 0xcc, unroll);
		cudaMemcpy(got, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i++)
			want[i] = in[i] + 0xcc;
		snprintf(what, sizeof(what), "add_switch unroll %d", unroll);
		fails += check(what, got, want, n);
	}

	cudaMemset(d_out, 0, tail * sizeof(int));
	cudaMemset(d_flags, 0, tail * sizeof(int));
	add_guard<<<tail / 128, 128>>>(d_out, d_in, n, d_flags);
	cudaMemcpy(got, d_out, tail * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < tail; i++)
		want[i] = i < n ? in[i] + 2 : 0;
	fails += check("add_guard out", got, want, tail);
	cudaMemcpy(got, d_flags, tail * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < tail; i++)
		want[i] = i < n ? 0 : -1;
	fails += check("add_guard flags", got, want, tail);

	cudaMemset(d_out, 0, tail * sizeof(int));
	add_odd<<<tail / 128, 128>>>(d_out, d_in, n);
	cudaMemcpy(got, d_out, tail * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < tail; i++)
		want[i] = i >= n ? 0 : (i & 1) ? -1 : in[i] * 3;
	fails += check("add_odd", got, want, tail);

	block_sum<<<tail / 128, 128>>>(d_out, d_in);
	cudaMemcpy(got, d_out, tail / 128 * sizeof(int), cudaMemcpyDeviceToHost);
	for (int b = 0; b < tail / 128; b++) {
		want[b] = 0;
		for (int t = 0; t < 128; t++)
			want[b] += in[b * 128 + t];
	}
	fails += check("block_sum", got, want, tail / 128);

	warp_sum<<<tail / 128, 128>>>(d_out, d_in);
	cudaMemcpy(got, d_out, tail * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < tail; i++) {
		want[i] = i % 32 ? -1 : 0;
		for (int j = 0; i % 32 == 0 && j < 32; j++)
			want[i] += in[i + j];
	}
	fails += check("warp_sum", got, want, tail);

	cudaError_t err = cudaDeviceSynchronize();
	if (err != cudaSuccess) {
		printf("error: %s\n", cudaGetErrorString(err));
		fails++;
	}
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFree(d_flags);
	printf("%d passed, %d failed\n", 8 - fails, fails);
	printf(fails ? "FAIL\n" : "PASS\n");
	return fails != 0;
}
