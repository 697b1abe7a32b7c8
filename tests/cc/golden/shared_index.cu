// Device code's `unsigned int` offsets into __shared__ memory
// (lib/cc/shared_index.c): a GPU computes shared addresses in 32 bits, so
// `bd[~mid]` is bd[-mid - 1] there; the CPU widens the offset without its
// sign.  Such an offset is written `(int32_t)(...)` where the pointer is a
// __shared__ array, an element of one, or a local pointer every setting of
// which points into one; a global pointer (64-bit addresses on both), a
// signed offset and an offset known below 2^31 stay as written.  The C path
// (--translate); shared_index_cxx.cu pins the C++ of a template.

__global__ void search(const float *g, float *out, unsigned k)
{
	__shared__ float window[512];
	__shared__ float tile[16][17];
	float *bs = window + 256;	// followed through copies and offsets
	const unsigned tid = threadIdx.x;	// below 2^31: set only here
	unsigned mid = k + tid;
	float *bd = bs + tid;
	float *either = k ? window : out;	// one setting is global memory
	float *moved = window;

	window[tid] = g[tid];
	window[tid + 256] = g[tid + 256];
	tile[tid & 15][tid >> 4] = g[tid];
	__syncthreads();
	moved += k;
	moved -= mid;
	out[tid] = bd[~mid] + *(bd + ~mid) + *(bd - mid) + tile[0][~mid & 7] + tile[~mid][3];
	out[tid + 256] = g[~mid] + either[~mid] + *moved + window[tid + 1] + bs[(int)mid - 1];
	__syncthreads();
	for (unsigned s = 128; s > 0; s >>= 1) {	// a tree's step: below 2^31 too
		if (tid < s)
			window[tid] += window[tid + s];
		__syncthreads();
	}
}

// CHECK-LABEL: static void search__block(
// The pointers live across the barrier are per-thread arrays (bd_[__t]).
// CHECK: moved_[__t] += (int32_t)(k);
// CHECK: moved_[__t] -= (int32_t)(mid);
// CHECK: out[tid] = bd_[__t][(int32_t)(~mid)] + *(bd_[__t] + (int32_t)(~mid)) + *(bd_[__t] - (int32_t)(mid)) + tile[0][~mid & 7] + tile[(int32_t)(~mid)][3];
// A global pointer, one that may be global, a signed offset and offsets below 2^31: as written.
// CHECK: out[tid + 256] = g[~mid] + either_[__t][~mid] + *moved_[__t] + window[tid + 1] + bs_[__t][(int)mid - 1];
// CHECK: window[tid] += window[tid + s];
