// The unrolled last warp of a block reduction over volatile shared memory,
// written for lanes in lock step (issue 40; lib/cc/warp_volatile.c runs it
// by the block's leader, one ascending loop over the lanes per statement).
// Blocks of 256, 96, 48 and 16 threads (one row: the lanes are the first
// min(32, blockDim.x) threads), and the SDK's template form at 16 and 64
// threads (each step under `if (BS >= 2k)`); every element the tail touches is
// compared bit for bit with a host model of the lock step written apart:
// at each statement every lane reads, then every lane writes.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define S 320	// elements of each block's array: the tail reads up to 31 + 32 + the widest k

__device__ void last_warp(volatile int *sm, unsigned t)
{
	sm[t] += sm[t + 32];
	sm[t] += sm[t + 16];
	sm[t] = sm[t] ^ sm[t + 8];
	sm[t] += sm[t + 4];
	sm[t] -= sm[t + 2];
	sm[t] += sm[t + 1];
}

// the SDK's form: each step under a condition on the block size
template <unsigned BS> __device__ void last_warp_t(volatile float *sm, unsigned t)
{
	if (BS >= 64)
		sm[t] += sm[t + 32];
	if (BS >= 32)
		sm[t] += sm[t + 16];
	if (BS >= 16)
		sm[t] += sm[t + 8];
	if (BS >= 8)
		sm[t] += sm[t + 4];
	if (BS >= 4)
		sm[t] += sm[t + 2];
	if (BS >= 2)
		sm[t] += sm[t + 1];
}

template <unsigned BS> __global__ void template_tail(const float *in, float *out)
{
	__shared__ float s[S];
	unsigned t = threadIdx.x;

	for (unsigned i = t; i < S; i += BS)
		s[i] = in[blockIdx.x * S + i];
	__syncthreads();
	if (t < 32)
		last_warp_t<BS>(s, t);
	__syncthreads();
	for (unsigned i = t; i < S; i += BS)
		out[blockIdx.x * S + i] = s[i];
}

// every element of s from the input, a block tree down to 64, then the tail
__global__ void float_tail(const float *in, float *out)
{
	__shared__ float s[S];
	unsigned tid = threadIdx.x;

	for (unsigned i = tid; i < S; i += blockDim.x)
		s[i] = in[blockIdx.x * S + i];
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
		v[tid] *= v[tid + 8];
		v[tid] = v[tid] + v[tid + 4];
		v[tid] += v[tid + 2];
		v[tid] = v[tid] + v[tid + 1];
	}
	__syncthreads();
	for (unsigned i = tid; i < S; i += blockDim.x)
		out[blockIdx.x * S + i] = s[i];
}

__global__ void int_tail(const int *in, int *out)
{
	__shared__ int s[S];

	for (unsigned i = threadIdx.x; i < S; i += blockDim.x)
		s[i] = in[blockIdx.x * S + i];
	__syncthreads();
	if (threadIdx.x < 32)
		last_warp(s, threadIdx.x);
	__syncthreads();
	for (unsigned i = threadIdx.x; i < S; i += blockDim.x)
		out[blockIdx.x * S + i] = s[i];
}

// the host's lock step: lanes t < n, each statement read by all, then written
template <typename T> static void step(T *s, unsigned n, unsigned k, char op)
{
	T r[32];

	for (unsigned t = 0; t < n; t++)
		r[t] = op == '+' ? s[t] + s[t + k] : op == '*' ? s[t] * s[t + k] : op == '-' ? s[t] - s[t + k] : (T)0;
	for (unsigned t = 0; t < n; t++)
		s[t] = r[t];
}

static void int_step_xor(int *s, unsigned n, unsigned k)
{
	int r[32];

	for (unsigned t = 0; t < n; t++)
		r[t] = s[t] ^ s[t + k];
	for (unsigned t = 0; t < n; t++)
		s[t] = r[t];
}

static void float_model(float *s, unsigned bdx)
{
	unsigned n = bdx < 32 ? bdx : 32;

	for (unsigned k = bdx / 2; k > 32; k >>= 1)	// the barrier tree: lanes apart, no order needed
		for (unsigned t = 0; t < k; t++)
			s[t] = s[t] + s[t + k];
	step(s, n, 32, '+');
	step(s, n, 16, '+');
	step(s, n, 8, '*');
	step(s, n, 4, '+');
	step(s, n, 2, '+');
	step(s, n, 1, '+');
}

