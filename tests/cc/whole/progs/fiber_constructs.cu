// The constructs loop fission refuses (tests/cc/whole/bad/ with
// --exec-model=fission) run as fibers by default: __syncthreads() in a
// __device__ function, a barrier under a condition that depends on the
// thread but is uniform at run time, a value of a class with a constructor
// and a reference live across a barrier, a value initialized by a converting
// constructor call ("T v(x)") live across a barrier, __syncthreads_count, a
// __shared__ union of an unnamed type (as CUB's TempStorage unions; failed
// to translate before).  Each result against a host reference.
#include <cstdio>
#include <cuda_runtime.h>

#define N 64

__device__ void stage(int *s, int v)
{
	s[threadIdx.x] = v;
	__syncthreads();
}

struct Fixed {
	int raw;
	Fixed() = default;
	__device__ Fixed(float f) : raw((int)(f * 16.0f)) {}
};

struct Acc {
	float s;
	__device__ Acc() : s(0) {}
	__device__ void add(float v) { s += v; }
};

__global__ void k(int *out, float *fout, int *cnt)
{
	__shared__ int s[N];
	__shared__ float sh[N];
	__shared__ union {
		int i[N];
		float f[N];
	} u;
	int t = threadIdx.x;
	stage(s, t * 3);
	int mirrored = s[N - 1 - t];
	if (t < blockDim.x) // depends on the thread, true for all of them
		__syncthreads();
	Acc a;
	a.add((float)t);
	sh[t] = a.s;
	int &r = out[blockIdx.x * N + t];
	Fixed fx(0.25f * t);
	__syncthreads();
	a.add(sh[N - 1 - t]);
	u.i[t] = t;
	__syncthreads();
	r = mirrored + fx.raw + u.i[N - 1 - t];
	fout[blockIdx.x * N + t] = a.s;
	int c = __syncthreads_count(t % 3 == 0);
	if (t == 0)
		cnt[blockIdx.x] = c;
}

int main()
{
	const int nb = 3;
	int *out, *cnt;
	float *fout;
	cudaMallocManaged(&out, nb * N * sizeof(int));
	cudaMallocManaged(&fout, nb * N * sizeof(float));
	cudaMallocManaged(&cnt, nb * sizeof(int));
	k<<<nb, N>>>(out, fout, cnt);
	cudaDeviceSynchronize();
	int bad = cudaGetLastError() != cudaSuccess;
	for (int b = 0; b < nb; b++) {
		for (int t = 0; t < N; t++) {
			bad += out[b * N + t] != (N - 1 - t) * 3 + 4 * t + (N - 1 - t);
			bad += fout[b * N + t] != (float)(N - 1);
		}
		bad += cnt[b] != (N + 2) / 3;
	}
	printf("%d wrong\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
