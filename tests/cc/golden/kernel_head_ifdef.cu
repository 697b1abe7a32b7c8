// A kernel whose head a preprocessor conditional chooses, its `#endif`
// between the head and the body (GPGPU-Sim ispass2009 RAY's render).  As
// fibers the kernel's text stays, directives and all, and the host stub
// copied its head again with the `#endif`: "#endif without #if".  The copy
// is now balanced, an `#if 1` before it for the group it closes (the branch
// it starts in was taken), and so is the declaration a template kernel's
// registration repeats: with the group around `template <...>` too, loop
// fission's two copies of the head closed it twice.  lib/cc/head_text.c.
#define TILE 64

#ifdef SHADE_DEBUG
__global__ void shade(int *hits, float *out, const float *in, int n)
#else
__global__ void shade(float *out, const float *in, int n)
#endif
{
	__shared__ float tile[TILE];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (threadIdx.x < TILE) {
		tile[threadIdx.x] = i < n ? in[i] : 0.0f;
		__syncthreads();
		if (i < n)
			out[i] = tile[(threadIdx.x + 1) % TILE];
	}
}

#ifdef SHADE_DEBUG
template <typename T> __global__ void offset(int *hits, T *out, T by, int n)
#else
template <typename T> __global__ void offset(T *out, T by, int n)
#endif
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] += by;
}

void launch(float *out, const float *in, int n)
{
	shade<<<(n + TILE - 1) / TILE, TILE>>>(out, in, n);
	offset<float><<<(n + TILE - 1) / TILE, TILE>>>(out, 0.5f, n);
}

// MODEL: kernel shade: fibers
// MODEL: kernel offset: fission
// CXX: const struct idxgen_rt_kernel shade__kernel =
// CXX: #if 1
// CXX-NEXT: __global__ void shade(float *out, const float *in, int n)
// CXX-NEXT: #endif
// CXX: void *__args[] = { (void *)&out, (void *)&in, (void *)&n };
// CXX: const struct idxgen_rt_kernel offset__kernel =
// CXX-NEXT: template <typename T>
// CXX-NEXT: #if 1
// CXX-NEXT: __global__ void offset(T *out, T by, int n)
// CXX-NEXT: #endif
// CXX-NEXT: ;
// CXX: const int offset__reg =
// CXX-NEXT: template <typename T>
// CXX-NEXT: __global__ void offset(T *out, T by, int n)
// CXX-NEXT: #endif
// CXX: void *__args[] = { (void *)&out, (void *)&by, (void *)&n };
