// The single-precision CUDA math API and its fast intrinsics: sqrtf, rsqrtf,
// cbrtf, expf, exp2f, expm1f, logf, log2f, log10f, log1pf, powf, sinf, cosf,
// tanf, sincosf, atan2f, tanhf, erff, fmaf, fmaxf, fminf, fabsf, floorf,
// ceilf, roundf, truncf, fmodf, hypotf, copysignf, and __expf, __logf,
// __sinf, __cosf, __powf, __fdividef, __saturatef, __frcp_rn, __fsqrt_rn.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

#define NF 31

__global__ void math_kernel(const float *x, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float v = x[i];  // in (0.05, 2.05)
	float *o = out + (size_t)i * NF;
	o[0] = sqrtf(v);
	o[1] = rsqrtf(v);
	o[2] = cbrtf(v);
	o[3] = expf(v);
	o[4] = exp2f(v);
	o[5] = expm1f(v);
	o[6] = logf(v);
	o[7] = log2f(v);
	o[8] = log10f(v);
	o[9] = log1pf(v);
	o[10] = powf(v, 1.7f);
	o[11] = sinf(v);
	o[12] = cosf(v);
	o[13] = tanf(v * 0.5f);
	float s, c;
	sincosf(v, &s, &c);
	o[14] = s + c;
	o[15] = atan2f(v, 1.0f - v);
	o[16] = tanhf(v - 1.0f);
	o[17] = erff(v - 1.0f);
	o[18] = fmaf(v, 2.0f, -1.0f);
	o[19] = fmaxf(v, 1.0f) + fminf(v, 1.0f) + fabsf(-v);
	o[20] = floorf(v * 3.0f) + ceilf(v * 3.0f) + roundf(v * 3.0f) + truncf(-v * 3.0f);
	o[21] = fmodf(v * 10.0f, 3.0f);
	o[22] = hypotf(v, 2.0f) + copysignf(v, -1.0f);
	o[23] = __expf(v);
	o[24] = __logf(v);
	o[25] = __sinf(v);
	o[26] = __cosf(v);
	o[27] = __powf(v, 1.5f);
	o[28] = __fdividef(1.0f, v);
	o[29] = __saturatef(v - 1.0f);
	o[30] = __frcp_rn(v) + __fsqrt_rn(v);
}

static void reference(float v, float *o)
{
	o[0] = sqrtf(v);
	o[1] = 1.0f / sqrtf(v);
	o[2] = cbrtf(v);
	o[3] = expf(v);
	o[4] = exp2f(v);
	o[5] = expm1f(v);
	o[6] = logf(v);
	o[7] = log2f(v);
	o[8] = log10f(v);
	o[9] = log1pf(v);
	o[10] = powf(v, 1.7f);
	o[11] = sinf(v);
	o[12] = cosf(v);
	o[13] = tanf(v * 0.5f);
	o[14] = sinf(v) + cosf(v);
	o[15] = atan2f(v, 1.0f - v);
	o[16] = tanhf(v - 1.0f);
	o[17] = erff(v - 1.0f);
	o[18] = v * 2.0f - 1.0f;
	o[19] = fmaxf(v, 1.0f) + fminf(v, 1.0f) + fabsf(v);
	o[20] = floorf(v * 3.0f) + ceilf(v * 3.0f) + roundf(v * 3.0f) + truncf(-v * 3.0f);
	o[21] = fmodf(v * 10.0f, 3.0f);
	o[22] = hypotf(v, 2.0f) - v;
	o[23] = expf(v);
	o[24] = logf(v);
	o[25] = sinf(v);
	o[26] = cosf(v);
	o[27] = powf(v, 1.5f);
	o[28] = 1.0f / v;
	o[29] = v - 1.0f < 0.0f ? 0.0f : (v - 1.0f > 1.0f ? 1.0f : v - 1.0f);
	o[30] = 1.0f / v + sqrtf(v);
}

int main()
{
	const int n = 400;
	float *hx = new float[n], *ho = new float[n * NF];
	for (int i = 0; i < n; i++)
		hx[i] = 0.05f + 2.0f * i / n;
	float *dx, *dout;
	cudaMalloc(&dx, n * sizeof(float));
	cudaMalloc(&dout, n * NF * sizeof(float));
	cudaMemcpy(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice);
	math_kernel<<<(n + 63) / 64, 64>>>(dx, dout, n);
	cudaMemcpy(ho, dout, n * NF * sizeof(float), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int i = 0; i < n && ok; i++) {
		float ref[NF];
		reference(hx[i], ref);
		for (int f = 0; f < NF; f++) {
			// Accurate functions: a few ulp; fast intrinsics: CUDA's
			// documented bounds, well inside 1e-3 relative here.
			float tol = (f >= 23 && f <= 28 ? 2e-3f : 2e-5f) * (1.0f + fabsf(ref[f]));
			if (fmodf(hx[i] * 10.0f, 3.0f) > 2.999f && f == 21)
				continue; // fmod near its jump: not a fair comparison
			if (!(fabsf(ho[i * NF + f] - ref[f]) <= tol)) {
				printf("x=%g function %d: %.9g, want %.9g\n", hx[i], f, ho[i * NF + f], ref[f]);
				ok = false;
			}
		}
	}
	cudaFree(dx);
	cudaFree(dout);
	delete[] hx;
	delete[] ho;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
