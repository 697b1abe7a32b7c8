// Built with -D of every upper-case letter and of the names public CUDA
// code sizes itself with (N, M, K, SIZE, BLOCK_SIZE, DIM, TILE, WARP_SIZE,
// BLOCK, THREADS): no identifier of our headers or of the code idxgen-cc
// writes may be reachable by a user's macro.  The kernels touch every
// header: warp functions, cooperative groups, templates, vector types,
// math and integer intrinsics, atomics, the runtime API.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_runtime.h>
#include <cuda_runtime_api.h>
#include <device_launch_parameters.h>
#include <math_constants.h>
#include <vector_functions.h>
#ifdef IDXGEN_CUDART_ABI_VERSION
#include <cuda.h> // NVIDIA's own has a parameter named N (cuMemsetD8_v2): ours only
#endif
#include <cuda_profiler_api.h>

namespace cg = cooperative_groups;

#ifndef N
#error "built without -DN"
#endif

template <typename Elem, int Width> __device__ Elem scaled(Elem v)
{
	return v * (Elem)Width;
}

typedef int Elem;
__global__ void warps(const Elem *in, Elem *out, int *count, int n)
{
	__shared__ Elem tmp[128];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	Elem v = i < n ? in[i] : (Elem)0;
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(0xffffffffu, v, off);
	unsigned b = __ballot_sync(0xffffffffu, i % 3 == 0);
	int any = __any_sync(0xffffffffu, i == 5);
	int all = __all_sync(0xffffffffu, i >= 0);
	Elem x = __shfl_xor_sync(0xffffffffu, v, 1);
	Elem u = __shfl_up_sync(0xffffffffu, v, 1);
	Elem s = __shfl_sync(0xffffffffu, v, 0);
	unsigned m = __match_any_sync(0xffffffffu, i / 4);
	__syncwarp();
	tmp[threadIdx.x] = scaled<Elem, 2>(v) + x - x + u - u + s - s;
	__syncthreads();
	if (threadIdx.x % 32 == 0) {
		out[i / 32] = tmp[threadIdx.x];
		atomicAdd(count, __popc(b) + any + all + __popc(m) - 4 - 32 + __reduce_add_sync(0xffffffffu, 0));
	}
}

template <typename Val, int Step> __global__ void strided(Val *a, int n)
{
	__shared__ Val tile[64];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	tile[threadIdx.x] = i < n ? a[i] : Val();
	__syncthreads();
	if (i < n)
		a[i] = scaled<Val, Step>(tile[(threadIdx.x + 1) % blockDim.x]);
}

__global__ void groups(const int *in, int *out)
{
	cg::thread_block block = cg::this_thread_block();
	cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
	cg::thread_block_tile<8> eight = cg::tiled_partition<8>(block);
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i];
	int a = cg::reduce(warp, v, cg::plus<int>());
	int lo = cg::reduce(eight, v, cg::less<int>());
	int hi = cg::reduce(eight, v, cg::greater<int>());
	int w = warp.shfl_down(v, 1) + eight.shfl_xor(v, 1) + (int)warp.ballot(1) + warp.any(1) + eight.all(1);
	block.sync();
	out[i] = a + lo + hi + (w != 0) + (int)(block.thread_rank() - threadIdx.x) + (int)eight.meta_group_rank() * 0;
}

__global__ void maths(float4 *f, double *d, unsigned *u)
{
	int i = threadIdx.x;
	float4 a = make_float4(1.f, 2.f, 3.f, (float)i);
	f[i] = make_float4(sqrtf(a.x), __fdividef(a.y, 2.f), fminf(a.z, CUDART_PI_F), __saturatef(a.w));
	d[i] = fma(2.0, (double)i, CUDART_PI) + rsqrt(4.0);
	u[i] = __brev((unsigned)i) + __clz(i + 1) + __ffs(i) + __byte_perm(1u, 2u, 0x3210u) + umin(3u, 4u);
	atomicMax(u + 32, (unsigned)i);
}

int main()
{
	const int n = 128;
	int *in, *out, *count;
	cudaMallocManaged(&in, n * sizeof(int));
	cudaMallocManaged(&out, n * sizeof(int));
	cudaMallocManaged(&count, sizeof(int));
	for (int i = 0; i < n; i++)
		in[i] = i;
	*count = 0;
	warps<<<dim3(1), dim3(n)>>>(in, out, count, n);
	cudaDeviceSynchronize();
	bool ok = cudaGetLastError() == cudaSuccess;
	for (int w = 0; w < n / 32; w++) {
		int want = 0;
		for (int k = 0; k < 32; k++)
			want += 32 * w + k;
		ok = ok && out[w] == 2 * want;
	}
	groups<<<1, n>>>(in, out);
	cudaDeviceSynchronize();
	for (int i = 0; i < n; i++) {
		int w = i - i % 32, e = i - i % 8, want = 0;
		for (int k = 0; k < 32; k++)
			want += w + k;
		ok = ok && out[i] == want + e + e + 7 + 1;
	}
	double *t;
	cudaMallocManaged(&t, 64 * sizeof(double));
	for (int i = 0; i < 64; i++)
		t[i] = i;
	strided<double, 3><<<2, 32>>>(t, 64);
	cudaDeviceSynchronize();
	for (int i = 0; i < 64; i++)
		ok = ok && t[i] == 3.0 * (i - i % 32 + (i + 1) % 32);
	cudaFree(t);
	float4 *f;
	double *d;
	unsigned *u;
	cudaMallocManaged(&f, 32 * sizeof(float4));
	cudaMallocManaged(&d, 32 * sizeof(double));
	cudaMallocManaged(&u, 33 * sizeof(unsigned));
	u[32] = 0;
	maths<<<1, 32>>>(f, d, u);
	cudaDeviceSynchronize();
	ok = ok && f[3].x == 1.f && f[3].y == 1.f && d[1] > 5.6 && u[32] == 31;
	cudaFree(in);
	cudaFree(out);
	cudaFree(count);
	cudaFree(f);
	cudaFree(d);
	cudaFree(u);
	printf("N=%d\n%s\n", (int)N, ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
