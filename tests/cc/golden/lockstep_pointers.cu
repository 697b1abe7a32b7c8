// Pointers and references into __shared__ memory in the lock-step analysis
// (lib/cc/lockstep.c): a local pointer every assignment sets into one
// __shared__ array (`float *dst = t;`, an inlined helper's parameter copy)
// accesses that array only, so a store through it and a read of another
// array need no meeting of the lanes and the kernel stays with loop
// fission; it went to fibers ("reads __shared__ memory a statement before
// it stored to"), as did a kernel that names an unused array in a cast to
// void.  A pointer set into two arrays, from another pointer, whose
// address is taken or that a reference binds, and pointers into extern
// __shared__ arrays (one address for all of them) may point anywhere:
// those meet as before.
#include <cuda_runtime.h>

// lanes store through one pointer, read a neighbour through another: two arrays
__global__ void two_arrays(const float *in, float *out)
{
	__shared__ float a[32], b[32];
	const int t = threadIdx.x & 31;
	float *pa = a;
	const float *pb = b;
	b[t] = in[threadIdx.x];
	__syncthreads();
	pa[t] = 2.0f * in[threadIdx.x];
	out[threadIdx.x] = pb[t ^ 1] + pa[t];
}

// a helper written out in place: its unused scratch array cast to void, a
// store through the copy of its pointer argument, then a read-modify-write
__global__ void void_cast(const float *in, float *out)
{
	__shared__ float t[32];
	{
		float *dst = t;
		__shared__ float scratch[4], lead[1];
		(void)scratch;
		float *first = lead;
		dst[threadIdx.x] = in[threadIdx.x];
		if (threadIdx.x == 0)
			first[0] = in[0];
		__syncthreads();
		dst[threadIdx.x] -= first[0];
		__syncthreads();
	}
	out[threadIdx.x] = t[31 - threadIdx.x];
}

// p points into a, then into b: anywhere
__global__ void repointed(const float *in, float *out, int k)
{
	__shared__ float a[32], b[32];
	const int t = threadIdx.x & 31;
	float *p = a;
	if (k)
		p = b;
	a[t] = in[threadIdx.x];
	out[threadIdx.x] = p[t ^ 1];
}

// two extern __shared__ arrays start at the same address
__global__ void extern_arrays(const float *in, float *out)
{
	extern __shared__ float ea[];
	extern __shared__ float eb[];
	const int t = threadIdx.x & 31;
	float *pa = ea;
	const float *pb = eb;
	pa[t] = in[threadIdx.x];
	out[threadIdx.x] = pb[t ^ 1];
}

// q's address is taken: whatever sets *pq may point it anywhere
__global__ void address_taken(const float *in, float *out)
{
	__shared__ float a[32], b[32];
	const int t = threadIdx.x & 31;
	const float *q = b;
	const float **pq = &q;
	(void)pq;
	a[t] = in[threadIdx.x];
	out[threadIdx.x] = q[t ^ 1];
}
// q bound to a reference may be set anywhere through it (by a variable, by
// a helper's parameter): a meeting before the read through it
__device__ void point_at(const float *&r, const float *to)
{
	r = to;
}

__global__ void by_reference(const float *in, float *out, int k)
{
	__shared__ float a[32], b[32];
	const int t = threadIdx.x & 31;
	const float *q = b, *q2 = b;
	const float *&rq = q;
	if (k)
		rq = a;
	else
		point_at(q2, a);
	__syncthreads();
	a[t] = in[threadIdx.x];
	out[threadIdx.x] = q[t ^ 1];
	__syncthreads();
	a[t] = in[threadIdx.x] + 1.0f;
	out[threadIdx.x] += q2[t ^ 1];
}
// MODEL: kernel two_arrays: fission
// MODEL: kernel void_cast: fission
// MODEL: kernel repointed: fibers (line {{[0-9]+}} reads __shared__ memory a statement before it stored to
// MODEL: kernel extern_arrays: fibers (line {{[0-9]+}} reads __shared__ memory a statement before it stored to
// MODEL: kernel address_taken: fibers (line {{[0-9]+}} reads __shared__ memory a statement before it stored to
// MODEL: kernel by_reference: fibers
// CXX: void by_reference(
// CXX: a[t] = in[threadIdx.x];
// CXX-NEXT: __idxgen_cc_lockstep(); out[threadIdx.x] = q[t ^ 1];
// CXX: a[t] = in[threadIdx.x] + 1.0f;
// CXX-NEXT: __idxgen_cc_lockstep(); out[threadIdx.x] += q2[t ^ 1];
