// A kernel parameter assigned by code that runs once per block (issue 38:
// HeCBench groupnorm's "x += blockIdx.x * n;", stencil3d's tile pointers):
// each block unpacks its own copy of the parameters, so the write runs once
// per block, in front of the thread loops, and the kernel stays with loop
// fission (it went to fibers: "kernel parameter 'x' is assigned").
#define AT(p, r, c) p[w * (r) + (c)]

__global__ void group_sum(const float *x, float *out, int n)
{
	__shared__ float s[256];
	x += blockIdx.x * n;
	float v = 0.0f;
	for (int i = threadIdx.x; i < n; i += blockDim.x)
		v += x[i];
	s[threadIdx.x] = v;
	__syncthreads();
	if (threadIdx.x == 0) {
		float t = 0.0f;
		for (unsigned i = 0; i < blockDim.x; i++)
			t += s[i];
		out[blockIdx.x] = t;
	}
}
// CHECK-LABEL: static void group_sum__block(
// CHECK: const float * x = *(const float * *)__b->args[0];
// CHECK: /* uniform: once per block */
// CHECK-NEXT: x += blockIdx.x * n;
// CHECK-NEXT: /* thread loop 0:
// CHECK-NOT: x += blockIdx.x * n;
// CHECK: .priv_bytes =
// PLAN-LABEL: kernel group_sum:
// PLAN: once per block: line 11
// PLAN: x (line 8): per block: a kernel parameter (the block's copy, assigned by code that runs once per block)
// PLAN: n (line 8): per block: a kernel parameter (one copy, read only)
// MODEL: kernel group_sum: fission

// A write between two thread loops: the first reads the old value, the
// write is not moved in front of it; a uniform loop with a barrier moves
// the pointer each round.
__global__ void rows(float *dst, const float *src, int w, int rounds)
{
	__shared__ float s[64];
	s[threadIdx.x] = src[threadIdx.x];
	src += w;
	__syncthreads();
	for (int r = 0; r < rounds; r++) {
		dst[threadIdx.x] += s[(threadIdx.x + 1) % 64] + src[threadIdx.x];
		src += w;
		__syncthreads();
	}
}
// CHECK-LABEL: static void rows__block(
// CHECK: /* thread loop 0:
// CHECK: s[threadIdx.x] = src[threadIdx.x];
// CHECK: /* uniform: once per block */
// CHECK-NEXT: src += w;
// CHECK: /* thread loop 1:
// CHECK: dst[threadIdx.x] += s[(threadIdx.x + 1) % 64] + src[threadIdx.x];
// CHECK: /* uniform: once per block */
// CHECK-NEXT: src += w;
// MODEL: kernel rows: fission

// A parameter read inside a macro in a thread loop: its text is the
// macro's call, which an assignment follows; "w" is not assigned (the
// operator of "w * (r)" was read as the "=" after the call: the kernel went
// to fibers, "kernel parameter 'w' is assigned").
__global__ void tile_copy(float *dst, const float *src, int w)
{
	__shared__ float s[16][16];
	s[threadIdx.y][threadIdx.x] = AT(src, threadIdx.y, threadIdx.x);
	__syncthreads();
	dst[threadIdx.y * w + threadIdx.x] = s[threadIdx.x][threadIdx.y];
	AT(dst, threadIdx.x, threadIdx.y) = 1.0f;
}
// PLAN-LABEL: kernel tile_copy:
// PLAN: w (line 67): per block: a kernel parameter (one copy, read only)
// MODEL: kernel tile_copy: fission
