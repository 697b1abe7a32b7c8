// Kernel heads whose comments hold preprocessor lines (lib/cc/head_text.c):
// a commented-out `#ifdef` in smooth's parameter list, and a conditional in
// scale's whose `#if` line carries a comment over two lines, the second
// starting with `#endif`.  The host stub of a fiber kernel copies its head
// again, and a template kernel's registration repeats it under loop
// fission, each copy balanced for the groups it closes or leaves open; the
// directives in the comments were counted: an `#endif` added after
// smooth's copy ("#endif without #if"), an `#if 1` before scale's with no
// `#endif` to close it.  Now the copies are as written.
#define TILE 64

__global__ void smooth(float *out,
/* a debug counter, off since the tile grew:
#ifdef DEBUG_SMOOTH
		       int *debug_hits,
*/
		       const float *in, int n)
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

template <typename T>
__global__ void scale(T *out,
#if defined(IN_PLACE) /* out is scaled where it is; the input
#endif                   of the other branch is a separate array */
		      T by,
#else
		      const T *in, T by,
#endif
		      int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[i] * by;
}

void launch(float *out, const float *in, int n)
{
	smooth<<<(n + TILE - 1) / TILE, TILE>>>(out, in, n);
	scale<float><<<(n + TILE - 1) / TILE, TILE>>>(out, in, 0.5f, n);
}

// MODEL: kernel smooth: fibers
// MODEL: kernel scale: fission
// CXX: const struct idxgen_rt_kernel smooth__kernel =
// CXX-NOT: #endif
// CXX: __global__ void smooth(float *out,
// CXX-NEXT: /* a debug counter, off since the tile grew:
// CXX-NEXT: #ifdef DEBUG_SMOOTH
// CXX-NEXT: int *debug_hits,
// CXX-NEXT: */
// CXX-NEXT: const float *in, int n)
// CXX-NOT: #endif
// CXX: void *__args[] = { (void *)&out, (void *)&in, (void *)&n };
// CXX: const struct idxgen_rt_kernel scale__kernel =
// CXX-NEXT: template <typename T>
// CXX-NEXT: __global__ void scale(T *out,
// CXX-NEXT: #if defined(IN_PLACE) /* out is scaled where it is; the input
// CXX-NEXT: #endif of the other branch is a separate array */
// CXX-NEXT: T by,
// CXX-NEXT: #else
// CXX-NEXT: const T *in, T by,
// CXX-NEXT: #endif
// CXX-NEXT: int n)
// CXX-NEXT: ;
