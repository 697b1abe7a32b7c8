// Templates as real programs use them: a kernel templated on the element type
// and on the block size (launched through a switch on the runtime block
// size), template __device__ helpers, a functor type parameter, explicit and
// deduced instantiation, and a non-type parameter used for a __shared__ size.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

template <typename T> __device__ T square(T x) { return x * x; }

template <typename T> __device__ __host__ T max_of(T a, T b) { return a > b ? a : b; }

struct AddOp {
	template <typename T> __device__ T operator()(T a, T b) const { return a + b; }
	template <typename T> __device__ static T identity() { return T(0); }
};

struct MaxOp {
	template <typename T> __device__ T operator()(T a, T b) const { return max_of(a, b); }
	template <typename T> __device__ static T identity() { return T(-1000000); }
};

template <typename T, unsigned BLOCK, typename Op>
__global__ void reduce_squares(const T *in, T *out, int n, Op op)
{
	__shared__ T buf[BLOCK];
	unsigned tid = threadIdx.x;
	T acc = Op::template identity<T>();
	for (int i = blockIdx.x * BLOCK + tid; i < n; i += gridDim.x * BLOCK)
		acc = op(acc, square(in[i]));
	buf[tid] = acc;
	__syncthreads();
	for (unsigned s = BLOCK / 2; s > 0; s >>= 1) {
		if (tid < s)
			buf[tid] = op(buf[tid], buf[tid + s]);
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = buf[0];
}

template <typename T, typename Op>
T run(const T *h, int n, int block, int blocks, Op op)
{
	T *d_in, *d_out;
	cudaMalloc(&d_in, n * sizeof(T));
	cudaMalloc(&d_out, blocks * sizeof(T));
	cudaMemcpy(d_in, h, n * sizeof(T), cudaMemcpyHostToDevice);
	switch (block) {
	case 64: reduce_squares<T, 64><<<blocks, 64>>>(d_in, d_out, n, op); break;
	case 128: reduce_squares<T, 128, Op><<<blocks, 128>>>(d_in, d_out, n, op); break;
	case 256: reduce_squares<T, 256, Op><<<blocks, 256>>>(d_in, d_out, n, op); break;
	}
	T *part = new T[blocks];
	cudaMemcpy(part, d_out, blocks * sizeof(T), cudaMemcpyDeviceToHost);
	T r = part[0];
	for (int b = 1; b < blocks; b++)
		r = Op::identity_is_zero ? r + part[b] : max_of(r, part[b]);
	delete[] part;
	cudaFree(d_in);
	cudaFree(d_out);
	return r;
}

struct Sum : AddOp { static const bool identity_is_zero = true; };
struct Max : MaxOp { static const bool identity_is_zero = false; };

int main()
{
	const int n = 3001;
	int *hi = new int[n];
	float *hf = new float[n];
	double *hd = new double[n];
	for (int i = 0; i < n; i++) {
		hi[i] = (i % 17) - 8;
		hf[i] = (float)(i % 10) * 0.5f;
		hd[i] = (double)(i % 23) - 11.0;
	}
	long long want_i = 0;
	double want_f = 0, want_d = 0;
	int want_max = 0;
	for (int i = 0; i < n; i++) {
		want_i += hi[i] * hi[i];
		want_f += hf[i] * hf[i];
		want_d += hd[i] * hd[i];
		want_max = max_of(want_max, hi[i] * hi[i]);
	}
	bool ok = true;
	for (int block = 64; block <= 256; block *= 2) {
		int si = run(hi, n, block, 5, Sum());
		float sf = run<float, Sum>(hf, n, block, 7, Sum());
		double sd = run(hd, n, block, 3, Sum());
		int mx = run(hi, n, block, 4, Max());
		ok &= si == want_i && fabs(sf - want_f) < 1e-3 * want_f && sd == want_d && mx == want_max;
		if (!ok)
			printf("block %d: %d %f %f %d\n", block, si, sf, sd, mx);
	}
	delete[] hi;
	delete[] hf;
	delete[] hd;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
