// Directed rounding as interval codes use it: the _rz/_ru/_rd forms of the
// arithmetic intrinsics (__fadd_rd, __dmul_ru, __fmaf_rz, __fsqrt_rd, ...)
// and of the inexact conversions (__double2float_ru, __ll2float_rd,
// __ull2double_rz, ...), element by element over random operands, and
// interval sums [sum_rd, sum_ru] per thread; phases annotated with NVTX, as
// programs do for the profiler (no profiler attached: the calls do nothing).
//
// The host references never set a rounding mode: the exact result is held
// as hi + lo (error-free transformations: TwoSum, the product's and the
// remainder's error by fma, the square root's by fma), and the directed
// result is the nearest one moved by one step when lo says it lies on the
// wrong side.  Every result must be equal to its reference.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cuda_runtime.h>
#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvtx3.hpp>

#define checkCuda(call)                                                                   \
	do {                                                                              \
		cudaError_t e_ = (call);                                                  \
		if (e_ != cudaSuccess) {                                                  \
			fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
			printf("FAIL\n");                                                 \
			exit(1);                                                          \
		}                                                                         \
	} while (0)

enum { N = 2048, NOPS = 7, NMODES = 3, TERMS = 64, NSUMS = 256 };
enum { RZ, RU, RD };

struct Inputs {
	float fa[N], fb[N], fc[N];
	double da[N], db[N], dc[N], ea[N], eb[N];
	int i32[N];
	unsigned int u32[N];
	long long i64[N];
	unsigned long long u64[N];
};

__global__ void float_ops(const Inputs *in, float *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= N)
		return;
	float a = in->fa[i], b = in->fb[i], c = in->fc[i], s = fabsf(a);
	float *o = out + i * NOPS * NMODES;
	o[0] = __fadd_rz(a, b), o[1] = __fadd_ru(a, b), o[2] = __fadd_rd(a, b);
	o[3] = __fsub_rz(a, b), o[4] = __fsub_ru(a, b), o[5] = __fsub_rd(a, b);
	o[6] = __fmul_rz(a, b), o[7] = __fmul_ru(a, b), o[8] = __fmul_rd(a, b);
	o[9] = __fdiv_rz(a, b), o[10] = __fdiv_ru(a, b), o[11] = __fdiv_rd(a, b);
	o[12] = __fmaf_rz(a, b, c), o[13] = __fmaf_ru(a, b, c), o[14] = __fmaf_rd(a, b, c);
	o[15] = __frcp_rz(b), o[16] = __frcp_ru(b), o[17] = __frcp_rd(b);
	o[18] = __fsqrt_rz(s), o[19] = __fsqrt_ru(s), o[20] = __fsqrt_rd(s);
}

__global__ void double_ops(const Inputs *in, double *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= N)
		return;
	double a = in->da[i], b = in->db[i], c = in->dc[i], s = fabs(a);
	double x = in->ea[i], y = in->eb[i];
	double *o = out + i * NOPS * NMODES;
	o[0] = __dadd_rz(a, b), o[1] = __dadd_ru(a, b), o[2] = __dadd_rd(a, b);
	o[3] = __dsub_rz(a, b), o[4] = __dsub_ru(a, b), o[5] = __dsub_rd(a, b);
	o[6] = __dmul_rz(a, b), o[7] = __dmul_ru(a, b), o[8] = __dmul_rd(a, b);
	o[9] = __ddiv_rz(a, b), o[10] = __ddiv_ru(a, b), o[11] = __ddiv_rd(a, b);
	o[12] = __fma_rz(x, y, c), o[13] = __fma_ru(x, y, c), o[14] = __fma_rd(x, y, c);
	o[15] = __drcp_rz(b), o[16] = __drcp_ru(b), o[17] = __drcp_rd(b);
	o[18] = __dsqrt_rz(s), o[19] = __dsqrt_ru(s), o[20] = __dsqrt_rd(s);
}