static void template_model(float *s, unsigned bs)
{
	unsigned n = bs < 32 ? bs : 32;

	for (unsigned k = 32; k > 0; k >>= 1)
		if (bs >= 2 * k)
			step(s, n, k, '+');
}

static void int_model(int *s, unsigned bdx)
{
	unsigned n = bdx < 32 ? bdx : 32;

	step(s, n, 32, '+');
	step(s, n, 16, '+');
	int_step_xor(s, n, 8);
	step(s, n, 4, '+');
	step(s, n, 2, '-');
	step(s, n, 1, '+');
}

int main()
{
	const int G = 5;
	const unsigned shapes[] = { 256, 96, 48, 16 };
	static float fin[G * S], fout[G * S], fwant[G * S];
	static int in[G * S], out[G * S], want[G * S];
	float *dfin, *dfout;
	int *din, *dout;
	int bad = 0, checked = 0;

	for (int i = 0; i < G * S; i++) {
		fin[i] = 1.0f / (float)(i % 89 + 1) + (float)(i % 7) * 1e3f;
		in[i] = (i * 7919) % 2003 - 1000;
	}
	cudaMalloc(&dfin, sizeof(fin));
	cudaMalloc(&dfout, sizeof(fout));
	cudaMalloc(&din, sizeof(in));
	cudaMalloc(&dout, sizeof(out));
	cudaMemcpy(dfin, fin, sizeof(fin), cudaMemcpyHostToDevice);
	cudaMemcpy(din, in, sizeof(in), cudaMemcpyHostToDevice);
	for (unsigned sh = 0; sh < sizeof(shapes) / sizeof(shapes[0]); sh++) {
		unsigned bdx = shapes[sh];

		float_tail<<<G, bdx>>>(dfin, dfout);
		int_tail<<<G, bdx>>>(din, dout);
		if (cudaDeviceSynchronize() != cudaSuccess) {
			printf("block of %u: launch failed\n", bdx);
			bad++;
			continue;
		}
		cudaMemcpy(fout, dfout, sizeof(fout), cudaMemcpyDeviceToHost);
		cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost);
		memcpy(fwant, fin, sizeof(fin));
		memcpy(want, in, sizeof(in));
		for (int b = 0; b < G; b++) {
			float_model(fwant + b * S, bdx);
			int_model(want + b * S, bdx);
		}
		for (int i = 0; i < G * S; i++) {
			checked += 2;
			if (memcmp(&fout[i], &fwant[i], sizeof(float))) {
				if (bad++ < 8)
					printf("float, block of %u, element %d: %a, want %a\n", bdx, i, fout[i], fwant[i]);
			}
			if (out[i] != want[i]) {
				if (bad++ < 8)
					printf("int, block of %u, element %d: %d, want %d\n", bdx, i, out[i], want[i]);
			}
		}
	}
	for (unsigned bs = 16; bs <= 64; bs *= 4) {	// the template at 16 and 64 threads
		if (bs == 16)
			template_tail<16><<<G, 16>>>(dfin, dfout);
		else
			template_tail<64><<<G, 64>>>(dfin, dfout);
		if (cudaDeviceSynchronize() != cudaSuccess) {
			printf("template block of %u: launch failed\n", bs);
			bad++;
			continue;
		}
		cudaMemcpy(fout, dfout, sizeof(fout), cudaMemcpyDeviceToHost);
		memcpy(fwant, fin, sizeof(fin));
		for (int b = 0; b < G; b++)
			template_model(fwant + b * S, bs);
		for (int i = 0; i < G * S; i++) {
			checked++;
			if (memcmp(&fout[i], &fwant[i], sizeof(float)) && bad++ < 8)
				printf("template, block of %u, element %d: %a, want %a\n", bs, i, fout[i], fwant[i]);
		}
	}
	cudaFree(dfin);
	cudaFree(dfout);
	cudaFree(din);
	cudaFree(dout);
	printf("%d checked, %d wrong\n", checked, bad);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
