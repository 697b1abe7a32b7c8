// Half-precision axpy and dot product in the style of public code: __half2
// vector loads, __hfma2, a block reduction in shared memory of floats, a
// warp reduction with __shfl_down_sync on __half2, a __half kept across
// __syncthreads(), atomicAdd on __half, conversions with explicit rounding.
// Checked against host references computed with the same rounding steps
// (every half operation rounds once, so the result is determined).
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)

// y = a * x + y on pairs of halves
__global__ void haxpy2(int n2, __half2 a, const __half2 *x, __half2 *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n2)
		y[i] = __hfma2(a, x[i], y[i]);
}

// dot product: products in half, sums in float per block
__global__ void hdot(int n, const __half *x, const __half *y, float *partial)
{
	__shared__ float s[256];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	__half p = i < n ? __hmul(x[i], y[i]) : __float2half(0.0f);
	s[threadIdx.x] = __half2float(p);
	__syncthreads();
	for (int k = blockDim.x / 2; k > 0; k /= 2) {
		if (threadIdx.x < k)
			s[threadIdx.x] += s[threadIdx.x + k];
		__syncthreads();
	}
	// p is still this thread's product here (lives across the barriers)
	if (threadIdx.x == 0)
		partial[blockIdx.x] = s[0] + 0.0f * __half2float(p);
}

// per-warp sums of __half2 pairs by shuffles; an atomicAdd on a __half counts the warps
__global__ void warp_hsum(int n2, const __half2 *x, __half2 *warp_out, __half *total)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	__half2 v = i < n2 ? x[i] : __float2half2_rn(0.0f);
	for (int off = 16; off > 0; off /= 2)
		v = __hadd2(v, __shfl_down_sync(0xffffffffu, v, off));
	if (threadIdx.x % 32 == 0) {
		warp_out[i / 32] = v;
		atomicAdd(total, __float2half(1.0f));	// counts the warps (exact in half)
	}
}

// conversions with each rounding mode, and bfloat16
__global__ void convert(int n, const float *in, unsigned short *out, unsigned short *bout)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		out[4 * i + 0] = __half_as_ushort(__float2half_rn(in[i]));
		out[4 * i + 1] = __half_as_ushort(__float2half_rz(in[i]));
		out[4 * i + 2] = __half_as_ushort(__float2half_rd(in[i]));
		out[4 * i + 3] = __half_as_ushort(__float2half_ru(in[i]));
		__nv_bfloat16 b = __float2bfloat16(in[i]);
		bout[i] = __bfloat16_as_ushort(__hmul(b, __float2bfloat16(2.0f)));
	}
}

static float h2f(__half h) { return __half2float(h); }