__global__ void conversions(const Inputs *in, float *of, double *od)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= N)
		return;
	float *f = of + i * 15;
	double *d = od + i * 6;
	double x = in->da[i];
	f[0] = __double2float_rz(x), f[1] = __double2float_ru(x), f[2] = __double2float_rd(x);
	f[3] = __int2float_rz(in->i32[i]), f[4] = __int2float_ru(in->i32[i]), f[5] = __int2float_rd(in->i32[i]);
	f[6] = __uint2float_rz(in->u32[i]), f[7] = __uint2float_ru(in->u32[i]),
	f[8] = __uint2float_rd(in->u32[i]);
	f[9] = __ll2float_rz(in->i64[i]), f[10] = __ll2float_ru(in->i64[i]), f[11] = __ll2float_rd(in->i64[i]);
	f[12] = __ull2float_rz(in->u64[i]), f[13] = __ull2float_ru(in->u64[i]),
	f[14] = __ull2float_rd(in->u64[i]);
	d[0] = __ll2double_rz(in->i64[i]), d[1] = __ll2double_ru(in->i64[i]), d[2] = __ll2double_rd(in->i64[i]);
	d[3] = __ull2double_rz(in->u64[i]), d[4] = __ull2double_ru(in->u64[i]),
	d[5] = __ull2double_rd(in->u64[i]);
}

// interval sum of one row: [rounded down, rounded up] encloses the exact sum
__global__ void interval_sums(const float *terms, float2 *sums)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= NSUMS)
		return;
	float lo = 0.0f, hi = 0.0f;
	for (int k = 0; k < TERMS; k++) {
		lo = __fadd_rd(lo, terms[i * TERMS + k]);
		hi = __fadd_ru(hi, terms[i * TERMS + k]);
	}
	sums[i] = make_float2(lo, hi);
}

// ---- host references: exact value = hi + lo, no rounding mode set ----
static void two_sum(double a, double b, double *s, double *e)
{
	double t = a + b, bb = t - a;
	*s = t;
	*e = (a - (t - bb)) + (b - bb);
}

static int direction(double hi, double lo, int mode) // +1 up, -1 down
{
	bool neg = hi < 0 || (hi == 0 && lo < 0);
	return mode == RU ? 1 : mode == RD ? -1 : (neg ? 1 : -1);
}

// v = hi + lo exactly, hi within double rounding of v; only lo's sign and
// size against a float step matter
static float round_to_float(double hi, double lo, int mode)
{
	float f = (float)hi;
	double d = (double)f - hi; // exact: f and hi are within a factor 2
	int dir = direction(hi, lo, mode);
	if (dir < 0 && d > lo)
		f = nextafterf(f, -INFINITY);
	if (dir > 0 && d < lo)
		f = nextafterf(f, INFINITY);
	return f;
}

// v = hi + lo with hi the nearest double to v
static double round_to_double(double hi, double lo, int mode)
{
	int dir = direction(hi, lo, mode);
	if (dir < 0 && lo < 0)
		return nextafter(hi, -INFINITY);
	if (dir > 0 && lo > 0)
		return nextafter(hi, INFINITY);
	return hi;
}

static float ref_float(int op, float a, float b, float c, int mode)
{
	double x = a, y = b, hi, lo = 0, r;
	switch (op) {
	case 0: two_sum(x, y, &hi, &lo); break;
	case 1: two_sum(x, -y, &hi, &lo); break;
	case 2: hi = x * y; break; // 48 bits: exact
	case 3: hi = x / y, r = fma(-hi, y, x), lo = r / y; break;
	case 4: two_sum(x * y, (double)c, &hi, &lo); break;
	case 5: hi = 1.0 / y, r = fma(-hi, y, 1.0), lo = r / y; break;
	default: x = fabs(x), hi = sqrt(x), r = fma(-hi, hi, x), lo = r / (2 * hi); break;
	}
	return round_to_float(hi, lo, mode);
}

