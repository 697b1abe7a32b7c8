// Type aliases at the top of a kernel body, named by the per-block pointers
// that follow (HeCBench addBiasQKV's shape: `using T2_2 = __nv_bfloat162;`
// then `const T2_2 *bias = (T2_2 *)param.bias;`): those declarations run
// once per block, in front of the thread loop, and the aliases must come
// with them.  A 3D block as there; checked against the host.
#include <cstdio>
#include <cuda_runtime.h>

struct rows_param {
	const float *src;
	const float *bias;
	float *dst;
	int width;	// floats per row: blockDim.x * blockDim.y * 2
};

__global__ void add_bias_rows(rows_param p)
{
	using vec2 = float2;
	typedef int index_t;

	const vec2 *src = (const vec2 *)(p.src + blockIdx.x * p.width);
	const vec2 *bias = (const vec2 *)p.bias;
	vec2 *dst = (vec2 *)(p.dst + blockIdx.x * p.width);
	const index_t pairs = p.width / 2;

	index_t t = threadIdx.y * blockDim.x + threadIdx.x;
	if (t < pairs) {
		vec2 v = src[t], b = bias[t];
		dst[t] = make_float2(v.x + b.x, (v.y + b.y) * 2.0f);
	}
}

int main()
{
	const int rows = 5, bx = 8, by = 4, width = bx * by * 2;
	float *src, *bias, *dst;
	int bad = 0;

	cudaMallocManaged(&src, rows * width * sizeof(float));
	cudaMallocManaged(&bias, width * sizeof(float));
	cudaMallocManaged(&dst, rows * width * sizeof(float));
	for (int i = 0; i < rows * width; i++)
		src[i] = (float)(i % 97);
	for (int i = 0; i < width; i++)
		bias[i] = (float)(i % 7);
	rows_param p = { src, bias, dst, width };
	add_bias_rows<<<rows, dim3(bx, by)>>>(p);
	cudaDeviceSynchronize();
	for (int r = 0; r < rows; r++)
		for (int i = 0; i < width; i++) {
			float s = src[r * width + i] + bias[i], want = i % 2 ? 2.0f * s : s;

			if (dst[r * width + i] != want && bad++ < 4)
				printf("dst[%d][%d] = %g, expected %g\n", r, i, dst[r * width + i], want);
		}
	cudaFree(src);
	cudaFree(bias);
	cudaFree(dst);
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
