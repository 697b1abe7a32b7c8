// Throughput kernels in the shape of public peak-FLOPS benchmarks: a dozen
// kernels, each a uniform loop around 240 statements that macros expand
// (one, two, four or eight independent chains of the same step, unrolled
// by macros of macros), no __shared__ memory and no barrier; with the two
// types of the real ones, thousands of statements in the file.  The
// lock-step analysis (lib/cc/lockstep.c) has nothing to find in such
// kernels and must not walk them (issue 38: HeCBench's maxFlops did not
// finish translating).
//  - contracting steps (x = c - x * h, x = x * h + c, x = (c - x) * h) in
//    float and double: each step halves an error or better, so a GPU's
//    fused multiply-add and the host's separate operations agree to a few
//    ulps;
//  - integer steps (a linear congruential step, an xor-shift-multiply mix)
//    in unsigned int: exact, wrapping.
// Every result is checked against the same chains run on the host.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define N 2048
#define BLOCK 128
#define TURNS 3
#define STATEMENTS 240 // per turn of a kernel's loop, whatever its chains

// one step of a chain
#define HALF1(x) x = c - x * h;
#define AFF1(x) x = x * h + c;
#define DAMP1(x) x = (c - x) * h;
#define LCG1(x) x = x * 1664525u + 1013904223u;
#define MIX1(x) x = (x ^ (x >> 7)) * 2654435761u;

// the same step on one, two, four, eight chains
#define ON1(S) S(a)
#define ON2(S) S(a) S(b)
#define ON4(S) S(a) S(b) S(d) S(e)
#define ON8(S) S(a) S(b) S(d) S(e) S(f) S(g) S(p) S(q)

// 240 statements: 240, 120, 60 or 30 steps of each chain
#define REP10(X) X X X X X X X X X X
#define STEPS1(S) REP10(REP10(ON1(S))) REP10(REP10(ON1(S))) REP10(ON1(S)) REP10(ON1(S)) REP10(ON1(S)) REP10(ON1(S))
#define STEPS2(S) REP10(REP10(ON2(S))) REP10(ON2(S)) REP10(ON2(S))
#define STEPS4(S) REP10(ON4(S)) REP10(ON4(S)) REP10(ON4(S)) REP10(ON4(S)) REP10(ON4(S)) REP10(ON4(S))
#define STEPS8(S) REP10(ON8(S)) REP10(ON8(S)) REP10(ON8(S))

template <typename T>
__global__ void half1(T *v, int turns, T c, T h)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T a = v[i];

	for (int k = 0; k < turns; k++) {
		// 240 steps of each of 1 chain: 240 statements
		STEPS1(HALF1)
	}
	v[i] = a;
}

template <typename T>
__global__ void half2(T *v, int turns, T c, T h)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T a = v[i], b = a + 1;

	for (int k = 0; k < turns; k++) {
		// 120 steps of each of 2 chains: 240 statements
		STEPS2(HALF1)
	}
	v[i] = a + b;
}

template <typename T>
__global__ void half4(T *v, int turns, T c, T h)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T a = v[i], b = a + 1, d = a + 2, e = a + 3;

	for (int k = 0; k < turns; k++) {
		// 60 steps of each of 4 chains: 240 statements
		STEPS4(HALF1)
	}
	v[i] = (a + b) + (d + e);
}

template <typename T>
__global__ void half8(T *v, int turns, T c, T h)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T a = v[i], b = a + 1, d = a + 2, e = a + 3, f = a + 4, g = a + 5, p = a + 6, q = a + 7;

	for (int k = 0; k < turns; k++) {
		// 30 steps of each of 8 chains: 240 statements
		STEPS8(HALF1)
	}
	v[i] = ((a + b) + (d + e)) + ((f + g) + (p + q));
}

template <typename T>
__global__ void aff2(T *v, int turns, T c, T h)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T a = v[i], b = a + 1;

	for (int k = 0; k < turns; k++) {
		// 120 steps of each of 2 chains: 240 statements
		STEPS2(AFF1)
	}
	v[i] = a + b;
}

