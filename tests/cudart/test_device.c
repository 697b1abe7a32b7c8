// SPDX-License-Identifier: MIT
/*
 * test_device.c - the device functions of include/cuda/idxgen_cuda_device.h,
 * called from kernels (hand-written in the translated form; CUDA source
 * for nvcc), against plain C references written here independently: bit
 * loops for the bit intrinsics, 32-bit limbs for the 64-bit high
 * products, libm in double and known values for the math, a sequential
 * replay for the atomics (run by 16384 threads on every worker at once).
 * Built as C and as C++; nvcc -arch=sm_90 -c compiles it too.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "kernels.h"
#include "tap.h"
#include <math_constants.h>

#ifdef __CUDACC__
#define DEV __device__
#else
#define DEV static inline
#endif

enum { NV = 256, NI = 22, NL = 6, NF = 12 };

/* ---- per-thread bodies, shared by both kernel forms ---- */
DEV void int_ops(int i, const unsigned int *a, const unsigned int *b, unsigned int *o)
{
	unsigned int x = a[i], y = b[i], sh = (x ^ y) & 63;

	o += i * NI;
	o[0] = (unsigned int)__popc(x);
	o[1] = (unsigned int)__clz((int)x);
	o[2] = (unsigned int)__ffs((int)x);
	o[3] = __brev(x);
	o[4] = (unsigned int)__mul24((int)x, (int)y);
	o[5] = __umul24(x, y);
	o[6] = (unsigned int)__mulhi((int)x, (int)y);
	o[7] = __umulhi(x, y);
	o[8] = __byte_perm(x, y, y);
	o[9] = __sad((int)x, (int)y, 7u);
	o[10] = __usad(x, y, 7u);
	o[11] = (unsigned int)__hadd((int)x, (int)y);
	o[12] = (unsigned int)__rhadd((int)x, (int)y);
	o[13] = __uhadd(x, y);
	o[14] = __urhadd(x, y);
	o[15] = __funnelshift_l(x, y, sh);
	o[16] = __funnelshift_r(x, y, sh);
	o[17] = __funnelshift_lc(x, y, sh);
	o[18] = __funnelshift_rc(x, y, sh);
	o[19] = (unsigned int)min((int)x, (int)y);
	o[20] = max(x, y);
	o[21] = umin(x, y);
}

DEV void ll_ops(int i, const unsigned long long *a, const unsigned long long *b,
		unsigned long long *o)
{
	unsigned long long x = a[i], y = b[i];

	o += i * NL;
	o[0] = (unsigned long long)__popcll(x);
	o[1] = (unsigned long long)__clzll((long long)x);
	o[2] = (unsigned long long)__ffsll((long long)x);
	o[3] = __brevll(x);
	o[4] = (unsigned long long)__mul64hi((long long)x, (long long)y);
	o[5] = __umul64hi(x, y);
}

/* Float and double functions at fixed arguments (thread 0). */
DEV void fp_ops(float *f, double *d, long long *cl)
{
	f[0] = rsqrtf(4.0f);
	f[1] = __saturatef(1.5f) + __saturatef(-2.0f) * 10.0f + __saturatef(0.25f) * 100.0f;
	f[2] = __fdividef(1.0f, 8.0f);
	f[3] = __expf(1.0f);
	f[4] = sinpif(2.0f) + cospif(0.5f) * 10.0f + sinpif(0.5f) * 100.0f;
	f[5] = erfinvf(0.5f);
	f[6] = normcdff(1.0f);
	f[7] = normcdfinvf(0.975f);
	f[8] = norm3df(3.0f, 4.0f, 12.0f);
	f[9] = rcbrtf(8.0f);
	f[10] = __fadd_rn(__fmul_rn(3.0f, 0.1f), 1.0f);
	f[11] = __int_as_float(0x40490fdb);
	d[0] = erfinv(0.5);
	d[1] = erfcinv(1e-10);
	d[2] = normcdfinv(0.975);
	d[3] = rhypot(3.0, 4.0);
	d[4] = norm4d(1.0, 1.0, 1.0, 1.0);
	d[5] = __hiloint2double(__double2hiint(1.5), __double2loint(1.5));
	d[6] = sinpi(-3.0) + cospi(1.0) * 10.0;
	d[7] = (double)__float2int_rn(2.5f) + 10.0 * __float2int_rn(3.5f) +
	       100.0 * __float2int_rz(-2.7f) + 1000.0 * __float2int_ru(2.1f) +
	       10000.0 * __float2int_rd(-2.1f);
	d[8] = (double)__float2int_rn(1e10f) + (double)__float2uint_rn(-1.0f) +
	       (double)__float2int_rz(nanf(""));
	d[9] = (double)__float_as_int(1.0f);
	cl[0] = clock64();
	cl[1] = clock64();
}

