// Dynamic shared memory through a typed wrapper, as sample-style code gets
// around `extern __shared__ T s[]` in a template (every instantiation would
// declare the same symbol with another type): a struct template whose
// specializations each declare their own extern __shared__ array in a
// __device__ member function.  The template kernel reaches it through a
// member call that depends on T.
#include <cstdio>

template <typename T> struct DynShared {
	__device__ T *get()
	{
		extern __device__ void no_generic_dynshared(void);	// undefined: a link error if used
		no_generic_dynshared();
		return nullptr;
	}
};

template <> struct DynShared<int> {
	__device__ int *get()
	{
		extern __shared__ int dyn_int[];
		return dyn_int;
	}
};

template <> struct DynShared<double> {
	__device__ double *get()
	{
		extern __shared__ double dyn_double[];
		return dyn_double;
	}
};

// Each block reverses its slice of in through shared memory and adds the
// block's sum of the slice to every element.
template <typename T> __global__ void reverse_add_sum(const T *in, T *out)
{
	DynShared<T> smem;
	T *s = smem.get();
	unsigned t = threadIdx.x, base = blockIdx.x * blockDim.x;

	s[t] = in[base + t];
	__syncthreads();
	T v = s[blockDim.x - 1 - t];
	__syncthreads();
	for (unsigned w = blockDim.x / 2; w > 0; w /= 2) {
		if (t < w)
			s[t] += s[t + w];
		__syncthreads();
	}
	out[base + t] = v + s[0];
}

template <typename T> static bool run(int blocks, int threads)
{
	const int n = blocks * threads;
	T *h = new T[n], *r = new T[n], *d_in, *d_out;

	for (int i = 0; i < n; i++)
		h[i] = (T)((i * 7) % 13);
	cudaMalloc(&d_in, n * sizeof(T));
	cudaMalloc(&d_out, n * sizeof(T));
	cudaMemcpy(d_in, h, n * sizeof(T), cudaMemcpyHostToDevice);
	reverse_add_sum<T><<<blocks, threads, threads * sizeof(T)>>>(d_in, d_out);
	cudaMemcpy(r, d_out, n * sizeof(T), cudaMemcpyDeviceToHost);
	bool ok = cudaGetLastError() == cudaSuccess;
	for (int b = 0; b < blocks; b++) {
		T sum = 0;
		for (int t = 0; t < threads; t++)
			sum += h[b * threads + t];
		for (int t = 0; t < threads; t++)
			ok &= r[b * threads + t] == h[b * threads + threads - 1 - t] + sum;
	}
	cudaFree(d_in);
	cudaFree(d_out);
	delete[] h;
	delete[] r;
	return ok;
}

int main()
{
	bool ok = run<int>(6, 128) && run<double>(3, 64);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return !ok;
}
