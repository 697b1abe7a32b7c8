// Warp-synchronous reductions over volatile shared memory (issue 40): the
// last warp of a block sum written the way tutorials and older SDK samples
// write it, where each statement relies on the 32 threads of the warp
// reading before any of them writes.  Run one thread after another, these
// sums came out wrong (thread 16 adds into s[16] before thread 0 reads it).
// Four forms: a __device__ function over a volatile pointer and the same
// inline under `if (tid < 32)` (both run by the block's leader under loop
// fission, lib/cc/warp_volatile.c), a template unrolled by block size and
// the chained `s[t] = sum = sum + s[t + k]` (fibers).  Each float result is
// compared bit for bit with the host's
// lockstep model of the same tree; the integer ones with the plain sum.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define B 256

__device__ void warp_reduce(volatile int *s, unsigned tid)
{
	s[tid] += s[tid + 32];
	s[tid] += s[tid + 16];
	s[tid] += s[tid + 8];
	s[tid] += s[tid + 4];
	s[tid] += s[tid + 2];
	s[tid] += s[tid + 1];
}

__global__ void sum_device_fn(const int *in, int *out)
{
	__shared__ int s[B];
	unsigned tid = threadIdx.x;

	s[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 32; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	if (tid < 32)
		warp_reduce(s, tid);
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

__global__ void sum_inline(const float *in, float *out)
{
	__shared__ float s[B];
	unsigned tid = threadIdx.x;

	s[tid] = in[blockIdx.x * blockDim.x + tid];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 32; k >>= 1) {
		if (tid < k)
			s[tid] = s[tid] + s[tid + k];
		__syncthreads();
	}
	if (tid < 32) {
		volatile float *v = s;

		v[tid] = v[tid] + v[tid + 32];
		v[tid] = v[tid] + v[tid + 16];
		v[tid] = v[tid] + v[tid + 8];
		v[tid] = v[tid] + v[tid + 4];
		v[tid] = v[tid] + v[tid + 2];
		v[tid] = v[tid] + v[tid + 1];
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

template <unsigned block> __device__ void warp_reduce_t(volatile int *s, unsigned tid)
{
	if (block >= 64)
		s[tid] += s[tid + 32];
	if (block >= 32)
		s[tid] += s[tid + 16];
	if (block >= 16)
		s[tid] += s[tid + 8];
	if (block >= 8)
		s[tid] += s[tid + 4];
	if (block >= 4)
		s[tid] += s[tid + 2];
	if (block >= 2)
		s[tid] += s[tid + 1];
}

template <unsigned block> __global__ void sum_template(const int *in, int *out)
{
	__shared__ int s[block];
	unsigned tid = threadIdx.x;

	s[tid] = in[blockIdx.x * block + tid] + in[blockIdx.x * block + tid];
	__syncthreads();
	if (block >= 256) {
		if (tid < 128)
			s[tid] += s[tid + 128];
		__syncthreads();
	}
	if (block >= 128) {
		if (tid < 64)
			s[tid] += s[tid + 64];
		__syncthreads();
	}
	if (tid < 32)
		warp_reduce_t<block>(s, tid);
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

__global__ void sum_chained(const float *in, float *out)
{
	__shared__ float s[B];
	unsigned tid = threadIdx.x;
	float sum = in[blockIdx.x * blockDim.x + tid];

	s[tid] = sum;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 32; k >>= 1) {
		if (tid < k)
			s[tid] = sum = sum + s[tid + k];
		__syncthreads();
	}
	if (tid < 32) {
		volatile float *v = s;

		v[tid] = sum = sum + v[tid + 32];
		v[tid] = sum = sum + v[tid + 16];
		v[tid] = sum = sum + v[tid + 8];
		v[tid] = sum = sum + v[tid + 4];
		v[tid] = sum = sum + v[tid + 2];
		v[tid] = sum = sum + v[tid + 1];
	}
	if (tid == 0)
		out[blockIdx.x] = sum;
}

// The tree as a warp runs it: at each level every thread below k reads its
// partner's value from before the level, then writes.
static float lockstep_sum(const float *in)
{
	float s[B], t[B];

	memcpy(s, in, sizeof(s));
	for (unsigned k = B / 2; k > 0; k >>= 1) {
		for (unsigned i = 0; i < k; i++)
			t[i] = s[i] + s[i + k];
		memcpy(s, t, k * sizeof(float));
	}
	return s[0];
}

int main()
{
	const int G = 6;
	static int in[G * B], out[G];
	static float fin[G * B], fout[G];
	int *din, *dout;
	float *dfin, *dfout;
	bool ok = true;

	for (int i = 0; i < G * B; i++) {
		in[i] = (i * 37) % 101 - 50;
		fin[i] = 1.0f / (float)(i % 97 + 1) + (float)(i % 13) * 1e4f;
	}
	cudaMalloc(&din, sizeof(in));
	cudaMalloc(&dout, sizeof(out));
	cudaMalloc(&dfin, sizeof(fin));
	cudaMalloc(&dfout, sizeof(fout));
	cudaMemcpy(din, in, sizeof(in), cudaMemcpyHostToDevice);
	cudaMemcpy(dfin, fin, sizeof(fin), cudaMemcpyHostToDevice);
	for (int form = 0; form < 4; form++) {
		if (form == 0)
			sum_device_fn<<<G, B>>>(din, dout);
		else if (form == 1)
			sum_inline<<<G, B>>>(dfin, dfout);
		else if (form == 2)
			sum_template<B><<<G, B>>>(din, dout);
		else
			sum_chained<<<G, B>>>(dfin, dfout);
		cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost);
		cudaMemcpy(fout, dfout, sizeof(fout), cudaMemcpyDeviceToHost);
		for (int b = 0; b < G; b++) {
			int want = 0;
			float fwant = lockstep_sum(fin + b * B);
			bool good;

			for (int t = 0; t < B; t++)
				want += in[b * B + t];
			if (form == 2)
				want *= 2;
			good = form == 1 || form == 3 ? memcmp(&fout[b], &fwant, sizeof(float)) == 0 : out[b] == want;
			if (!good)
				printf("form %d block %d: %g, want %g\n", form, b,
				       form == 1 || form == 3 ? (double)fout[b] : (double)out[b],
				       form == 1 || form == 3 ? (double)fwant : (double)want);
			ok &= good;
		}
	}
	cudaFree(din);
	cudaFree(dout);
	cudaFree(dfin);
	cudaFree(dfout);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return !ok;
}
