// The search for the functions that suspend (lib/cc/fiber_plan.c,
// fiber_names_find): a caller of a suspending function suspends, a fixed
// point over the program's functions.  A chain of helpers, each defined
// before the one it calls, takes one round per helper (chain0 waits at the
// barrier; chain1 is found a round later, and so on: 7 rounds and a last
// one that finds nothing).  Each round walked the body of every function not
// yet found twice, for the names now known and for what suspends by itself
// (bm3d's main.cu over CImg.h: 197 s of CPU, tests/cuda/SURVEY.md): 89
// bodies walked here, that loop's count for these 10 functions (main,
// Scale::get and plain too).  Now a body is walked at most twice in all
// (its names, kept; what suspends by itself, kept): 19.  The plan is the
// same (MODEL).
struct Scale {
	float k;
	__device__ float get(float y) const { return k * y; }
};

__device__ float chain0(float *s, float x);
__device__ float chain1(float *s, float x);
__device__ float chain2(float *s, float x);
__device__ float chain3(float *s, float x);
__device__ float chain4(float *s, float x);
__device__ float chain5(float *s, float x);

template <class V> __device__ float plain(const V &v, float y)
{
	return v.get(y) + 1.0f;
}

__device__ float chain6(float *s, float x) { return chain5(s, plain(Scale{ 2.0f }, x)); }
__device__ float chain5(float *s, float x) { return chain4(s, x + 1.0f); }
__device__ float chain4(float *s, float x) { return chain3(s, x * 0.5f); }
__device__ float chain3(float *s, float x) { return chain2(s, x - 1.0f); }
__device__ float chain2(float *s, float x) { return chain1(s, x + 2.0f); }
__device__ float chain1(float *s, float x) { return chain0(s, x * 3.0f); }

__device__ float chain0(float *s, float x)
{
	s[threadIdx.x] = x;
	__syncthreads();
	return s[(threadIdx.x + 1) % blockDim.x];
}

__global__ void run(float *out)
{
	__shared__ float s[64];

	out[threadIdx.x] = chain6(s, (float)threadIdx.x);
}

int main()
{
	run<<<1, 64>>>(nullptr);
	return 0;
}

// STATS: suspending functions: 8 rounds, 19 bodies walked
// MODEL: kernel run: fibers (calls 'chain6', which suspends the thread
