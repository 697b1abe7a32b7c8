// Row softmax, one warp (or a part of one) per row, in the style of the
// "persistent softmax" kernels of deep-learning frameworks: the element
// count is a template argument (log2), the kernel derives WARP_SIZE (the
// next power of two, at most 32: rows of 4, 8 or 16 elements share a warp),
// WARP_ITERATIONS and WARP_BATCH (two rows per group of lanes) as constexprs,
// keeps elements[WARP_BATCH][WARP_ITERATIONS] in registers, and reduces
// with a helper templated on a template-template functor (Max, then Add)
// that shuffles with __shfl_xor_sync and a width.  Rows past the end and
// elements past the row length take -infinity.  Against a host softmax
// (tolerance 1e-5).
#include <cuda_runtime.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

template <typename T> struct Add {
	__device__ __forceinline__ T operator()(T a, T b) const
	{
		return a + b;
	}
};

template <typename T> struct Max {
	__device__ __forceinline__ T operator()(T a, T b) const
	{
		return a < b ? b : a;
	}
};

template <typename T> __device__ __forceinline__ T WARP_SHFL_XOR(T value, int laneMask, int width,
							    unsigned int mask = 0xffffffff)
{
	return __shfl_xor_sync(mask, value, laneMask, width);
}

template <typename acc_t, int WARP_BATCH, int WARP_SIZE, template <typename> class ReduceOp>
__device__ __forceinline__ void warp_reduce(acc_t *sum)
{
	ReduceOp<acc_t> r;
#pragma unroll
	for (int offset = WARP_SIZE / 2; offset > 0; offset /= 2) {
#pragma unroll
		for (int i = 0; i < WARP_BATCH; ++i) {
			acc_t b = WARP_SHFL_XOR(sum[i], offset, WARP_SIZE);
			sum[i] = r(sum[i], b);
		}
	}
}

constexpr int log2_up(int v)
{
	return v <= 1 ? 0 : 1 + log2_up((v + 1) / 2);
}

template <typename input_t, typename output_t, typename acc_t, int log2_elements>
__global__ void softmax_warp_forward(output_t *dst, const input_t *src, int batch_size, int stride,
				     int element_count)
{
	constexpr int next_power_of_two = 1 << log2_elements;
	constexpr int WARP_SIZE = (next_power_of_two < 32) ? next_power_of_two : 32;
	constexpr int WARP_ITERATIONS = next_power_of_two / WARP_SIZE;
	constexpr int WARP_BATCH = (next_power_of_two <= 128) ? 2 : 1;

	int first_batch = (blockDim.y * blockIdx.x + threadIdx.y) * WARP_BATCH;
	int local_batches = batch_size - first_batch;
	if (local_batches > WARP_BATCH)
		local_batches = WARP_BATCH;
	int local_idx = threadIdx.x;

	src += first_batch * stride + local_idx;
	dst += first_batch * stride + local_idx;

	acc_t elements[WARP_BATCH][WARP_ITERATIONS];
#pragma unroll
	for (int i = 0; i < WARP_BATCH; ++i) {
		int batch_element_count = (i >= local_batches) ? 0 : element_count;
#pragma unroll
		for (int it = 0; it < WARP_ITERATIONS; ++it) {
			int element_index = local_idx + it * WARP_SIZE;
			elements[i][it] = element_index < batch_element_count ? (acc_t)src[i * element_count + it * WARP_SIZE]
									     : -INFINITY;
		}
	}

	acc_t max_value[WARP_BATCH];
#pragma unroll
	for (int i = 0; i < WARP_BATCH; ++i) {
		max_value[i] = elements[i][0];
#pragma unroll
		for (int it = 1; it < WARP_ITERATIONS; ++it)
			max_value[i] = (max_value[i] > elements[i][it]) ? max_value[i] : elements[i][it];
	}
	warp_reduce<acc_t, WARP_BATCH, WARP_SIZE, Max>(max_value);

	acc_t sum[WARP_BATCH]{ 0.0f };
#pragma unroll
	for (int i = 0; i < WARP_BATCH; ++i) {
#pragma unroll
		for (int it = 0; it < WARP_ITERATIONS; ++it) {
			elements[i][it] = expf(elements[i][it] - max_value[i]);
			sum[i] += elements[i][it];
		}
	}
	warp_reduce<acc_t, WARP_BATCH, WARP_SIZE, Add>(sum);

#pragma unroll
	for (int i = 0; i < WARP_BATCH; ++i) {
		if (i >= local_batches)
			break;
#pragma unroll
		for (int it = 0; it < WARP_ITERATIONS; ++it) {
			int element_index = local_idx + it * WARP_SIZE;
			if (element_index < element_count)
				dst[i * element_count + it * WARP_SIZE] = (output_t)(elements[i][it] / sum[i]);
		}
	}
}