static double ref_double(int op, double a, double b, double c, double x, double y, int mode)
{
	double hi, lo = 0, r;
	switch (op) {
	case 0: two_sum(a, b, &hi, &lo); break;
	case 1: two_sum(a, -b, &hi, &lo); break;
	case 2: hi = a * b, lo = fma(a, b, -hi); break;
	case 3: hi = a / b, r = fma(-hi, b, a), lo = (r > 0) == (b > 0) ? (r != 0) : -(r != 0); break;
	case 4: two_sum(x * y, c, &hi, &lo); break; // x, y of 26 bits: x * y exact
	case 5: hi = 1.0 / b, r = fma(-hi, b, 1.0), lo = (r > 0) == (b > 0) ? (r != 0) : -(r != 0); break;
	default: a = fabs(a), hi = sqrt(a), r = fma(-hi, hi, a), lo = r; break;
	}
	return round_to_double(hi, lo, mode);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t next_u64(void)
{
	rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
	return rng_state;
}
static double random_double(int bits, int emin, int emax)
{
	uint64_t m = (next_u64() >> (64 - bits)) | (1ull << (bits - 1));
	int e = emin + (int)(next_u64() % (uint64_t)(emax - emin + 1));
	double v = ldexp((double)m, e - bits + 1);
	return next_u64() & 1 ? -v : v;
}

static void make_inputs(Inputs *in)
{
	nvtx3::scoped_range range{"inputs"};
	for (int i = 0; i < N; i++) {
		in->fa[i] = (float)random_double(24, -20, 20);
		in->fb[i] = (float)random_double(24, -20, 20);
		// near -a*b half of the time: cancellation in the fma
		in->fc[i] = i & 1 ? (float)random_double(24, -30, 30)
				  : -in->fa[i] * in->fb[i] * (float)(1 + ldexp((double)(i % 7), -20));
		in->da[i] = random_double(53, -60, 60);
		in->db[i] = random_double(53, -60, 60);
		in->ea[i] = random_double(26, -30, 30);
		in->eb[i] = random_double(26, -30, 30);
		in->dc[i] = i & 1 ? random_double(53, -70, 70) : -(in->ea[i] * in->eb[i]) * (1 + ldexp(1.0, -40));
		in->i32[i] = (int)(uint32_t)next_u64();
		in->u32[i] = (uint32_t)next_u64();
		in->i64[i] = (long long)(next_u64() >> (2 + i % 40)) * (i & 2 ? -1 : 1);
		in->u64[i] = (next_u64() & ~(1ull << 62)) >> (i % 30);
	}
	// exact cases: every mode gives the same result
	in->fa[0] = 1.5f, in->fb[0] = 0.25f, in->fc[0] = 2.0f;
	in->da[0] = 3.0, in->db[0] = 0.5, in->dc[0] = 1.0, in->ea[0] = 2.0, in->eb[0] = 4.0;
	in->i32[0] = 16777216, in->u32[0] = 1u << 31, in->i64[0] = 1ll << 53, in->u64[0] = 1ull << 63;
	in->i32[1] = 16777217, in->i64[1] = -((1ll << 53) + 1); // halfway: rz/rd/ru differ
}

static int check_float(const char *what, int i, float got, float want)
{
	if (got == want)
		return 0;
	if (i >= 0)
		printf("mismatch %s [%d]: %.9g, expected %.9g\n", what, i, got, want);
	return 1;
}

int main(void)
{
	static const char *fops[NOPS] = {"add", "sub", "mul", "div", "fma", "rcp", "sqrt"};
	static const char *modes[NMODES] = {"rz", "ru", "rd"};
	Inputs *in;
	float *fout, *cf, *terms;
	double *dout, *cd;
	float2 *sums;
	long bad = 0;

	checkCuda(cudaMallocManaged(&in, sizeof(Inputs)));
	checkCuda(cudaMallocManaged(&fout, N * NOPS * NMODES * sizeof(float)));
	checkCuda(cudaMallocManaged(&dout, N * NOPS * NMODES * sizeof(double)));
	checkCuda(cudaMallocManaged(&cf, N * 15 * sizeof(float)));
	checkCuda(cudaMallocManaged(&cd, N * 6 * sizeof(double)));
	checkCuda(cudaMallocManaged(&terms, NSUMS * TERMS * sizeof(float)));
	checkCuda(cudaMallocManaged(&sums, NSUMS * sizeof(float2)));
	make_inputs(in);
	for (int i = 0; i < NSUMS * TERMS; i++)
		terms[i] = (float)random_double(24, -10, 10); // sums of 64 exact in double

	nvtxRangePushA("kernels");
	float_ops<<<N / 128, 128>>>(in, fout);
	double_ops<<<N / 128, 128>>>(in, dout);
	conversions<<<N / 128, 128>>>(in, cf, cd);
	interval_sums<<<NSUMS / 64, 64>>>(terms, sums);
	checkCuda(cudaGetLastError());
	checkCuda(cudaDeviceSynchronize());
	nvtxRangePop();

	nvtxRangeId_t check = nvtxRangeStartA("check");
	for (int i = 0; i < N; i++)
		for (int op = 0; op < NOPS; op++)
			for (int m = 0; m < NMODES; m++) {
				const Inputs &v = *in;
				int k = (i * NOPS + op) * NMODES + m, shown = bad < 8 ? i : -1;
				char name[32];
				snprintf(name, sizeof(name), "__f%s_%s", fops[op], modes[m]);
				bad += check_float(name, shown, fout[k], ref_float(op, v.fa[i], v.fb[i], v.fc[i], m));
				double want = ref_double(op, v.da[i], v.db[i], v.dc[i], v.ea[i], v.eb[i], m);
				if (dout[k] != want && bad++ < 8)
					printf("mismatch __d%s_%s [%d]: %.17g, expected %.17g\n", fops[op], modes[m], i,
					       dout[k], want);
			}
	for (int i = 0; i < N; i++)
		for (int m = 0; m < NMODES; m++) {
			const Inputs &v = *in;
			long long l = v.i64[i];
			unsigned long long u = v.u64[i];
			double lh = (double)l, uh = (double)u;
			double ll = (double)(l - (long long)lh), ul = (double)(long long)(u - (unsigned long long)uh);
			int shown = bad < 8 ? i : -1;
			bad += check_float("__double2float", shown, cf[i * 15 + m], round_to_float(v.da[i], 0, m));
			bad += check_float("__int2float", shown, cf[i * 15 + 3 + m], round_to_float(v.i32[i], 0, m));
			bad += check_float("__uint2float", shown, cf[i * 15 + 6 + m], round_to_float(v.u32[i], 0, m));
			bad += check_float("__ll2float", shown, cf[i * 15 + 9 + m], round_to_float(lh, ll, m));
			bad += check_float("__ull2float", shown, cf[i * 15 + 12 + m], round_to_float(uh, ul, m));
			if (cd[i * 6 + m] != round_to_double(lh, ll, m) && bad++ < 8)
				printf("mismatch __ll2double [%d] mode %d\n", i, m);
			if (cd[i * 6 + 3 + m] != round_to_double(uh, ul, m) && bad++ < 8)
				printf("mismatch __ull2double [%d] mode %d\n", i, m);
		}
	// the halfway integers land on the two floats around them
	bad += check_float("__int2float_rd(2^24+1)", 1, cf[15 + 5], 16777216.0f);
	bad += check_float("__int2float_ru(2^24+1)", 1, cf[15 + 4], 16777218.0f);
	bad += cd[6 + 2] != -9007199254740994.0 || cd[6 + 1] != -9007199254740992.0 ||
	       cd[6 + 0] != -9007199254740992.0;

	int strict = 0;
	for (int i = 0; i < NSUMS; i++) {
		double exact = 0;
		for (int k = 0; k < TERMS; k++)
			exact += terms[i * TERMS + k];
		if (!(sums[i].x <= exact && exact <= sums[i].y) && bad++ < 8)
			printf("interval %d: [%.9g, %.9g] misses %.17g\n", i, sums[i].x, sums[i].y, exact);
		strict += sums[i].x < sums[i].y;
	}
	nvtxRangeEnd(check);
	printf("%d of %d interval sums are proper intervals\n", strict, NSUMS);
	if (strict < NSUMS / 2)
		bad++;

	cudaFree(in), cudaFree(fout), cudaFree(dout), cudaFree(cf), cudaFree(cd), cudaFree(terms), cudaFree(sums);
	printf("%ld mismatches\n%s\n", bad, bad ? "FAIL" : "PASS");
	return bad ? 1 : 0;
}
