// A program that includes <cuda/std/concepts> and cuda_runtime.h and no
// cuda_fp16.h or cuda_bf16.h, yet names __half and __nv_bfloat16: CUDA 13's
// libcu++ includes the toolkit's narrow float types with every <cuda/std/X>,
// and nvcc builds this.  Before: "'cuda/std/concepts' file not found", then
// (with the header) "use of undeclared identifier '__nv_bfloat16'", exit 1.
// A concept over cuda::std's traits picks the kernels' element types; the
// results, exact in both narrow types (small integers), against host loops.
#include <cstdio>
#include <cuda/std/concepts>
#include <cuda_runtime.h>

template <typename T>
concept Element = cuda::std::floating_point<T> || cuda::std::is_same_v<T, __half> ||
		  cuda::std::is_same_v<T, __nv_bfloat16>;

#define N 256

// out[i] = 2 * in[i] + 1, computed in float and stored back in T
template <Element T>
__global__ void twice_plus_one(const T *in, T *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = T(2.0f * float(in[i]) + 1.0f);
}

template <typename T>
static int check(const char *name)
{
	T h_in[N], h_out[N], *in, *out;
	int bad = 0;

	for (int i = 0; i < N; i++)
		h_in[i] = T(float(i % 100));
	cudaMalloc(&in, sizeof(h_in));
	cudaMalloc(&out, sizeof(h_out));
	cudaMemcpy(in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	twice_plus_one<T><<<N / 64, 64>>>(in, out, N);
	cudaMemcpy(h_out, out, sizeof(h_out), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N && !bad; i++)
		if (float(h_out[i]) != 2.0f * (i % 100) + 1.0f) {
			printf("%s: out[%d] = %g, want %g\n", name, i, float(h_out[i]), 2.0f * (i % 100) + 1.0f);
			bad = 1;
		}
	cudaFree(in);
	cudaFree(out);
	return bad;
}

int main()
{
	int fails = check<float>("float") + check<__half>("__half") + check<__nv_bfloat16>("__nv_bfloat16");

	printf("%d passed, %d failed\n", 3 - fails, fails);
	printf(fails ? "FAIL\n" : "PASS\n");
	return fails != 0;
}
