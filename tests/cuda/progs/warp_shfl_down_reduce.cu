// Block reduction with warp shuffles (issue 23): each warp reduces with a
// __shfl_down_sync tree, lane 0 of each warp stores its warp's sum in shared
// memory, and the first warp reduces those. int, float (exact values) and
// double versions, blocks of 128/256/1024 threads, grid-stride input.
#include <cstdio>
#include <cuda_runtime.h>

#define FULL_MASK 0xffffffffu

template <typename T> __device__ T warp_sum(T v)
{
	for (int off = warpSize / 2; off > 0; off /= 2)
		v += __shfl_down_sync(FULL_MASK, v, off);
	return v;
}

template <typename T> __device__ T block_sum(T v)
{
	__shared__ T warp_sums[32];
	int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
	v = warp_sum(v);
	if (lane == 0)
		warp_sums[warp] = v;
	__syncthreads();
	int nwarps = (blockDim.x + warpSize - 1) / warpSize;
	v = threadIdx.x < nwarps ? warp_sums[lane] : T(0);
	if (warp == 0)
		v = warp_sum(v);
	return v;
}

template <typename T> __global__ void reduce(const T *in, T *out, int n)
{
	T acc = 0;
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		acc += in[i];
	acc = block_sum(acc);
	if (threadIdx.x == 0)
		out[blockIdx.x] = acc;
}

template <typename T> bool check(int n, int blocks, int threads)
{
	T *h = new T[n];
	double want = 0;
	for (int i = 0; i < n; i++) {
		h[i] = (T)((i * 7) % 19); // small integers: exact in float too
		want += (double)h[i];
	}
	T *din, *dout;
	cudaMalloc(&din, n * sizeof(T));
	cudaMalloc(&dout, blocks * sizeof(T));
	cudaMemcpy(din, h, n * sizeof(T), cudaMemcpyHostToDevice);
	reduce<T><<<blocks, threads>>>(din, dout, n);
	T *part = new T[blocks];
	cudaMemcpy(part, dout, blocks * sizeof(T), cudaMemcpyDeviceToHost);
	double got = 0;
	for (int b = 0; b < blocks; b++)
		got += (double)part[b];
	cudaFree(din);
	cudaFree(dout);
	delete[] h;
	delete[] part;
	if (got != want)
		printf("n %d blocks %d threads %d: %f, want %f\n", n, blocks, threads, got, want);
	return got == want;
}

int main()
{
	bool ok = true;
	ok &= check<int>(100000, 40, 256);
	ok &= check<int>(5000, 3, 1024);
	ok &= check<float>(77777, 20, 128);
	ok &= check<double>(65536, 16, 256);
	ok &= check<unsigned long long>(1000, 2, 64);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
