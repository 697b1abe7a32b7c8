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
 * block's adds in a local and adds once (the C path's 64-bit form). */
__global__ void sum64(const int *in, unsigned long long *s, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		atomicAdd(s, (unsigned long long)in[i] * 3000000000ull);
}
