// Kernel parameters of classes whose copy constructor and destructor count
// themselves on the device: CUDA copies kernel arguments bitwise, so
// neither runs there, under either of idxgen-cc's execution models (the
// translation used to copy the parameter once per block under loop fission
// and once per thread as fibers, and to destroy each copy).  An owning
// array view and a by-value stencil whose fields are read through the
// copies; the results against a host loop.
#include <cstdio>
#include <cuda_runtime.h>

struct Tally {
	int *copies, *destroyed;
};

template <class T> struct DeviceView {
	T *data;
	int n;
	Tally tally;

	__host__ __device__ DeviceView(T *d, int len, Tally t) : data(d), n(len), tally(t) {}
	__host__ __device__ DeviceView(const DeviceView &o) : data(o.data), n(o.n), tally(o.tally)
	{
#ifdef __CUDA_ARCH__
		atomicAdd(tally.copies, 1);
#endif
	}
	__host__ __device__ ~DeviceView()
	{
#ifdef __CUDA_ARCH__
		atomicAdd(tally.destroyed, 1);
#endif
	}
	__device__ T &operator[](int i) const { return data[i]; }
};

struct Stencil {
	float w[3];
	Tally tally;

	__host__ __device__ ~Stencil()
	{
#ifdef __CUDA_ARCH__
		atomicAdd(tally.destroyed, 1);
#endif
	}
};

#define THREADS 64

__global__ void smooth(DeviceView<float> out, DeviceView<float> in, Stencil st)
{
	__shared__ float tile[THREADS + 2];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	tile[threadIdx.x + 1] = i < in.n ? in.data[i] : 0.0f;
	if (threadIdx.x == 0)
		tile[0] = i > 0 ? in.data[i - 1] : 0.0f;
	if (threadIdx.x == blockDim.x - 1)
		tile[THREADS + 1] = i + 1 < in.n ? in.data[i + 1] : 0.0f;
	__syncthreads();
	if (i < out.n)
		out.data[i] = st.w[0] * tile[threadIdx.x] + st.w[1] * tile[threadIdx.x + 1] + st.w[2] * tile[threadIdx.x + 2];
}

int main()
{
	const int n = 1000;
	float *in, *out, hin[n], hout[n];
	int *counts, hc[2] = { -1, -1 }, failed = 0, checked = 0;

	for (int i = 0; i < n; i++)
		hin[i] = (float)(i % 13);
	cudaMalloc(&in, n * sizeof(float));
	cudaMalloc(&out, n * sizeof(float));
	cudaMalloc(&counts, 2 * sizeof(int));
	cudaMemset(counts, 0, 2 * sizeof(int));
	cudaMemcpy(in, hin, n * sizeof(float), cudaMemcpyHostToDevice);
	Tally t = { counts, counts + 1 };
	{
		DeviceView<float> vin(in, n, t), vout(out, n, t);
		Stencil st = { { 0.25f, 0.5f, 0.25f }, t };

		smooth<<<(n + THREADS - 1) / THREADS, THREADS>>>(vout, vin, st);
		if (cudaDeviceSynchronize() != cudaSuccess) {
			printf("FAIL: launch\n");
			return 1;
		}
	}
	cudaMemcpy(hout, out, n * sizeof(float), cudaMemcpyDeviceToHost);
	cudaMemcpy(hc, counts, 2 * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		float l = i > 0 ? hin[i - 1] : 0.0f, r = i + 1 < n ? hin[i + 1] : 0.0f;
		float want = 0.25f * l + 0.5f * hin[i] + 0.25f * r;	// exact: quarters of small integers

		checked++;
		if (hout[i] != want) {
			if (failed++ < 5)
				printf("FAIL: out[%d] = %g, want %g\n", i, hout[i], want);
		}
	}
	if (hc[0] != 0 || hc[1] != 0) {
		printf("FAIL: %d copies and %d destructions of kernel parameters on the device (CUDA: none)\n", hc[0], hc[1]);
		failed++;
	}
	cudaFree(in);
	cudaFree(out);
	cudaFree(counts);
	printf("%d passed, %d failed\n", checked + 1 - failed, failed);
	if (failed)
		return 1;
	printf("PASS\n");
	return 0;
}
