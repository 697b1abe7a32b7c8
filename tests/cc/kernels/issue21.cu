/* Regressions of issue 21 that change what runs, checked at run time. */

/* int m, e: m (one copy per block) controls a loop with barriers, e is per
 * thread; y = 0 initialized in the same declaration, counted per thread. */
__global__ void mixed_decl(int *d, int n)
{
	__shared__ int s[64];
	int m, e = threadIdx.x, y = 0;

	s[e] = d[blockIdx.x * 64 + e];
	__syncthreads();
	for (m = 0; m < n; m++) {
		int v = s[(e + 1) % 64];

		__syncthreads();
		s[e] = v + m;
		y++;
		__syncthreads();
	}
	d[blockIdx.x * 64 + e] = s[e] + y;
}

/* A struct assigned per thread, member by member, live across a barrier;
 * a __shared__ array of structs. */
struct pair {
	int a, b;
};

__global__ void struct_swap(struct pair *p)
{
	__shared__ struct pair s[64];
	struct pair q = { 0, 0 };
	int i = blockIdx.x * 64 + threadIdx.x;

	q.a = p[i].b;
	q.b = p[i].a;
	s[threadIdx.x] = q;
	__syncthreads();
	p[i] = s[63 - threadIdx.x];
	p[i].a += q.a;
}