/* Atomics: every thread i of n does each operation once. */
DEV void atomic_ops(int i, int n, int *ci, unsigned int *cu, unsigned long long *cull,
		    long long *cll, float *cf, double *cd, unsigned int *olds)
{
	unsigned long long o;

	atomicAdd(&ci[0], 1);
	atomicAdd(&cu[0], (unsigned int)i);
	atomicAdd(&cull[0], 0x100000001ull);
	atomicAdd(&cf[0], 1.0f);
	atomicAdd(&cd[0], 0.5);
	atomicSub(&ci[1], 2);
	atomicSub(&cu[1], 1u);
	atomicMin(&ci[2], i - n / 2);
	atomicMax(&ci[3], i - n / 2);
	atomicMin(&cu[2], (unsigned int)i + 5u);
	atomicMax(&cu[3], (unsigned int)i);
	atomicMin(&cll[0], -(long long)i * 1000000000000LL);
	atomicMax(&cll[1], (long long)i * 1000000000000LL);
	atomicMin(&cull[1], 0xffffffff00000000ull - (unsigned long long)i);
	atomicMax(&cull[2], (unsigned long long)i << 40);
	atomicAnd(&cu[4], ~(1u << (i % 32)));
	atomicOr(&cu[5], 1u << (i % 31));
	atomicXor(&cu[6], (unsigned int)i);
	atomicXor(&cull[3], (unsigned long long)i << 33);
	atomicOr(&ci[5], 1 << (i % 17));
	atomicInc(&cu[8], 9u);
	atomicDec(&cu[9], 9u);
	olds[i] = atomicExch(&cu[7], (unsigned int)i);
	do
		o = cull[4];
	while (atomicCAS(&cull[4], o, o + 3u) != o);
	{
		int c;

		do
			c = ci[4];
		while (atomicCAS(&ci[4], c, c + 1) != c);
	}
}

/* ---- kernels ---- */
#ifdef __CUDACC__
__global__ void k_int(const unsigned int *a, const unsigned int *b, unsigned int *o)
{
	int_ops(blockIdx.x * blockDim.x + threadIdx.x, a, b, o);
}
__global__ void k_ll(const unsigned long long *a, const unsigned long long *b,
		     unsigned long long *o)
{
	ll_ops(blockIdx.x * blockDim.x + threadIdx.x, a, b, o);
}
__global__ void k_fp(float *f, double *d, long long *cl)
{
	fp_ops(f, d, cl);
}
__global__ void k_atomic(int n, int *ci, unsigned int *cu, unsigned long long *cull, long long *cll,
			 float *cf, double *cd, unsigned int *olds)
{
	atomic_ops(blockIdx.x * blockDim.x + threadIdx.x, n, ci, cu, cull, cll, cf, cd, olds);
}
#else
#define GID(blk, t) ((int)((blk)->block_idx[0] * (blk)->block_dim[0] + IDXGEN_RT_TID_X(blk, t)))
static void k_int__block(struct idxgen_rt_block *blk)
{
	const unsigned int *a = ARG(blk, const unsigned int *, 0),
			   *b = ARG(blk, const unsigned int *, 1);
	unsigned int *o = ARG(blk, unsigned int *, 2);

	IDXGEN_RT_FOR_THREADS(blk, t)
		int_ops(GID(blk, t), a, b, o);
}
void k_int(const unsigned int *a, const unsigned int *b, unsigned int *o);
KERNEL_DESC(k_int, 0, 3, sizeof(void *), sizeof(void *), sizeof(void *))
void k_int(const unsigned int *a, const unsigned int *b, unsigned int *o)
{
	void *args[] = { &a, &b, &o };

	__idxgenLaunchStub((const void *)k_int, &k_int__kernel, args);
}

