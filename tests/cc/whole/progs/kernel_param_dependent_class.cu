// Template kernels whose class parameter's type depends on the template's
// parameter (`template <class T> __global__ void k(Span<T> s)`), as generic
// container code writes them.  CUDA copies kernel arguments bitwise, so the
// copy constructor and destructor of Span<T>, which count themselves on
// the device, never run there.  The translation bound such a parameter
// bitwise only when its type was known (kernel_param_class.c); a dependent
// one was copied once per block (fission) or per thread (fibers) and
// destroyed each time: the counters were not 0.  Results against host loops.
#include <cstdio>
#include <cuda_runtime.h>

struct Counters {
	int *copies, *destroyed;
};

template <class T> struct Span {
	T *data;
	int n;
	Counters c;

	__host__ __device__ Span(T *d, int len, Counters cs) : data(d), n(len), c(cs) {}
	__host__ __device__ Span(const Span &o) : data(o.data), n(o.n), c(o.c)
	{
#ifdef __CUDA_ARCH__
		atomicAdd(c.copies, 1);
#endif
	}
	__host__ __device__ ~Span()
	{
#ifdef __CUDA_ARCH__
		atomicAdd(c.destroyed, 1);
#endif
	}
	__device__ T &operator[](int i) const { return data[i]; }
};

// A pair of a span and a scale: a dependent class whose member is one.
template <class T, int K> struct Scaled {
	Span<T> s;
	T by[K];
};

#define THREADS 64

template <class T> __global__ void scale(Span<T> out, Span<T> in, T by)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < out.n)
		out[i] = in[i] * by;
}

// A barrier, so that loop fission keeps the parameter across two thread loops.
template <class T, int K> __global__ void reverse_tiles(Scaled<T, K> out, Span<T> in)
{
	__shared__ T tile[THREADS];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	tile[threadIdx.x] = i < in.n ? in[i] : T(0);
	__syncthreads();
	if (i < out.s.n)
		out.s[i] = tile[THREADS - 1 - threadIdx.x] * out.by[K - 1];
}

int main()
{
	const int n = 1000, blocks = (n + THREADS - 1) / THREADS;
	float *in, *out, hin[n], hout[n];
	int *counts, hc[2] = { -1, -1 }, fails = 0;

	for (int i = 0; i < n; i++)
		hin[i] = (float)(i % 17);
	cudaMalloc(&in, n * sizeof(float));
	cudaMalloc(&out, blocks * THREADS * sizeof(float));
	cudaMalloc(&counts, 2 * sizeof(int));
	cudaMemset(counts, 0, 2 * sizeof(int));
	cudaMemcpy(in, hin, n * sizeof(float), cudaMemcpyHostToDevice);
	Counters c = { counts, counts + 1 };
	{
		Span<float> sin(in, n, c), sout(out, n, c);

		scale<float><<<blocks, THREADS>>>(sout, sin, 3.0f);
		cudaMemcpy(hout, out, n * sizeof(float), cudaMemcpyDeviceToHost);
		for (int i = 0; i < n && !fails; i++)
			if (hout[i] != hin[i] * 3.0f) {
				printf("scale: [%d] = %g, want %g\n", i, hout[i], hin[i] * 3.0f);
				fails++;
			}

		Scaled<float, 2> so = { Span<float>(out, n, c), { 1.0f, 0.5f } };

		reverse_tiles<float, 2><<<blocks, THREADS>>>(so, sin);
		cudaMemcpy(hout, out, n * sizeof(float), cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i++) {
			int j = i / THREADS * THREADS + THREADS - 1 - i % THREADS;
			float want = (j < n ? hin[j] : 0.0f) * 0.5f;

			if (hout[i] != want) {
				printf("reverse_tiles: [%d] = %g, want %g\n", i, hout[i], want);
				fails++;
				break;
			}
		}
	}
	cudaMemcpy(hc, counts, 2 * sizeof(int), cudaMemcpyDeviceToHost);
	if (hc[0] != 0 || hc[1] != 0) {
		printf("device copies %d, device destructions %d, want 0 and 0\n", hc[0], hc[1]);
		fails++;
	}
	if (cudaDeviceSynchronize() != cudaSuccess)
		fails++;
	cudaFree(in);
	cudaFree(out);
	cudaFree(counts);
	printf("%d passed, %d failed\n", 4 - fails, fails);
	printf(fails ? "FAIL\n" : "PASS\n");
	return fails != 0;
}