template <typename T>
__global__ void aff8(T *v, int turns, T c, T h)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T a = v[i], b = a + 1, d = a + 2, e = a + 3, f = a + 4, g = a + 5, p = a + 6, q = a + 7;

	for (int k = 0; k < turns; k++) {
		// 30 steps of each of 8 chains: 240 statements
		STEPS8(AFF1)
	}
	v[i] = ((a + b) + (d + e)) + ((f + g) + (p + q));
}

template <typename T>
__global__ void damp4(T *v, int turns, T c, T h)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T a = v[i], b = a + 1, d = a + 2, e = a + 3;

	for (int k = 0; k < turns; k++) {
		// 60 steps of each of 4 chains: 240 statements
		STEPS4(DAMP1)
	}
	v[i] = (a + b) + (d + e);
}

template <typename T>
__global__ void damp8(T *v, int turns, T c, T h)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T a = v[i], b = a + 1, d = a + 2, e = a + 3, f = a + 4, g = a + 5, p = a + 6, q = a + 7;

	for (int k = 0; k < turns; k++) {
		// 30 steps of each of 8 chains: 240 statements
		STEPS8(DAMP1)
	}
	v[i] = ((a + b) + (d + e)) + ((f + g) + (p + q));
}

template <typename T>
__global__ void lcg1(T *v, int turns)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T a = v[i];

	for (int k = 0; k < turns; k++) {
		// 240 steps of each of 1 chain: 240 statements
		STEPS1(LCG1)
	}
	v[i] = a;
}

template <typename T>
__global__ void lcg4(T *v, int turns)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T a = v[i], b = a + 1, d = a + 2, e = a + 3;

	for (int k = 0; k < turns; k++) {
		// 60 steps of each of 4 chains: 240 statements
		STEPS4(LCG1)
	}
	v[i] = (a + b) + (d + e);
}

template <typename T>
__global__ void mix2(T *v, int turns)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T a = v[i], b = a + 1;

	for (int k = 0; k < turns; k++) {
		// 120 steps of each of 2 chains: 240 statements
		STEPS2(MIX1)
	}
	v[i] = a + b;
}

template <typename T>
__global__ void mix8(T *v, int turns)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T a = v[i], b = a + 1, d = a + 2, e = a + 3, f = a + 4, g = a + 5, p = a + 6, q = a + 7;

	for (int k = 0; k < turns; k++) {
		// 30 steps of each of 8 chains: 240 statements
		STEPS8(MIX1)
	}
	v[i] = ((a + b) + (d + e)) + ((f + g) + (p + q));
}

// the host's chains: width of them from x0, x0 + 1, ..., STATEMENTS / width steps each per turn
template <typename T, typename Step>
static T chains_host(T x0, int width, int turns, Step step)
{
	T x[8];

	for (int j = 0; j < width; j++)
		x[j] = x0 + (T)j;
	for (int k = 0; k < turns; k++)
		for (int r = 0; r < STATEMENTS / width; r++)
			for (int j = 0; j < width; j++)
				x[j] = step(x[j]);
	// summed in pairs, as the kernels write it
	for (int w = width; w > 1; w /= 2)
		for (int j = 0; j < w / 2; j++)
			x[j] = x[2 * j] + x[2 * j + 1];
	return x[0];
}

template <typename T>
struct Half {
	T c, h;
	T operator()(T x) const { return c - x * h; }
};
template <typename T>
struct Affine {
	T c, h;
	T operator()(T x) const { return x * h + c; }
};
template <typename T>
struct Damp {
	T c, h;
	T operator()(T x) const { return (c - x) * h; }
};
struct Lcg {
	unsigned operator()(unsigned x) const { return x * 1664525u + 1013904223u; }
};
struct Mix {
	unsigned operator()(unsigned x) const { return (x ^ (x >> 7)) * 2654435761u; }
};

static int failures;

template <typename T>
static void check(const char *name, const char *type, const T *got, const T *want, bool exact)
{
	int bad = 0;

	for (int i = 0; i < N; i++) {
		double g = (double)got[i], w = (double)want[i];

		if (exact ? got[i] != want[i] : std::fabs(g - w) > 1e-4 * (1.0 + std::fabs(w))) {
			if (!bad++)
				printf("%s<%s>: element %d is %.9g, want %.9g\n", name, type, i, g, w);
		}
	}
	printf("%s<%s>: %s\n", name, type, bad ? "wrong" : "ok");
	failures += bad != 0;
}