template <int log2_elements>
static void launch(float *dst, const float *src, int rows, int cols)
{
	constexpr int next_power_of_two = 1 << log2_elements;
	constexpr int warp_size = next_power_of_two < 32 ? next_power_of_two : 32;
	constexpr int batches_per_warp = next_power_of_two <= 128 ? 2 : 1;
	constexpr int threads_per_block = 128;
	constexpr int warps_per_block = threads_per_block / warp_size;
	constexpr int batches_per_block = warps_per_block * batches_per_warp;
	int blocks = (rows + batches_per_block - 1) / batches_per_block;
	dim3 threads(warp_size, warps_per_block, 1);

	softmax_warp_forward<float, float, float, log2_elements><<<blocks, threads>>>(dst, src, rows, cols, cols);
}

static int run(int rows, int cols)
{
	size_t n = (size_t)rows * cols;
	float *h_in = (float *)malloc(n * sizeof(float)), *h_out = (float *)malloc(n * sizeof(float));
	float *d_in, *d_out;
	int bad = 0;

	for (size_t i = 0; i < n; i++)
		h_in[i] = (float)((int)(i * 2654435761u % 2001) - 1000) / 250.0f;
	cudaMalloc(&d_in, n * sizeof(float));
	cudaMalloc(&d_out, n * sizeof(float));
	cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice);
	switch (log2_up(cols)) {
	case 2: launch<2>(d_out, d_in, rows, cols); break;
	case 3: launch<3>(d_out, d_in, rows, cols); break;
	case 4: launch<4>(d_out, d_in, rows, cols); break;
	case 5: launch<5>(d_out, d_in, rows, cols); break;
	case 7: launch<7>(d_out, d_in, rows, cols); break;
	case 9: launch<9>(d_out, d_in, rows, cols); break;
	default: printf("no kernel for %d columns\n", cols); return 1;
	}
	cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
	for (int r = 0; r < rows; r++) {
		const float *x = h_in + (size_t)r * cols;
		double mx = -INFINITY, s = 0;

		for (int c = 0; c < cols; c++)
			mx = x[c] > mx ? x[c] : mx;
		for (int c = 0; c < cols; c++)
			s += exp(x[c] - mx);
		for (int c = 0; c < cols; c++) {
			double want = exp(x[c] - mx) / s, got = h_out[(size_t)r * cols + c];

			if (fabs(got - want) > 1e-5 && bad++ < 5)
				printf("%d columns: row %d column %d: %g, want %g\n", cols, r, c, got, want);
		}
	}
	cudaFree(d_in);
	cudaFree(d_out);
	free(h_in);
	free(h_out);
	return bad;
}

int main(void)
{
	int errors = 0;

	errors += run(77, 3);	/* 4 lanes a row, one unused; an odd row count */
	errors += run(64, 8);
	errors += run(50, 13);	/* 16 lanes, 3 past the row */
	errors += run(41, 32);
	errors += run(30, 100);	/* 128: 4 elements a lane */
	errors += run(9, 300);	/* 512: 16 elements a lane, one row per warp */
	printf("%d errors\n", errors);
	printf("%s\n", errors ? "FAIL" : "PASS");
	return errors ? 1 : 0;
}
