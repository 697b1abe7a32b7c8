// The unrolled last warp of a block reduction over volatile shared memory
// (`if (threadIdx.x < 32) { v[t] += v[t + 32]; ... }`) in 2-D blocks whose
// rows are not whole warps, as image kernels sized by a row width launch it.
// lib/cc/warp_volatile.c runs the tail by the block's leader, a warp at a
// time; blocks of 16 x 2 and the like stopped at the launch with a named
// error before issue 38's thirteenth session.  On a GPU the lanes (x, y) and
// (x, y + 1) of one warp read the same elements and store the same value:
// 16 x 2, 8 x 4, 4 x 2 x 4, 12 x 2 and 8 x 2 are one warp each, so the result
// is the lock step of threadIdx.x 0 .. blockDim.x - 1 (shapes with two warps
// that run the tail race on a GPU: none here).  Every element of the block's
// array is compared bit for bit with a host model of the lock step written
// apart: at each statement every lane of the warp reads, then every lane
// writes.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define S 160 // elements of each block's array: the tail reads up to 31 + 32 + 16 + ...

__device__ void last_warp(volatile int *sm, unsigned t)
{
	sm[t] += sm[t + 32];
	sm[t] += sm[t + 16];
	sm[t] = sm[t] ^ sm[t + 8];
	sm[t] += sm[t + 4];
	sm[t] -= sm[t + 2];
	sm[t] += sm[t + 1];
}

__global__ void int_rows(const int *in, int *out)
{
	__shared__ int s[S];
	unsigned lin = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	unsigned nt = blockDim.x * blockDim.y * blockDim.z;

	for (unsigned i = lin; i < S; i += nt)
		s[i] = in[blockIdx.x * S + i];
	__syncthreads();
	if (threadIdx.x < 32)
		last_warp(s, threadIdx.x);
	__syncthreads();
	for (unsigned i = lin; i < S; i += nt)
		out[blockIdx.x * S + i] = s[i];
}

__global__ void float_rows(const float *in, float *out)
{
	__shared__ float s[S];
	unsigned tx = threadIdx.x;
	unsigned lin = tx + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	unsigned nt = blockDim.x * blockDim.y * blockDim.z;

	for (unsigned i = lin; i < S; i += nt)
		s[i] = in[blockIdx.x * S + i];
	__syncthreads();
	if (tx < 32) {
		volatile float *v = s;

		v[tx] = v[tx] + v[tx + 32];
		v[tx] = v[tx] + v[tx + 16];
		v[tx] *= v[tx + 8];
		v[tx] = v[tx] + v[tx + 4];
		v[tx] += v[tx + 2];
		v[tx] = v[tx] + v[tx + 1];
	}
	__syncthreads();
	for (unsigned i = lin; i < S; i += nt)
		out[blockIdx.x * S + i] = s[i];
}

// ---- the host's lock step ----------------------------------------------------

// the threadIdx.x of warp w's lanes with x < 32 (a set: lanes sharing x are one)
static unsigned warp_lanes(unsigned bdx, unsigned nt, unsigned w, bool on[32])
{
	unsigned count = 0;

	memset(on, 0, 32 * sizeof(bool));
	for (unsigned l = 32 * w; l < 32 * w + 32 && l < nt; l++)
		if (l % bdx < 32 && !on[l % bdx]) {
			on[l % bdx] = true;
			count++;
		}
	return count;
}

template <typename T> static T apply(T a, T b, char op)
{
	return op == '+' ? a + b : op == '-' ? a - b : op == '*' ? a * b : (T)0;
}

static int apply(int a, int b, char op)
{
	return op == '^' ? a ^ b : op == '+' ? a + b : op == '-' ? a - b : 0;
}

// every lane of the set reads, then every lane writes
template <typename T> static void step(T *s, const bool on[32], unsigned k, char op)
{
	T r[32];

	for (unsigned t = 0; t < 32; t++)
		if (on[t])
			r[t] = apply(s[t], s[t + k], op);
	for (unsigned t = 0; t < 32; t++)
		if (on[t])
			s[t] = r[t];
}