int main()
{
	const int n = 4096 + 34, n2 = n / 2, threads = 256, blocks = (n + threads - 1) / threads;
	__half *hx = (__half *)malloc(n * sizeof(__half)), *hy = (__half *)malloc(n * sizeof(__half));
	__half *ry = (__half *)malloc(n * sizeof(__half));
	int bad = 0;

	for (int i = 0; i < n; i++) {
		hx[i] = __float2half((float)((i * 37) % 101) / 16.0f - 3.0f);
		hy[i] = __float2half((float)((i * 11) % 53) / 8.0f);
	}
	__half *dx, *dy;
	CHECK(cudaMalloc(&dx, n * sizeof(__half)));
	CHECK(cudaMalloc(&dy, n * sizeof(__half)));
	CHECK(cudaMemcpy(dx, hx, n * sizeof(__half), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dy, hy, n * sizeof(__half), cudaMemcpyHostToDevice));

	// axpy: reference rounds a*x + y once per element (fma)
	__half2 a = __floats2half2_rn(0.75f, 0.75f);
	haxpy2<<<(n2 + threads - 1) / threads, threads>>>(n2, a, (const __half2 *)dx, (__half2 *)dy);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(ry, dy, n * sizeof(__half), cudaMemcpyDeviceToHost));
	for (int i = 0; i < n; i++) {
		double exact = 0.75 * h2f(hx[i]) + h2f(hy[i]);	// exact in double
		if (h2f(ry[i]) != h2f(__double2half(exact))) {
			if (bad++ < 5)
				printf("axpy[%d]: %g, want %g\n", i, h2f(ry[i]), h2f(__double2half(exact)));
		}
	}

	// dot: products rounded to half, summed in float per block (tree order)
	float *dpart, *part = (float *)malloc(blocks * sizeof(float));
	CHECK(cudaMalloc(&dpart, blocks * sizeof(float)));
	hdot<<<blocks, threads>>>(n, dx, dx, dpart);
	CHECK(cudaMemcpy(part, dpart, blocks * sizeof(float), cudaMemcpyDeviceToHost));
	for (int b = 0; b < blocks; b++) {
		float s[256];
		for (int t = 0; t < threads; t++) {
			int i = b * threads + t;
			s[t] = i < n ? (float)(double)h2f(__double2half((double)h2f(hx[i]) * h2f(hx[i]))) : 0.0f;
		}
		for (int k = threads / 2; k > 0; k /= 2)
			for (int t = 0; t < k; t++)
				s[t] += s[t + k];
		if (part[b] != s[0] && bad++ < 10)
			printf("dot block %d: %g, want %g\n", b, part[b], s[0]);
	}

	// warp sums of pairs: shuffle tree order, then an atomic per warp
	int warps = (n2 + 31) / 32;
	__half2 *dw, *w = (__half2 *)malloc(warps * 32 * sizeof(__half2));
	__half *dtot, tot, zero = __float2half(0.0f);
	CHECK(cudaMalloc(&dw, warps * 32 * sizeof(__half2)));
	CHECK(cudaMalloc(&dtot, sizeof(__half)));
	CHECK(cudaMemcpy(dtot, &zero, sizeof(__half), cudaMemcpyHostToDevice));
	// sums of small multiples of 1/16 stay exact in half: any order gives the same total
	for (int i = 0; i < n; i++)
		hx[i] = __float2half((float)(i % 7) / 16.0f);
	CHECK(cudaMemcpy(dx, hx, n * sizeof(__half), cudaMemcpyHostToDevice));
	warp_hsum<<<warps, 32>>>(n2, (const __half2 *)dx, dw, dtot);
	CHECK(cudaMemcpy(w, dw, warps * sizeof(__half2), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(&tot, dtot, sizeof(__half), cudaMemcpyDeviceToHost));
	for (int wi = 0; wi < warps; wi++) {
		double lo = 0, hi = 0;
		for (int l = 0; l < 32 && wi * 32 + l < n2; l++) {
			lo += h2f(hx[2 * (wi * 32 + l)]);
			hi += h2f(hx[2 * (wi * 32 + l) + 1]);
		}
		if (__low2float(w[wi]) != lo || __high2float(w[wi]) != hi) {
			if (bad++ < 15)
				printf("warp %d: %g %g, want %g %g\n", wi, __low2float(w[wi]), __high2float(w[wi]), lo, hi);
		}
	}
	if (h2f(tot) != (float)warps && bad++ < 20)
		printf("warps counted %g, want %d\n", h2f(tot), warps);

	// conversions: 1 + 2^-11 (a tie), 1 + 3*2^-12, -(1 + 2^-11), 65520 (overflow tie), 2^-25
	float in[6] = { 1.0f + 0x1p-11f, 1.0f + 0x1.8p-11f, -(1.0f + 0x1p-11f), 65520.0f, 0x1p-25f, 3.0f };
	unsigned short want[24] = { 0x3c00, 0x3c00, 0x3c00, 0x3c01, 0x3c01, 0x3c00, 0x3c00, 0x3c01,
				    0xbc00, 0xbc00, 0xbc01, 0xbc00, 0x7c00, 0x7bff, 0x7bff, 0x7c00,
				    0x0000, 0x0000, 0x0000, 0x0001, 0x4200, 0x4200, 0x4200, 0x4200 };
	unsigned short bwant[6] = { 0x4000, 0x4000, 0xc000, 0x4800, 0x3380, 0x40c0 };
	float *din;
	unsigned short *dout, *dbout, out[24], bout[6];
	CHECK(cudaMalloc(&din, sizeof(in)));
	CHECK(cudaMalloc(&dout, sizeof(out)));
	CHECK(cudaMalloc(&dbout, sizeof(bout)));
	CHECK(cudaMemcpy(din, in, sizeof(in), cudaMemcpyHostToDevice));
	convert<<<1, 32>>>(6, din, dout, dbout);
	CHECK(cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(bout, dbout, sizeof(bout), cudaMemcpyDeviceToHost));
	for (int i = 0; i < 24; i++)
		if (out[i] != want[i] && bad++ < 30)
			printf("convert %d mode %d: 0x%04x, want 0x%04x\n", i / 4, i % 4, out[i], want[i]);
	for (int i = 0; i < 6; i++)
		if (bout[i] != bwant[i] && bad++ < 30)
			printf("bf16 %d: 0x%04x, want 0x%04x\n", i, bout[i], bwant[i]);

	cudaFree(dx); cudaFree(dy); cudaFree(dpart); cudaFree(dw); cudaFree(dtot);
	cudaFree(din); cudaFree(dout); cudaFree(dbout);
	free(hx); free(hy); free(ry); free(part); free(w);
	printf("%d mismatches\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
