// Template kernels that take a functor by value as a bare template type
// parameter (`template <class F> __global__ void transform(F f, ...)`), as
// generic transform and reduce code writes them, instantiated with functors
// whose copy constructor and destructor count themselves on the device.
// CUDA copies kernel arguments bitwise, so neither runs there (the counters
// stay 0); a plain type (`T by`) and a trivially copyable functor are the
// same byte copy.  The translation bound a class parameter bitwise only
// when its type was a class or a class template's instantiation
// (lib/cc/kernel_param_class.c): a bare `F f` was copy-constructed once per
// block (fission) or per thread (fibers) and destroyed each time.  Results
// against host loops.
#include <cstdio>
#include <cuda_runtime.h>

#define THREADS 64

struct Counters {
	int *copies, *destroyed;
};

// y = a * x + b, counting its device copies and destructions.
struct Affine {
	float a, b;
	Counters c;

	__host__ __device__ Affine(float a_, float b_, Counters c_) : a(a_), b(b_), c(c_) {}
	__host__ __device__ Affine(const Affine &o) : a(o.a), b(o.b), c(o.c)
	{
#ifdef __CUDA_ARCH__
		atomicAdd(c.copies, 1);
#endif
	}
	__host__ __device__ ~Affine()
	{
#ifdef __CUDA_ARCH__
		atomicAdd(c.destroyed, 1);
#endif
	}
	__device__ float operator()(float x) const { return a * x + b; }
};

// A functor whose only special member is its destructor.
struct Clamp {
	float lo, hi;
	int *destroyed;

	__host__ __device__ ~Clamp()
	{
#ifdef __CUDA_ARCH__
		atomicAdd(destroyed, 1);
#endif
	}
	__device__ float operator()(float x) const { return x < lo ? lo : x > hi ? hi : x; }
};

// Trivially copyable: the byte copy is its copy.
struct Square {
	__device__ float operator()(float x) const { return x * x; }
};

template <class F> __global__ void transform(F f, float *out, const float *in, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = f(in[i]);
}

// A barrier, so that loop fission keeps the functor across two thread loops.
template <class F, class T> __global__ void transform_reversed(T scale, F f, float *out, const float *in)
{
	__shared__ float tile[THREADS];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	tile[threadIdx.x] = f(in[i]);
	__syncthreads();
	out[i] = tile[THREADS - 1 - threadIdx.x] * (float)scale;
}

static int compare(const char *what, const float *got, const float *want, int n)
{
	for (int i = 0; i < n; i++)
		if (got[i] != want[i]) {
			printf("%s: [%d] = %g, want %g\n", what, i, got[i], want[i]);
			return 1;
		}
	return 0;
}

int main()
{
	const int n = 1024, blocks = n / THREADS;
	float hin[n], hout[n], want[n], *in, *out;
	int *counts, hc[3] = { -1, -1, -1 }, fails = 0;

	for (int i = 0; i < n; i++)
		hin[i] = (float)(i % 23) - 11.0f;
	cudaMalloc(&in, sizeof(hin));
	cudaMalloc(&out, sizeof(hout));
	cudaMalloc(&counts, sizeof(hc));
	cudaMemset(counts, 0, sizeof(hc));
	cudaMemcpy(in, hin, sizeof(hin), cudaMemcpyHostToDevice);
	{
		Counters c = { counts, counts + 1 };
		Affine aff(2.0f, 0.5f, c);
		Clamp clamp = { -3.0f, 4.0f, counts + 2 };

		transform<<<blocks, THREADS>>>(aff, out, in, n);
		cudaMemcpy(hout, out, sizeof(hout), cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i++)
			want[i] = 2.0f * hin[i] + 0.5f;
		fails += compare("transform(Affine)", hout, want, n);

		transform<<<blocks, THREADS>>>(clamp, out, in, n);
		cudaMemcpy(hout, out, sizeof(hout), cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i++)
			want[i] = hin[i] < -3.0f ? -3.0f : hin[i] > 4.0f ? 4.0f : hin[i];
		fails += compare("transform(Clamp)", hout, want, n);

		transform<Square><<<blocks, THREADS>>>(Square(), out, in, n);
		cudaMemcpy(hout, out, sizeof(hout), cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i++)
			want[i] = hin[i] * hin[i];
		fails += compare("transform(Square)", hout, want, n);

		transform_reversed<<<blocks, THREADS>>>(3, aff, out, in);
		cudaMemcpy(hout, out, sizeof(hout), cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i++) {
			int j = i / THREADS * THREADS + THREADS - 1 - i % THREADS;

			want[i] = (2.0f * hin[j] + 0.5f) * 3.0f;
		}
		fails += compare("transform_reversed(int, Affine)", hout, want, n);
	}
	cudaMemcpy(hc, counts, sizeof(hc), cudaMemcpyDeviceToHost);
	if (hc[0] != 0 || hc[1] != 0 || hc[2] != 0) {
		printf("device copies %d, destructions %d and %d, want 0, 0 and 0\n", hc[0], hc[1], hc[2]);
		fails++;
	}
	if (cudaDeviceSynchronize() != cudaSuccess)
		fails++;
	cudaFree(in);
	cudaFree(out);
	cudaFree(counts);
	printf("%d passed, %d failed\n", 5 - fails, fails);
	printf(fails ? "FAIL\n" : "PASS\n");
	return fails != 0;
}