static void k_ll__block(struct idxgen_rt_block *blk)
{
	const unsigned long long *a = ARG(blk, const unsigned long long *, 0);
	const unsigned long long *b = ARG(blk, const unsigned long long *, 1);
	unsigned long long *o = ARG(blk, unsigned long long *, 2);

	IDXGEN_RT_FOR_THREADS(blk, t)
		ll_ops(GID(blk, t), a, b, o);
}
void k_ll(const unsigned long long *a, const unsigned long long *b, unsigned long long *o);
KERNEL_DESC(k_ll, 0, 3, sizeof(void *), sizeof(void *), sizeof(void *))
void k_ll(const unsigned long long *a, const unsigned long long *b, unsigned long long *o)
{
	void *args[] = { &a, &b, &o };

	__idxgenLaunchStub((const void *)k_ll, &k_ll__kernel, args);
}

static void k_fp__block(struct idxgen_rt_block *blk)
{
	float *f = ARG(blk, float *, 0);
	double *d = ARG(blk, double *, 1);
	long long *cl = ARG(blk, long long *, 2);

	IDXGEN_RT_FOR_THREADS(blk, t)
		fp_ops(f, d, cl);
}
void k_fp(float *f, double *d, long long *cl);
KERNEL_DESC(k_fp, 0, 3, sizeof(void *), sizeof(void *), sizeof(void *))
void k_fp(float *f, double *d, long long *cl)
{
	void *args[] = { &f, &d, &cl };

	__idxgenLaunchStub((const void *)k_fp, &k_fp__kernel, args);
}

static void k_atomic__block(struct idxgen_rt_block *blk)
{
	int n = ARG(blk, int, 0);
	int *ci = ARG(blk, int *, 1);
	unsigned int *cu = ARG(blk, unsigned int *, 2);
	unsigned long long *cull = ARG(blk, unsigned long long *, 3);
	long long *cll = ARG(blk, long long *, 4);
	float *cf = ARG(blk, float *, 5);
	double *cd = ARG(blk, double *, 6);
	unsigned int *olds = ARG(blk, unsigned int *, 7);

	IDXGEN_RT_FOR_THREADS(blk, t)
		atomic_ops(GID(blk, t), n, ci, cu, cull, cll, cf, cd, olds);
}
void k_atomic(int n, int *ci, unsigned int *cu, unsigned long long *cull, long long *cll, float *cf,
	      double *cd, unsigned int *olds);
KERNEL_DESC(k_atomic, 0, 8, sizeof(int), sizeof(void *), sizeof(void *), sizeof(void *),
	    sizeof(void *), sizeof(void *), sizeof(void *), sizeof(void *))
void k_atomic(int n, int *ci, unsigned int *cu, unsigned long long *cull, long long *cll, float *cf,
	      double *cd, unsigned int *olds)
{
	void *args[] = { &n, &ci, &cu, &cull, &cll, &cf, &cd, &olds };

	__idxgenLaunchStub((const void *)k_atomic, &k_atomic__kernel, args);
}
#endif

/* ---- plain C references ---- */
static unsigned int ref_popc(uint64_t x, int bits)
{
	unsigned int n = 0;

	for (int i = 0; i < bits; i++)
		n += (unsigned int)(x >> i) & 1;
	return n;
}

static unsigned int ref_clz(uint64_t x, int bits)
{
	int n = 0;

	while (n < bits && !((x >> (bits - 1 - n)) & 1))
		n++;
	return (unsigned int)n;
}

