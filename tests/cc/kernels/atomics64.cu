/* The 64-bit and floating atomics CUDA has beside the 32-bit ones: atomicAdd
 * on unsigned long long and double, atomicMin/Max on unsigned long long and
 * long long, atomicAnd/Or/Xor/Exch/CAS on unsigned long long, atomicExch on
 * float, atomicCAS on unsigned short, atomicInc/Dec.  The C path's prelude
 * lacked the 64-bit overloads, so such a kernel was refused (issue 40). */

/* Each thread i < n applies every operation once; the old values of the
 * exchanges are kept per thread so that the test can check that each one
 * saw a different previous value. */
__global__ void atomics64(const int *in, unsigned long long *u, long long *ll, double *d, float *f,
			  unsigned int *w, unsigned short *h, unsigned long long *uold, float *fold, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	unsigned long long v = (unsigned long long)in[i];
	atomicAdd(&u[0], v << 33);
	atomicMax(&u[1], (v << 32) | (unsigned long long)i);
	atomicMin(&u[2], (v << 32) | (unsigned long long)i);
	atomicAnd(&u[3], ~(1ull << (32 + i % 31)));
	atomicOr(&u[4], 1ull << (i % 64));
	atomicXor(&u[5], (unsigned long long)i << 32);
	uold[i] = atomicExch(&u[6], (unsigned long long)i << 32);
	/* the CAS loop programs write to build an operation CUDA lacks */
	unsigned long long old = u[7], seen;
	do {
		seen = old;
		old = atomicCAS(&u[7], seen, seen + (1ull << 40));
	} while (old != seen);
	atomicMin(&ll[0], -((long long)in[i] << 32));
	atomicMax(&ll[1], -((long long)in[i] << 32));
	atomicAdd(&d[0], 0.25 * (double)(in[i] & 7));
	fold[i] = atomicExch(&f[0], (float)i);
	atomicInc(&w[0], 9u);
	atomicDec(&w[1], 9u);
	atomicCAS(&h[0], (unsigned short)0, (unsigned short)7);
}

/* One unsigned long long counter for the whole grid: aggregate.c sums the
 * block's adds in a local and adds once (the C path's 64-bit form); the
 * condition's leading part `i < n` bounds the loop (guard.c). */
__global__ void sum64(const int *in, unsigned long long *s, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n && (in[i] & 1))
		atomicAdd(s, (unsigned long long)in[i] * 3000000000ull);
}

/* Floating adds to one address, kept in order per thread loop and applied
 * one by one (aggregate.c): adding 1 to 2^24 (float) or 2^53 (double)
 * rounds back to it in every order, where a sum per block would not;
 * quarters sum exactly in any order. */
__global__ void fsum(const int *in, float *f, double *d, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float q = (float)(in[i] & 7) * 0.25f;

		atomicAdd(&f[0], 1.0f);
		atomicAdd(&d[0], 1.0);
		atomicAdd(&f[1], q);
	}
}

/* Arguments named as the local variables of the C's atomic and min/max
 * macros once were: a, v, c and o live across the barrier, so the C names
 * them a_[__t], v_[__t], ... (per-thread arrays), which those statement
 * expressions' own locals a_, v_, c_, o_ shadowed (C that did not compile);
 * the atomics on the __shared__ s are plain updates (block_atomic.c). */
__global__ void promoted_args(const int *in, int *g, int n)
{
	__shared__ int s;
	__shared__ int hist[4];
	int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	int a = in[i % n], v = in[(i + 1) % n], c = in[i % n] & 0, o = -in[(i + 2) % n];

	if (t == 0)
		s = 1 << 30;
	if (t < 4)
		hist[t] = 0;
	__syncthreads();
	atomicMin(&g[0], min(a, v));
	atomicMax(&g[1], max(o, c));
	atomicCAS(&g[2], c, v + 1);
	atomicMin(&s, a);
	atomicAdd(&hist[a & 3], 1);
	__syncthreads();
	if (t == 0)
		atomicAdd(&g[3], s);
	if (t < 4)
		atomicAdd(&g[4 + t], hist[t]);
}
