// Warp-synchronous statements over volatile memory run in lockstep (issue
// 40, lib/cc/warp_volatile.c): a statement that writes a volatile lvalue in
// memory and reads another gets its reads into temporaries, then
// __syncwarp(), the statement on the temporaries, __syncwarp(): every
// thread of the warp reads before any writes, as the idiom assumes.  These
// kernels run as fibers (the calls are not in blocks of their own), so the
// C++ shows the rewritten text, each volatile store then also a rendezvous
// of the fiber lanes (whole.c, __idxgen_cc_vstore: the fibers' own lockstep
// for warp-synchronous code, which the C path and loop fission lack).
__device__ void last_warp(volatile int *s, unsigned t)
{
	s[t] += s[t + 32];
	s[t] = s[t] + s[t + 16];
	if (t < 8)
		s[t] += s[t + 8];
	for (unsigned k = 4; k > 0; k >>= 1)
		s[t] += s[t + k];
}
// CXX-LABEL: void last_warp(
// CXX: { int __idxgen_vr0 = (s[t + 32]); __syncwarp(); __idxgen_cc_vstore(s[t], (s[t]) + (__idxgen_vr0)); __syncwarp(); }
// CXX-NEXT: { int __idxgen_vr0 = (s[t]); int __idxgen_vr1 = (s[t + 16]); __syncwarp(); __idxgen_cc_vstore(s[t], __idxgen_vr0 + __idxgen_vr1); __syncwarp(); }
// CXX-NEXT: if (t < 8)
// CXX-NEXT: { int __idxgen_vr0 = (s[t + 8]); __syncwarp(); __idxgen_cc_vstore(s[t], (s[t]) + (__idxgen_vr0)); __syncwarp(); }
// CXX-NEXT: for (unsigned k = 4; k > 0; k >>= 1)
// CXX-NEXT: { int __idxgen_vr0 = (s[t + k]); __syncwarp(); __idxgen_cc_vstore(s[t], (s[t]) + (__idxgen_vr0)); __syncwarp(); }

// a type a template leaves open: the temporary has it without volatile
template <typename T> __device__ void last_warp_t(volatile T *s, unsigned t)
{
	s[t] += s[t + 1];
}
// CXX-LABEL: void last_warp_t(
// CXX: { T __idxgen_vr0 = (s[t + 1]); __syncwarp(); __idxgen_cc_vstore(s[t], (s[t]) + (__idxgen_vr0)); __syncwarp(); }

// left as written: a read under ?: or && (it runs only as the program says),
// a read alone, a write alone, a volatile local (the thread's own), a read
// nested in another's index, a call in the statement
__device__ int f(int x)
{
	return x + 1;
}
__device__ void left_alone(volatile int *s, unsigned t, int c)
{
	volatile int local = 3;

	s[t] = c ? s[t + 1] : 0;
	s[t] = c && s[t + 1];
	int x = s[t + 2];
	s[t] = x;
	local += 1;
	s[t] = s[s[t + 1]];
	s[t] = f(s[t + 1]);
	s[t + 3] = local;
}
// CXX-LABEL: void left_alone(
// CXX-NOT: __idxgen_vr
// CXX: __idxgen_cc_vstore(s[t], c ? s[t + 1] : 0);
// CXX-NEXT: __idxgen_cc_vstore(s[t], c && s[t + 1]);
// CXX-NEXT: int x = s[t + 2];
// CXX-NEXT: __idxgen_cc_vstore(s[t], x);
// CXX-NEXT: __idxgen_cc_vstore(local, (local) + (1));
// CXX-NEXT: __idxgen_cc_vstore(s[t], s[s[t + 1]]);
// CXX-NEXT: __idxgen_cc_vstore(s[t], f(s[t + 1]));
// CXX-NEXT: __idxgen_cc_vstore(s[t + 3], local);

__global__ void block_sum(const int *in, int *out, float *fo)
{
	__shared__ int s[64];
	__shared__ float fs[64];
	unsigned t = threadIdx.x;

	s[t] = in[t];
	fs[t] = (float)in[t];
	__syncthreads();
	if (t < 32)
		last_warp(s, t);
	if (t < 32)
		last_warp_t<float>(fs, t);
	if (t == 0) {
		left_alone(s, t, 1);
		out[0] = s[0];
		fo[0] = fs[0];
	}
}
// MODEL: kernel block_sum: fibers (calls 'last_warp', which suspends the thread
