// `acc = {};` on a half2 and a __nv_bfloat162 in device code (HeCBench's
// quant3MatMul zeroes its accumulator so each turn): nvcc takes it (zero),
// and our headers must not make it ambiguous between the raw pair and the
// type.  Assigning a raw pair still works.  Checked against the host.
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void dot_turns(const half2 *v, float *out, int turns)
{
	half2 acc;
	float sum = 0.0f;

	for (int t = 0; t < turns; t++) {
		acc = {};
		acc = __hfma2(v[threadIdx.x * turns + t], v[threadIdx.x * turns + t], acc);
		sum += __low2float(acc) + __high2float(acc);
	}
	out[threadIdx.x] = sum;
}

__global__ void bf_raw(__nv_bfloat162 *out, __nv_bfloat162_raw r)
{
	__nv_bfloat162 z;

	z = {};
	out[threadIdx.x] = z;
	if (threadIdx.x == 0)
		out[0] = r;
}

int main()
{
	const int n = 32, turns = 3;
	half2 *v;
	float *out;
	__nv_bfloat162 *b;
	__nv_bfloat162_raw r;
	int bad = 0;

	cudaMallocManaged(&v, n * turns * sizeof(half2));
	cudaMallocManaged(&out, n * sizeof(float));
	cudaMallocManaged(&b, n * sizeof(__nv_bfloat162));
	for (int i = 0; i < n * turns; i++)
		v[i] = __floats2half2_rn((float)(i % 5), (float)(i % 3));
	for (int i = 0; i < n; i++)
		b[i] = __floats2bfloat162_rn(7.0f, 7.0f);
	r.x = 0x3f80;	// 1.0
	r.y = 0x4000;	// 2.0
	dot_turns<<<1, n>>>(v, out, turns);
	bf_raw<<<1, n>>>(b, r);
	cudaDeviceSynchronize();
	for (int i = 0; i < n; i++) {
		float want = 0.0f;

		for (int t = 0; t < turns; t++) {
			int k = i * turns + t;

			want += (float)(k % 5) * (k % 5) + (float)(k % 3) * (k % 3);
		}
		if (out[i] != want && bad++ < 4)
			printf("dot_turns: thread %d: %g, expected %g\n", i, out[i], want);
		float lo = __low2float(b[i]), hi = __high2float(b[i]);

		if ((i ? lo != 0.0f || hi != 0.0f : lo != 1.0f || hi != 2.0f) && bad++ < 4)
			printf("bf_raw: thread %d: %g %g\n", i, lo, hi);
	}
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
