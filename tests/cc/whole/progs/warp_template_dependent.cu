// Warp-level functions written in kernel templates on values of the template
// parameter's type, as type-generic scan and reduction kernels write them:
// the calls stay unresolved in the template (an overload set, not a
// function), so loop fission's warp lowering never saw them and the launch
// stopped with "a warp-level function called outside a fiber kernel".  Such
// kernels run as fibers (lib/cc/fiber_plan.c); each result is compared with
// a host computation.
//  - warp_scan<T>: inclusive scan of a warp with __shfl_up_sync (int, float);
//  - warp_max<T>: butterfly maximum with __shfl_xor_sync (double);
//  - count_positive<T>: __ballot_sync over a comparison with T(0) (float).
#include <cstdio>
#include <cuda_runtime.h>

#define FULL 0xffffffffu
#define N 128

template <typename T> __global__ void warp_scan(const T *in, T *out)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31;
	T x = in[i];

	for (int d = 1; d < 32; d <<= 1) {
		T y = __shfl_up_sync(FULL, x, d);
		if (lane >= d)
			x += y;
	}
	out[i] = x;
}

template <typename T> __global__ void warp_max(const T *in, T *out)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	T m = in[i];

	for (int k = 16; k > 0; k >>= 1) {
		T o = __shfl_xor_sync(FULL, m, k);
		m = o > m ? o : m;
	}
	out[i] = m;
}

template <typename T> __global__ void count_positive(const T *in, int *out)
{
	const int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned b = __ballot_sync(FULL, in[i] > T(0));

	if ((threadIdx.x & 31) == 0)
		out[i / 32] = __popc(b);
}

template <typename T> static int check_scan(const T *in, const T *out)
{
	int bad = 0;

	for (int w = 0; w < N / 32; w++) {
		T run = 0;

		for (int l = 0; l < 32; l++) {
			run += in[w * 32 + l];
			bad += out[w * 32 + l] != run;
		}
	}
	return bad;
}

int main()
{
	int *ii, *io, *cnt;
	float *fi, *fo;
	double *di, *dout;
	int bad = 0;

	cudaMallocManaged(&ii, N * sizeof(int));
	cudaMallocManaged(&io, N * sizeof(int));
	cudaMallocManaged(&fi, N * sizeof(float));
	cudaMallocManaged(&fo, N * sizeof(float));
	cudaMallocManaged(&di, N * sizeof(double));
	cudaMallocManaged(&dout, N * sizeof(double));
	cudaMallocManaged(&cnt, N / 32 * sizeof(int));
	for (int i = 0; i < N; i++) {
		ii[i] = (i * 7) % 13 - 6;
		fi[i] = (float)((i * 5) % 9) - 4.0f;
		di[i] = (double)((i * 37) % 101) / 4.0;
	}
	warp_scan<int><<<2, 64>>>(ii, io);
	warp_scan<float><<<2, 64>>>(fi, fo);
	cudaDeviceSynchronize();
	bad += check_scan(ii, io);
	bad += check_scan(fi, fo);
	warp_max<double><<<N / 32, 32>>>(di, dout);
	count_positive<float><<<1, N>>>(fi, cnt);
	if (cudaDeviceSynchronize() != cudaSuccess)
		bad++;
	for (int w = 0; w < N / 32; w++) {
		double m = di[w * 32];
		int pos = 0;

		for (int l = 0; l < 32; l++) {
			m = di[w * 32 + l] > m ? di[w * 32 + l] : m;
			pos += fi[w * 32 + l] > 0.0f;
		}
		for (int l = 0; l < 32; l++)
			bad += dout[w * 32 + l] != m;
		bad += cnt[w] != pos;
	}
	printf("%d wrong\n", bad);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