static void int_model(int *s, unsigned bdx, unsigned nt)
{
	bool on[32];

	for (unsigned w = 0; w * 32 < nt; w++)
		if (warp_lanes(bdx, nt, w, on)) {
			step(s, on, 32, '+');
			step(s, on, 16, '+');
			step(s, on, 8, '^');
			step(s, on, 4, '+');
			step(s, on, 2, '-');
			step(s, on, 1, '+');
		}
}

static void float_model(float *s, unsigned bdx, unsigned nt)
{
	bool on[32];

	for (unsigned w = 0; w * 32 < nt; w++)
		if (warp_lanes(bdx, nt, w, on)) {
			step(s, on, 32, '+');
			step(s, on, 16, '+');
			step(s, on, 8, '*');
			step(s, on, 4, '+');
			step(s, on, 2, '+');
			step(s, on, 1, '+');
		}
}

int main()
{
	const int G = 4;
	const dim3 shapes[] = { dim3(16, 2), dim3(8, 4), dim3(4, 2, 4), dim3(12, 2), dim3(8, 2) };
	const unsigned nshapes = sizeof(shapes) / sizeof(shapes[0]);
	static float fin[G * S], fout[G * S], fwant[G * S];
	static int in[G * S], out[G * S], want[G * S];
	float *dfin, *dfout;
	int *din, *dout;
	unsigned failed = 0;

	for (int i = 0; i < G * S; i++) {
		fin[i] = 1.0f / (float)(i % 83 + 1) + (float)(i % 5) * 1e3f;
		in[i] = (i * 7727) % 1999 - 1000;
	}
	cudaMalloc(&dfin, sizeof(fin));
	cudaMalloc(&dfout, sizeof(fout));
	cudaMalloc(&din, sizeof(in));
	cudaMalloc(&dout, sizeof(out));
	cudaMemcpy(dfin, fin, sizeof(fin), cudaMemcpyHostToDevice);
	cudaMemcpy(din, in, sizeof(in), cudaMemcpyHostToDevice);
	for (unsigned sh = 0; sh < nshapes; sh++) {
		dim3 b = shapes[sh];
		unsigned nt = b.x * b.y * b.z, bad = 0;

		float_rows<<<G, b>>>(dfin, dfout);
		int_rows<<<G, b>>>(din, dout);
		if (cudaDeviceSynchronize() != cudaSuccess) {
			printf("%u x %u x %u: launch failed\n", b.x, b.y, b.z);
			failed++;
			continue;
		}
		cudaMemcpy(fout, dfout, sizeof(fout), cudaMemcpyDeviceToHost);
		cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost);
		memcpy(fwant, fin, sizeof(fin));
		memcpy(want, in, sizeof(in));
		for (int g = 0; g < G; g++) {
			float_model(fwant + g * S, b.x, nt);
			int_model(want + g * S, b.x, nt);
		}
		for (int i = 0; i < G * S; i++) {
			if (memcmp(&fout[i], &fwant[i], sizeof(float)) && bad++ < 4)
				printf("float, %u x %u x %u, element %d: %a, want %a\n", b.x, b.y, b.z, i, fout[i], fwant[i]);
			if (out[i] != want[i] && bad++ < 4)
				printf("int, %u x %u x %u, element %d: %d, want %d\n", b.x, b.y, b.z, i, out[i], want[i]);
		}
		printf("%u x %u x %u blocks: %u of %d elements wrong\n", b.x, b.y, b.z, bad, 2 * G * S);
		failed += bad != 0;
	}
	cudaFree(dfin);
	cudaFree(dfout);
	cudaFree(din);
	cudaFree(dout);
	printf("%u passed, %u failed\n", nshapes - failed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed != 0;
}
