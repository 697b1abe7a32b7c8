// A kernel template whose body is one call of a static member function of
// a class template named with the kernel's own template parameters
// (`Window<W, STEPS>::run(...)`), which declares the class's object in
// __shared__ memory and reaches __syncthreads() through a member template
// and a private member function, in the style of Altis dwt2d's FDWT97
// kernels.  The planner's suspend search found no suspending callee through
// that dependent qualified call, chose loop fission, and the program
// aborted ("__syncthreads called outside a fiber kernel").  Each step rotates
// a block's window by one element through shared memory, a barrier between
// the reads and the writes; checked against a host rotation.  Also a call
// through the function pointer another call returns (`step_at(0)(...)`),
// whose target a barrier reaches: the planner cannot name it, so it may be
// any function of the program (loop fission before, the same abort).
#include <cstdio>
#include <cuda_runtime.h>

namespace win {

template <int W, int STEPS> class Window {
	float cells[W];

	__device__ void rotate_once(int t)
	{
		float next = cells[(t + 1) % W];

		__syncthreads();
		cells[t] = next;
		__syncthreads();
	}

	template <bool SCALE> __device__ void transform(const float *in, float *out, float by)
	{
		int t = threadIdx.x, base = blockIdx.x * W;

		cells[t] = in[base + t];
		__syncthreads();
		for (int s = 0; s < STEPS; s++)
			rotate_once(t);
		out[base + t] = SCALE ? cells[t] * by : cells[t];
	}

public:
	__device__ static void run(const float *in, float *out, float by)
	{
		__shared__ Window<W, STEPS> window;

		if (by != 1.0f)
			window.transform<true>(in, out, by);
		else
			window.transform<false>(in, out, by);
	}
};

template <int W, int STEPS> __global__ void rotate_kernel(const float *in, float *out, float by)
{
	Window<W, STEPS>::run(in, out, by);
}

} // namespace win

typedef void (*step_fn)(float *, int);

__device__ void rotate_step(float *s, int t)
{
	float next = s[(t + 1) % blockDim.x];

	__syncthreads();
	s[t] = next;
	__syncthreads();
}

__device__ step_fn steps[1] = { rotate_step };

__device__ step_fn step_at(int i)
{
	return steps[i];
}

__global__ void rotate_through_pointer(float *data)
{
	__shared__ float s[64];
	int t = threadIdx.x;

	s[t] = data[t];
	__syncthreads();
	step_at(0)(s, t);
	__syncthreads();
	data[t] = s[t];
}

template <int W, int STEPS> static int check(int blocks, float by)
{
	const int n = W * blocks;
	float *h_in = new float[n], *h_out = new float[n];
	float *d_in, *d_out;
	int bad = 0;

	for (int i = 0; i < n; i++)
		h_in[i] = (float)(i % 997);
	cudaMalloc(&d_in, n * sizeof(float));
	cudaMalloc(&d_out, n * sizeof(float));
	cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice);
	win::rotate_kernel<W, STEPS><<<blocks, W>>>(d_in, d_out, by);
	if (cudaDeviceSynchronize() != cudaSuccess)
		return n;
	cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
	for (int b = 0; b < blocks; b++)
		for (int t = 0; t < W; t++)
			bad += h_out[b * W + t] != h_in[b * W + (t + STEPS) % W] * by;
	cudaFree(d_in);
	cudaFree(d_out);
	delete[] h_in;
	delete[] h_out;
	return bad;
}

int main()
{
	int passed = 0, failed = 0, bad;

	bad = check<64, 5>(3, 1.0f);
	printf("Window<64, 5>, 3 blocks: %d of 192 wrong\n", bad);
	bad ? failed++ : passed++;
	bad = check<32, 40>(2, 2.0f);
	printf("Window<32, 40>, 2 blocks, scaled: %d of 64 wrong\n", bad);
	bad ? failed++ : passed++;

	float h[64], *d;
	bad = 0;
	for (int i = 0; i < 64; i++)
		h[i] = (float)(3 * i);
	cudaMalloc(&d, sizeof(h));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	rotate_through_pointer<<<1, 64>>>(d);
	if (cudaDeviceSynchronize() != cudaSuccess)
		bad = 64;
	else
		cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; !bad && i < 64; i++)
		bad += h[i] != (float)(3 * ((i + 1) % 64));
	cudaFree(d);
	printf("a call through a returned function pointer: %d of 64 wrong\n", bad);
	bad ? failed++ : passed++;
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? 1 : 0;
}