static unsigned int ref_ffs(uint64_t x, int bits)
{
	for (int i = 0; i < bits; i++)
		if ((x >> i) & 1)
			return (unsigned int)i + 1;
	return 0;
}

static uint64_t ref_brev(uint64_t x, int bits)
{
	uint64_t r = 0;

	for (int i = 0; i < bits; i++)
		if ((x >> i) & 1)
			r |= (uint64_t)1 << (bits - 1 - i);
	return r;
}

static int64_t sext24(uint32_t v)
{
	int64_t x = v & 0xffffff;

	return x & 0x800000 ? x - 0x1000000 : x;
}

static int64_t floor_half(int64_t s)
{
	return s >= 0 ? s / 2 : -((-s + 1) / 2);
}

/* High 64 bits of the unsigned 128-bit product, by 32-bit limbs. */
static uint64_t ref_umulhi64(uint64_t a, uint64_t b)
{
	uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
	uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
	uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;

	return hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

/* Signed: the unsigned product minus the corrections of two's complement. */
static int64_t ref_mulhi64(int64_t a, int64_t b)
{
	uint64_t h = ref_umulhi64((uint64_t)a, (uint64_t)b);

	if (a < 0)
		h -= (uint64_t)b;
	if (b < 0)
		h -= (uint64_t)a;
	return (int64_t)h;
}

static uint32_t ref_byte_perm(uint32_t x, uint32_t y, uint32_t s)
{
	uint8_t bytes[8];
	uint32_t r = 0;

	for (int i = 0; i < 4; i++) {
		bytes[i] = (uint8_t)(x >> (8 * i));
		bytes[4 + i] = (uint8_t)(y >> (8 * i));
	}
	for (int n = 0; n < 4; n++)
		r |= (uint32_t)bytes[(s >> (4 * n)) & 7] << (8 * n);
	return r;
}

static uint32_t ref_funnel(uint32_t lo, uint32_t hi, uint32_t sh, int left, int clamp)
{
	uint32_t s = clamp ? (sh > 32 ? 32 : sh) : (sh & 31);
	uint64_t v = ((uint64_t)hi << 32) | lo;

	return left ? (uint32_t)((v << s) >> 32) : (uint32_t)(v >> s);
}

static void ref_int(uint32_t x, uint32_t y, uint32_t *r)
{
	uint32_t sh = (x ^ y) & 63;
	int64_t sx = (int32_t)x, sy = (int32_t)y;

	r[0] = ref_popc(x, 32);
	r[1] = ref_clz(x, 32);
	r[2] = ref_ffs(x, 32);
	r[3] = (uint32_t)ref_brev(x, 32);
	r[4] = (uint32_t)(uint64_t)(sext24(x) * sext24(y));
	r[5] = (uint32_t)((uint64_t)(x & 0xffffff) * (y & 0xffffff));
	r[6] = (uint32_t)((uint64_t)(sx * sy) >> 32);
	r[7] = (uint32_t)(((uint64_t)x * y) >> 32);
	r[8] = ref_byte_perm(x, y, y);
	r[9] = 7u + (uint32_t)(sx > sy ? sx - sy : sy - sx);
	r[10] = 7u + (x > y ? x - y : y - x);
	r[11] = (uint32_t)floor_half(sx + sy);
	r[12] = (uint32_t)floor_half(sx + sy + 1);
	r[13] = (uint32_t)(((uint64_t)x + y) / 2);
	r[14] = (uint32_t)(((uint64_t)x + y + 1) / 2);
	r[15] = ref_funnel(x, y, sh, 1, 0);
	r[16] = ref_funnel(x, y, sh, 0, 0);
	r[17] = ref_funnel(x, y, sh, 1, 1);
	r[18] = ref_funnel(x, y, sh, 0, 1);
	r[19] = (uint32_t)(sx < sy ? sx : sy);
	r[20] = x > y ? x : y;
	r[21] = x < y ? x : y;
}

static uint64_t lcg(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return *s >> 11 ^ *s << 7;
}

static int close_to(double got, double want, double rel)
{
	return fabs(got - want) <= rel * fabs(want) + 1e-300;
}

static void test_int(void)
{
	static const uint32_t edge[] = { 0, 1, 2, 3, 0x80000000u, 0xffffffffu, 0x7fffffffu,
					 0x12345678u, 0xdeadbeefu, 0x00ff00ffu, 0x00800000u,
					 0x00ffffffu, 0x01000000u, 0xfffffffeu, 65535, 65536 };
	unsigned int *a, *b, *o;
	unsigned long long *la, *lb, *lo;
	uint64_t seed = 42;
	static const char *names[NI] = {"__popc",
					"__clz",
					"__ffs",
					"__brev",
					"__mul24",
					"__umul24",
					"__mulhi",
					"__umulhi",
					"__byte_perm",
					"__sad",
					"__usad",
					"__hadd",
					"__rhadd",
					"__uhadd",
					"__urhadd",
					"__funnelshift_l",
					"__funnelshift_r",
					"__funnelshift_lc",
					"__funnelshift_rc",
					"min(int, int)",
					"max(unsigned, unsigned)",
					"umin"};
	static const char *lnames[NL] = { "__popcll", "__clzll", "__ffsll", "__brevll", "__mul64hi",
					  "__umul64hi" };
	int bad[NI] = { 0 }, lbad[NL] = { 0 };

	cudaMallocManaged((void **)&a, NV * sizeof(*a), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&b, NV * sizeof(*b), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&o, NV * NI * sizeof(*o), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&la, NV * sizeof(*la), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&lb, NV * sizeof(*lb), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&lo, NV * NL * sizeof(*lo), cudaMemAttachGlobal);
	for (int i = 0; i < NV; i++) {
		int e = (int)(sizeof(edge) / sizeof(edge[0]));

		a[i] = i < e ? edge[i] : (uint32_t)lcg(&seed);
		b[i] = i < e ? edge[(i * 7 + 3) % e] : (uint32_t)lcg(&seed);
		la[i] = i < e ? (uint64_t)edge[i] << (i % 33) | edge[(i + 1) % e] : lcg(&seed);
		lb[i] = i < e ? ~(uint64_t)edge[(i * 5) % e] << (i % 29) : lcg(&seed);
	}
	LAUNCH(k_int, NV / 64, 64, 0, 0, a, b, o);
	LAUNCH(k_ll, NV / 64, 64, 0, 0, la, lb, lo);
	TAP_ERR(cudaDeviceSynchronize(), cudaSuccess);
	for (int i = 0; i < NV; i++) {
		uint32_t r[NI];
		uint64_t x = la[i], y = lb[i];
		uint64_t lr[NL] = {ref_popc(x, 64),
				   ref_clz(x, 64),
				   ref_ffs(x, 64),
				   ref_brev(x, 64),
				   (uint64_t)ref_mulhi64((int64_t)x, (int64_t)y),
				   ref_umulhi64(x, y)};

		ref_int(a[i], b[i], r);
		for (int j = 0; j < NI; j++)
			bad[j] += o[i * NI + j] != r[j];
		for (int j = 0; j < NL; j++)
			lbad[j] += lo[i * NL + j] != lr[j];
	}
	for (int j = 0; j < NI; j++) {
		char m[96];

		snprintf(m, sizeof(m), "%s = the C reference on %d inputs (%d differ)", names[j],
			 NV, bad[j]);
		tap_ok(!bad[j], "%s", m);
	}
	for (int j = 0; j < NL; j++) {
		char m[96];

		snprintf(m, sizeof(m), "%s = the C reference on %d inputs (%d differ)", lnames[j],
			 NV, lbad[j]);
		tap_ok(!lbad[j], "%s", m);
	}
	tap_ok(min(-1, 5u) == 5u && max(2.5f, 1.0f) == 2.5f && min(3.0, 2.0f) == 2.0,
	       "min/max on mixed types: CUDA's (int, unsigned) is unsigned");
	cudaFree(a);
	cudaFree(b);
	cudaFree(o);
	cudaFree(la);
	cudaFree(lb);
	cudaFree(lo);
}

static void test_fp(void)
{
	float *f;
	double *d;
	long long *cl;

	cudaMallocManaged((void **)&f, 16 * sizeof(*f), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&d, 16 * sizeof(*d), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&cl, 2 * sizeof(*cl), cudaMemAttachGlobal);
	LAUNCH(k_fp, 1, 1, 0, 0, f, d, cl);
	TAP_ERR(cudaDeviceSynchronize(), cudaSuccess);
	tap_ok(f[0] == 0.5f, "rsqrtf(4) = 0.5");
	tap_ok(f[1] == 1.0f + 0.0f + 25.0f, "__saturatef clamps to [0, 1]");
	tap_ok(f[2] == 0.125f, "__fdividef(1, 8)");
	tap_ok(close_to(f[3], 2.718281828459045, 2e-7), "__expf(1) = e");
	tap_ok(f[4] == 0.0f + 0.0f + 100.0f,
	       "sinpif(2) = 0, cospif(0.5) = 0, sinpif(0.5) = 1 exactly");
	tap_ok(close_to(f[5], 0.4769362762044699, 2e-7), "erfinvf(0.5)");
	tap_ok(close_to(f[6], 0.8413447460685429, 2e-7), "normcdff(1)");
	/* 0.975f is 0.975 + 2.4e-8: the quantile moves by 4e-7 */
	tap_ok(close_to(f[7], 1.959963984540054, 5e-7), "normcdfinvf(0.975)");
	tap_ok(f[8] == 13.0f, "norm3df(3, 4, 12) = 13");
	tap_ok(f[9] == 0.5f, "rcbrtf(8) = 0.5");
	tap_ok(f[10] == (float)(0.3f * 1.0f) + 1.0f, "__fmul_rn, __fadd_rn: two roundings");
	tap_ok(close_to(f[11], 3.14159265358979, 1e-7), "__int_as_float(0x40490fdb) = pi");
	tap_ok(close_to(d[0], 0.4769362762044699, 1e-14), "erfinv(0.5) to 1e-14");
	tap_ok(close_to(erfc(d[1]), 1e-10, 1e-12) && close_to(d[1], 4.572824967389486, 1e-12),
	       "erfcinv(1e-10): erfc of it is 1e-10");
	tap_ok(close_to(d[2], 1.959963984540054, 1e-14), "normcdfinv(0.975)");
	tap_ok(d[3] == 0.2 && d[4] == 2.0, "rhypot(3, 4), norm4d(1, 1, 1, 1)");
	tap_ok(d[5] == 1.5, "__hiloint2double(__double2hiint, __double2loint)");
	tap_ok(d[6] == -10.0 && !signbit(d[6] + 10.0), "sinpi(-3) = -0, cospi(1) = -1");
	tap_ok(d[7] == 2.0 + 40.0 - 200.0 + 3000.0 - 30000.0,
	       "__float2int_rn/rz/ru/rd round as named");
	tap_ok(d[8] == 2147483647.0, "__float2int saturates, negative to unsigned is 0, NaN is 0");
	tap_ok(d[9] == 1065353216.0, "__float_as_int(1.0f) = 0x3f800000");
	/*
	 * The CPU's counter, each reading above the thread's last one even
	 * when the OS moved the thread to a CPU whose counter lags.
	 */
	tap_ok(cl[0] != 0 && cl[1] > cl[0], "clock64 reads a running counter, the second read above the first");
	printf("# clock64: the second read %lld above the first\n", cl[1] - cl[0]);
#ifndef __CUDACC__	/* the runtime's own call: ours only */
	{
		int rate = 0;

		cudaDeviceGetAttribute(&rate, cudaDevAttrClockRate, 0);
		/* before: the CPU's speed from cpufreq or /proc/cpuinfo, not the counter's rate */
		tap_ok(rate > 0 && rate == idxgen_rt_clock_khz(), "cudaDevAttrClockRate is the rate of clock64's counter");
		printf("# cudaDevAttrClockRate %d kHz, the runtime's counter %d kHz\n", rate, idxgen_rt_clock_khz());
	}
#endif
	/* the inverse functions over their range */
	{
		int bad = 0;

		for (int i = 1; i < 200; i++) {
			double y = -1.0 + i / 100.0, p = i / 200.0;

			bad += !close_to(erf(erfinv(y)), y, 1e-13);
			bad += !close_to(erfc(erfcinv(2.0 * p)), 2.0 * p, 1e-13);
			bad += !close_to(normcdf(normcdfinv(p)), p, 1e-13);
			bad += fabs(erff(erfinvf((float)y)) - (float)y) > 4e-7f;
		}
		tap_ok(!bad,
		       "erf(erfinv(y)) = y, erfc(erfcinv), normcdf(normcdfinv) over the range");
	}
	cudaFree(f);
	cudaFree(d);
	cudaFree(cl);
}

static void test_atomics(void)
{
	enum { B = 64, T = 256, N = B * T };
	int *ci;
	unsigned int *cu, *olds;
	unsigned long long *cull;
	long long *cll;
	float *cf;
	double *cd;
	int i_ref[6] = { 0, 1000, 0x7fffffff, (int)0x80000000, 0, 0 };
	unsigned int u_ref[10] = { 0, 0, 0xffffffffu, 0, 0xffffffffu, 0, 0, 12345, 0, 0 };
	unsigned long long ull_ref[5] = { 0, ~0ull, 0, 0, 0 };
	long long ll_ref[2] = { 0, 0 };
	unsigned long long olds_sum = 0;
	int ok;

	cudaMallocManaged((void **)&ci, sizeof(i_ref), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&cu, sizeof(u_ref), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&cull, sizeof(ull_ref), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&cll, sizeof(ll_ref), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&cf, sizeof(float), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&cd, sizeof(double), cudaMemAttachGlobal);
	cudaMallocManaged((void **)&olds, N * sizeof(unsigned int), cudaMemAttachGlobal);
	memcpy(ci, i_ref, sizeof(i_ref));
	memcpy(cu, u_ref, sizeof(u_ref));
	memcpy(cull, ull_ref, sizeof(ull_ref));
	memcpy(cll, ll_ref, sizeof(ll_ref));
	*cf = 0.0f;
	*cd = 0.0;
	LAUNCH(k_atomic, B, T, 0, 0, N, ci, cu, cull, cll, cf, cd, olds);
	TAP_ERR(cudaDeviceSynchronize(), cudaSuccess);

	/* the sequential replay */
	for (int i = 0; i < N; i++) {
		i_ref[0] += 1;
		u_ref[0] += (unsigned int)i;
		ull_ref[0] += 0x100000001ull;
		i_ref[1] -= 2;
		u_ref[1] -= 1u;
		if (i - N / 2 < i_ref[2])
			i_ref[2] = i - N / 2;
		if (i - N / 2 > i_ref[3])
			i_ref[3] = i - N / 2;
		if ((unsigned int)i + 5u < u_ref[2])
			u_ref[2] = (unsigned int)i + 5u;
		if ((unsigned int)i > u_ref[3])
			u_ref[3] = (unsigned int)i;
		if (-(long long)i * 1000000000000LL < ll_ref[0])
			ll_ref[0] = -(long long)i * 1000000000000LL;
		if ((long long)i * 1000000000000LL > ll_ref[1])
			ll_ref[1] = (long long)i * 1000000000000LL;
		if (0xffffffff00000000ull - (unsigned long long)i < ull_ref[1])
			ull_ref[1] = 0xffffffff00000000ull - (unsigned long long)i;
		if ((unsigned long long)i << 40 > ull_ref[2])
			ull_ref[2] = (unsigned long long)i << 40;
		u_ref[4] &= ~(1u << (i % 32));
		u_ref[5] |= 1u << (i % 31);
		u_ref[6] ^= (unsigned int)i;
		ull_ref[3] ^= (unsigned long long)i << 33;
		i_ref[5] |= 1 << (i % 17);
		u_ref[8] = u_ref[8] >= 9u ? 0 : u_ref[8] + 1; /* CUDA's atomicInc */
		u_ref[9] = (u_ref[9] == 0 || u_ref[9] > 9u) ? 9u : u_ref[9] - 1; /* atomicDec */
		ull_ref[4] += 3;
		i_ref[4] += 1;
		olds_sum += (unsigned int)i;
	}
	tap_ok(ci[0] == i_ref[0] && cu[0] == u_ref[0] && cull[0] == ull_ref[0],
	       "atomicAdd on int, unsigned, unsigned long long");
	tap_ok(*cf == (float)N && *cd == 0.5 * N, "atomicAdd on float and double");
	tap_ok(ci[1] == i_ref[1] && cu[1] == u_ref[1], "atomicSub on int, unsigned");
	tap_ok(ci[2] == i_ref[2] && ci[3] == i_ref[3] && cu[2] == u_ref[2] && cu[3] == u_ref[3],
	       "atomicMin/Max on int, unsigned");
	tap_ok(cll[0] == ll_ref[0] && cll[1] == ll_ref[1] && cull[1] == ull_ref[1] &&
	       cull[2] == ull_ref[2], "atomicMin/Max on long long, unsigned long long");
	tap_ok(cu[4] == u_ref[4] && cu[5] == u_ref[5] && cu[6] == u_ref[6] &&
		   cull[3] == ull_ref[3] && ci[5] == i_ref[5],
	       "atomicAnd/Or/Xor on unsigned, unsigned long long, int");
	tap_ok(cu[8] == u_ref[8] && cu[9] == u_ref[9], "atomicInc/atomicDec wrap as CUDA's");
	tap_ok(cull[4] == ull_ref[4] && ci[4] == i_ref[4],
	       "atomicCAS loops on int, unsigned long long");
	/* atomicExch: the old values and the final one are the initial one and all i, once each */
	{
		unsigned long long got = cu[7];

		for (int i = 0; i < N; i++)
			got += olds[i];
		ok = got == olds_sum + 12345u;
	}
	tap_ok(ok, "atomicExch: every value is handed on exactly once");
	cudaFree(ci);
	cudaFree(cu);
	cudaFree(cull);
	cudaFree(cll);
	cudaFree(cf);
	cudaFree(cd);
	cudaFree(olds);
}

/* math_constants.h against libm */
static void test_constants(void)
{
	tap_ok(CUDART_PI == acos(-1.0) && CUDART_PI_F == (float)acos(-1.0) &&
	       CUDART_PIO2 == acos(0.0) && CUDART_PIO4_F == (float)atan(1.0),
	       "CUDART_PI, _PIO2, _PIO4_F = acos/atan");
	tap_ok(CUDART_LN2 == log(2.0) && CUDART_L2E == 1.0 / log(2.0) && CUDART_LNT == log(10.0) &&
		   CUDART_SQRT_TWO == sqrt(2.0) &&
		   fabs(CUDART_SQRT_2PI - sqrt(2.0 * acos(-1.0))) <=
		       4.5e-16, /* 2 pi rounded first */
	       "CUDART_LN2, _L2E, _LNT, _SQRT_TWO, _SQRT_2PI = libm's");
#ifndef __CUDACC__	/* NVIDIA's are device bit casts: not for host code */
	tap_ok(isinf(CUDART_INF_F) && isnan(CUDART_NAN) && signbit(CUDART_NEG_ZERO_F) &&
		   CUDART_MIN_DENORM_F == nextafterf(0.0f, 1.0f) &&
		   CUDART_MAX_NORMAL_F == 3.40282347e+38f,
	       "CUDART_INF_F, _NAN, _NEG_ZERO_F, _MIN_DENORM_F, _MAX_NORMAL_F");
#endif
}

TAP_TEST(constants)
{
	test_constants();
}

TAP_TEST(int)
{
	test_int();
}

TAP_TEST(fp)
{
	test_fp();
}

TAP_TEST(atomics)
{
	test_atomics();
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