#define CHECK(call)                                                                          \
	do {                                                                                 \
		cudaError_t err_ = (call);                                                   \
		if (err_ != cudaSuccess) {                                                   \
			printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
			exit(1);                                                             \
		}                                                                            \
	} while (0)

// from the same inputs on the device and on the host
template <typename T, typename Launch, typename Step>
static void run(const char *name, const char *type, int width, const T *in, T *d, Launch launch, Step step,
		bool exact)
{
	T out[N], want[N];

	CHECK(cudaMemcpy(d, in, N * sizeof(T), cudaMemcpyHostToDevice));
	launch(d);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(out, d, N * sizeof(T), cudaMemcpyDeviceToHost));
	for (int i = 0; i < N; i++)
		want[i] = chains_host(in[i], width, TURNS, step);
	check(name, type, out, want, exact);
}

template <typename T>
static void run_real(const char *type)
{
	T in[N], *d;
	const T c = 10, h = 0.5, ca = 1.5, ha = 0.25, cd = 3.75, hd = 0.375;

	for (int i = 0; i < N; i++)
		in[i] = (T)((i * 37 % 101) / 10.0);
	CHECK(cudaMalloc((void **)&d, N * sizeof(T)));
	run("half1", type, 1, in, d, [=](T *v) { half1<T><<<N / BLOCK, BLOCK>>>(v, TURNS, c, h); }, Half<T>{ c, h }, false);
	run("half2", type, 2, in, d, [=](T *v) { half2<T><<<N / BLOCK, BLOCK>>>(v, TURNS, c, h); }, Half<T>{ c, h }, false);
	run("half4", type, 4, in, d, [=](T *v) { half4<T><<<N / BLOCK, BLOCK>>>(v, TURNS, c, h); }, Half<T>{ c, h }, false);
	run("half8", type, 8, in, d, [=](T *v) { half8<T><<<N / BLOCK, BLOCK>>>(v, TURNS, c, h); }, Half<T>{ c, h }, false);
	run("aff2", type, 2, in, d, [=](T *v) { aff2<T><<<N / BLOCK, BLOCK>>>(v, TURNS, ca, ha); }, Affine<T>{ ca, ha },
	    false);
	run("aff8", type, 8, in, d, [=](T *v) { aff8<T><<<N / BLOCK, BLOCK>>>(v, TURNS, ca, ha); }, Affine<T>{ ca, ha },
	    false);
	run("damp4", type, 4, in, d, [=](T *v) { damp4<T><<<N / BLOCK, BLOCK>>>(v, TURNS, cd, hd); }, Damp<T>{ cd, hd },
	    false);
	run("damp8", type, 8, in, d, [=](T *v) { damp8<T><<<N / BLOCK, BLOCK>>>(v, TURNS, cd, hd); }, Damp<T>{ cd, hd },
	    false);
	CHECK(cudaFree(d));
}

static void run_int()
{
	unsigned in[N], *d;

	for (int i = 0; i < N; i++)
		in[i] = 2654435761u * (unsigned)i + 12345u;
	CHECK(cudaMalloc((void **)&d, N * sizeof(unsigned)));
	run("lcg1", "unsigned", 1, in, d, [](unsigned *v) { lcg1<unsigned><<<N / BLOCK, BLOCK>>>(v, TURNS); }, Lcg(), true);
	run("lcg4", "unsigned", 4, in, d, [](unsigned *v) { lcg4<unsigned><<<N / BLOCK, BLOCK>>>(v, TURNS); }, Lcg(), true);
	run("mix2", "unsigned", 2, in, d, [](unsigned *v) { mix2<unsigned><<<N / BLOCK, BLOCK>>>(v, TURNS); }, Mix(), true);
	run("mix8", "unsigned", 8, in, d, [](unsigned *v) { mix8<unsigned><<<N / BLOCK, BLOCK>>>(v, TURNS); }, Mix(), true);
	CHECK(cudaFree(d));
}

int main()
{
	run_real<float>("float");
	run_real<double>("double");
	run_int();
	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}
