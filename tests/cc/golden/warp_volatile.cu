// The unrolled last warp of a block reduction over volatile shared memory
// (issue 40; lib/cc/warp_volatile.c): in lock step each statement
// `v[t] op= v[t + K]` is an ascending loop over the lanes, run by the
// block's leader between two split points, so the kernel stays with loop
// fission (it ran as fibers, a rendezvous per statement): inline, in a
// __device__ function, in the SDK's template, a warp at a time (a mask of
// lanes where they are not 0 .. n - 1).  Other forms keep the fibers.

__global__ void tail_inline(const float *in, float *out)
{
	__shared__ float s[64];
	unsigned tid = threadIdx.x;

	s[tid] = in[blockIdx.x * 64 + tid];
	__syncthreads();
	if (tid < 32) {
		volatile float *v = s;
		v[tid] = v[tid] + v[tid + 32];
		v[tid] += v[tid + 16];
		v[tid] *= v[tid + 8];
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// CXX-LABEL: static void tail_inline__block(
// CXX: if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) for (unsigned __idxgen_vw = 0, __idxgen_vn = 0, __idxgen_vm; (__idxgen_vm = idxgen_cc_lockstep_warp(blockDim.x, blockDim.x * blockDim.y * blockDim.z, &__idxgen_vw, &__idxgen_vn)) != 0;) { if ((__idxgen_vm & (__idxgen_vm + 1u)) == 0) { for (unsigned __idxgen_vt = 0; __idxgen_vt < __idxgen_vn; __idxgen_vt++) s[__idxgen_vt] = s[__idxgen_vt] + s[__idxgen_vt + 32]; for (unsigned __idxgen_vt = 0; __idxgen_vt < __idxgen_vn; __idxgen_vt++) s[__idxgen_vt] += s[__idxgen_vt + 16]; for (unsigned __idxgen_vt = 0; __idxgen_vt < __idxgen_vn; __idxgen_vt++) s[__idxgen_vt] *= s[__idxgen_vt + 8]; } else { for (unsigned __idxgen_vt = 0; __idxgen_vt < __idxgen_vn; __idxgen_vt++) if (__idxgen_vm >> __idxgen_vt & 1u) s[__idxgen_vt] = s[__idxgen_vt] + s[__idxgen_vt + 32]; for (unsigned __idxgen_vt = 0; __idxgen_vt < __idxgen_vn; __idxgen_vt++) if (__idxgen_vm >> __idxgen_vt & 1u) s[__idxgen_vt] += s[__idxgen_vt + 16]; for (unsigned __idxgen_vt = 0; __idxgen_vt < __idxgen_vn; __idxgen_vt++) if (__idxgen_vm >> __idxgen_vt & 1u) s[__idxgen_vt] *= s[__idxgen_vt + 8]; } }
// CXX-NOT: volatile float
// CXX-LABEL: static void tail_call__block(
// MODEL-LABEL: kernel tail_inline: fission
// MODEL: warp-synchronous tail: line 16's statements over threadIdx.x < 32, each an ascending loop over the lanes (lock step), run by the block's leader

// a __device__ function of the pointer and the index, called with the array and threadIdx.x
__device__ void last_warp(unsigned t, volatile int *sm)
{
	sm[t] += sm[t + 2];
	sm[t] ^= sm[t + 1];
}

__global__ void tail_call(const int *in, int *out)
{
	__shared__ int sm[64];

	sm[threadIdx.x] = in[threadIdx.x];
	__syncthreads();
	if (threadIdx.x < warpSize)
		last_warp(threadIdx.x, sm);
	out[threadIdx.x] = sm[threadIdx.x];
}
// MODEL-LABEL: kernel tail_call: fission
// CXX: for (unsigned __idxgen_vt = 0; __idxgen_vt < __idxgen_vn; __idxgen_vt++) sm[__idxgen_vt] += sm[__idxgen_vt + 2]; for (unsigned __idxgen_vt = 0; __idxgen_vt < __idxgen_vn; __idxgen_vt++) sm[__idxgen_vt] ^= sm[__idxgen_vt + 1]; }

// the SDK's template: each step under a condition on the block size, tested with the call's argument
template <unsigned BS> __device__ void last_warp_t(volatile float *sm, unsigned t)
{
	if (BS >= 64)
		sm[t] += sm[t + 32];
	if (BS >= 32)
		sm[t] += sm[t + 16];
}

template <unsigned BLOCK> __global__ void tail_template(float *io)
{
	__shared__ float s[BLOCK];
	unsigned t = threadIdx.x;

	s[t] = io[t];
	__syncthreads();
	if (t < 32)
		last_warp_t<BLOCK>(s, t);
	io[t] = s[t];
}
template __global__ void tail_template<64>(float *);
// MODEL-LABEL: kernel tail_template: fission
// CXX-LABEL: static void tail_template__block(
// CXX: if ((BLOCK) >= 64) for (unsigned __idxgen_vt = 0; __idxgen_vt < __idxgen_vn; __idxgen_vt++) s[__idxgen_vt] += s[__idxgen_vt + 32]; if ((BLOCK) >= 32) for (unsigned __idxgen_vt = 0; __idxgen_vt < __idxgen_vn; __idxgen_vt++) s[__idxgen_vt] += s[__idxgen_vt + 16]; }

// refused: a lane may have returned (it must not run the tail)
__global__ void tail_after_return(const float *in, float *out, int n)
{
	__shared__ float s[64];
	unsigned tid = threadIdx.x;

	if ((int)(blockIdx.x * 64 + tid) >= n)
		return;
	s[tid] = in[blockIdx.x * 64 + tid];
	__syncthreads();
	if (tid < 32) {
		volatile float *v = s;
		v[tid] += v[tid + 32];
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}
// MODEL-LABEL: kernel tail_after_return: fibers

// refused: a scan reads below the lane (lane t - 1 writes before lane t reads in an ascending loop)
__global__ void tail_scan(int *io)
{
	__shared__ int s[64];
	unsigned tid = threadIdx.x;

	s[tid + 32] = io[tid];
	__syncthreads();
	if (tid < 32) {
		volatile int *v = s + 32;
		v[tid] += v[tid - 1];
	}
	io[tid] = s[tid + 32];
}
// MODEL-LABEL: kernel tail_scan: fibers

// refused: the pointer differs from thread to thread (the leader's is not another lane's)
__global__ void tail_per_thread_ptr(const int *in, int *out)
{
	__shared__ int s[128];
	unsigned tid = threadIdx.x;

	s[tid] = in[tid];
	__syncthreads();
	if (tid < 32) {
		volatile int *v = s + (blockIdx.x & 1) * 64 + tid / 64;
		v[tid] += v[tid + 32];
	}
	out[tid] = s[tid];
}
// MODEL-LABEL: kernel tail_per_thread_ptr: fibers

// refused: 16 lanes (only the condition tid < 32 is taken)
__global__ void tail_half(const int *in, int *out)
{
	__shared__ int s[64];
	unsigned tid = threadIdx.x;

	s[tid] = in[tid];
	__syncthreads();
	if (tid < 16) {
		volatile int *v = s;
		v[tid] += v[tid + 16];
	}
	out[tid] = s[tid];
}
// MODEL-LABEL: kernel tail_half: fibers

// not taken: the same steps on the array itself, without volatile (lockstep.c's case)
__global__ void tail_plain_array(int *io)
{
	__shared__ int s[64];
	unsigned tid = threadIdx.x;

	s[tid] = io[tid];
	__syncthreads();
	if (tid < 32) {
		s[tid] += s[tid + 32];
		s[tid] += s[tid + 16];
	}
	io[tid] = s[tid];
}
// CXX-LABEL: static void tail_plain_array__block(
// CXX-NOT: idxgen_cc_lockstep_warp
// CXX-LABEL: tail_plain_array__kernel = 
