// Device functions of NVIDIA's headers that programs reach for less often
// (issue 44's device-function parity): erfcx, cyl_bessel_i0/i1, rnorm,
// __fns, __nv_bswap16/32/64, the mode-argument double operations (dadd,
// double2int, ...), sm_100's __fadd2/__fmul2/__ffma2, __fmaf_ieee_*,
// __nanosleep, __nv_aligned_device_malloc, htanh_approx and tex2Dgather,
// called from a kernel and checked on the host against references written here from
// the definitions: long double exp(x^2) erfc(x) for erfcx (x^2 carried
// exactly), the integral
// (1/pi) int_0^pi e^(x cos t) cos(n t) dt by the trapezoidal rule for the
// Bessel functions, bit counts for __fns, byte arrays for the swaps,
// interval bounds for the rounded operations, the texels around the
// coordinate (gather4's order: (i0,j1), (i1,j1), (i1,j0), (i0,j0)) for
// the gather.  Also compiled by
// nvcc -arch=sm_100 -c (sm_100 for __fadd2 & co.).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define checkCudaErrors(call)                                                                    \
	do {                                                                                     \
		cudaError_t err_ = (call);                                                       \
		if (err_ != cudaSuccess) {                                                       \
			fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorName(err_), __FILE__, \
				__LINE__);                                                       \
			exit(EXIT_FAILURE);                                                      \
		}                                                                                \
	} while (0)

const int NX = 64;	// arguments of the special functions
const int NB = 96;	// (mask, base, offset) triples of __fns

struct Results {
	double erfcx[NX], i0[NX], i1[NX];
	float erfcxf[NX], i0f[NX];
	double rnorm3;
	float rnormf3;
	unsigned int fns[NB], fnsPtx[4];
	unsigned short swap16;
	unsigned int swap32;
	unsigned long long swap64;
	double addUp, addDown, addNear, mulZero;
	int toIntDefault, toIntUp, toIntDown, toIntNear;
	double llUp, llDown;
	float2 add2, mul2, mul2up, fma2;
	float fmaIeeeUp, fmaIeeeDown;
	int aligned;
	float tanhApprox;
};

__global__ void special(Results *r, const double *x, const unsigned int *masks, const int *offsets)
{
	int i = threadIdx.x;

	if (i < NX) {
		r->erfcx[i] = erfcx(x[i]);
		r->erfcxf[i] = erfcxf((float)x[i]);
		r->i0[i] = cyl_bessel_i0(x[i] / 2);
		r->i1[i] = cyl_bessel_i1(x[i] / 2);
		r->i0f[i] = cyl_bessel_i0f((float)(x[i] / 2));
	}
	if (i < NB)
		r->fns[i] = __fns(masks[i], (unsigned int)(i % 32), offsets[i]);
	if (i == 0) {
		const double v[3] = { 3e200, -4e200, 12e200 };
		const float vf[3] = { 3.0f, 4.0f, 12.0f };
		r->rnorm3 = rnorm(3, v);
		r->rnormf3 = rnormf(3, vf);
		r->fnsPtx[0] = __fns(0xaaaaaaaau, 3, 1);
		r->fnsPtx[1] = __fns(0xaaaaaaaau, 3, -1);
		r->fnsPtx[2] = __fns(0xaaaaaaaau, 2, 1);
		r->fnsPtx[3] = __fns(0xaaaaaaaau, 2, -1);
		r->swap16 = __nv_bswap16((unsigned short)0x1234);
		r->swap32 = __nv_bswap32(0x12345678u);
		r->swap64 = __nv_bswap64(0x0123456789abcdefull);
		r->addUp = dadd(1.0, 1e-30, cudaRoundPosInf);
		r->addDown = dadd(1.0, 1e-30, cudaRoundMinInf);
		r->addNear = dadd(1.0, 1e-30);
		r->mulZero = dmul(-1.0 / 3.0, 3.0, cudaRoundZero);
		r->toIntDefault = double2int(-2.7);
		r->toIntUp = double2int(-2.7, cudaRoundPosInf);
		r->toIntDown = double2int(-2.2, cudaRoundMinInf);
		r->toIntNear = double2int(2.5, cudaRoundNearest);
		r->llUp = ll2double((1ll << 60) + 1, cudaRoundPosInf);
		r->llDown = ll2double((1ll << 60) + 1, cudaRoundMinInf);
		r->add2 = __fadd2_rn(make_float2(1.5f, -2.0f), make_float2(0.25f, 8.0f));
		const float up1 = 1.0f + 1.0f / 8388608.0f;	// 1 + 2^-23: its square is 1 + 2^-22 + 2^-46
		r->mul2 = __fmul2_rz(make_float2(up1, -3.0f), make_float2(up1, 0.5f));
		r->mul2up = __fmul2_ru(make_float2(up1, -3.0f), make_float2(up1, 0.5f));
		r->fma2 = __ffma2_rn(make_float2(2.0f, 3.0f), make_float2(4.0f, -1.0f), make_float2(1.0f, 1.0f));
		r->fmaIeeeUp = __fmaf_ieee_ru(1.0f, 1.0f, 1e-20f);
		r->fmaIeeeDown = __fmaf_ieee_rd(1.0f, 1.0f, 1e-20f);
		__nanosleep(100);
		void *p = __nv_aligned_device_malloc(100, 256), *q = __nv_aligned_device_malloc(8, 12);
		r->aligned = p && ((size_t)p % 256) == 0 && q == NULL;
		free(p);
		r->tanhApprox = __half2float(htanh_approx(__float2half(0.5f)));
	}
}

const int GW = 5, GH = 4;	// the gathered arrays

__global__ void gather(float4 *g, uchar4 *gc, cudaTextureObject_t image, cudaTextureObject_t colours,
		       const float2 *at, int n)
{
	int i = threadIdx.x;

	if (i < n) {
		g[i] = tex2Dgather<float4>(image, at[i].x, at[i].y);
		gc[i] = tex2Dgather<uchar4>(colours, at[i].x, at[i].y, 2);
	}
}

static int failed;

static void expect(bool ok, const char *what)
{
	if (!ok) {
		printf("FAILED: %s\n", what);
		failed++;
	}
}

// |a - b| in units of the double's last place at b
static double ulps(double a, double b)
{
	if (a == b)
		return 0;
	return std::fabs(a - b) / (std::nextafter(std::fabs(b), INFINITY) - std::fabs(b));
}

// (1/pi) int_0^pi e^(x cos t) cos(n t) dt: the integrand is smooth and periodic, so the
// trapezoidal rule converges geometrically
static long double besselRef(int n, long double x)
{
	const int steps = 400;
	const long double pi = 3.14159265358979323846264338327950288L;
	long double s = 0;

	for (int k = 0; k <= steps; k++) {
		long double t = pi * k / steps, f = expl(x * cosl(t)) * cosl(n * t);
		s += (k == 0 || k == steps) ? f / 2 : f;
	}
	return s / steps;
}

int main()
{
	double hx[NX];
	unsigned int hMasks[NB];
	int hOffsets[NB];
	for (int i = 0; i < NX; i++)
		hx[i] = -6.0 + i * 1.73;	// -6 .. 103: both branches of erfcx
	srand(44);
	for (int i = 0; i < NB; i++) {
		hMasks[i] = (unsigned int)rand() ^ ((unsigned int)rand() << 16);
		hOffsets[i] = i % 3 == 0 ? 0 : (rand() % 9) - 4;
	}
	Results *r;
	double *dx;
	unsigned int *dMasks;
	int *dOffsets;
	checkCudaErrors(cudaMallocManaged(&r, sizeof(Results)));
	checkCudaErrors(cudaMalloc(&dx, sizeof(hx)));
	checkCudaErrors(cudaMalloc(&dMasks, sizeof(hMasks)));
	checkCudaErrors(cudaMalloc(&dOffsets, sizeof(hOffsets)));
	checkCudaErrors(cudaMemcpy(dx, hx, sizeof(hx), cudaMemcpyHostToDevice));
	checkCudaErrors(cudaMemcpy(dMasks, hMasks, sizeof(hMasks), cudaMemcpyHostToDevice));
	checkCudaErrors(cudaMemcpy(dOffsets, hOffsets, sizeof(hOffsets), cudaMemcpyHostToDevice));
	special<<<1, 128>>>(r, dx, dMasks, dOffsets);
	checkCudaErrors(cudaGetLastError());
	checkCudaErrors(cudaDeviceSynchronize());

	double worst = 0, worstf = 0, worstI = 0;
	for (int i = 0; i < NX; i++) {
		long double x = hx[i];
		long double sq = x * x, sqLo = fmal(x, x, -sq);	// x^2 to 128 bits: exp's argument exact
		double ref = (double)(expl(sq) * (1 + sqLo) * erfcl(x));
		worst = std::fmax(worst, ulps(r->erfcx[i], ref));
		if (getenv("SHOW"))
			printf("  erfcx(%g): %.2f ulp\n", hx[i], ulps(r->erfcx[i], ref));
		float xf = (float)hx[i];
		float reff = (float)(expl((long double)xf * xf) * erfcl((long double)xf));
		float uf = std::nextafter(std::fabs(reff), INFINITY) - std::fabs(reff);
		if (std::fabs(r->erfcxf[i] - reff) > 4 * uf) {
			printf("  erfcxf(%g) = %.9g, reference %.9g\n", xf, r->erfcxf[i], reff);
			worstf = 99;
		}
		if (hx[i] / 2 <= 40) {	// the reference's range of accuracy
			worstI = std::fmax(worstI, ulps(r->i0[i], (double)besselRef(0, x / 2)));
			worstI = std::fmax(worstI, ulps(r->i1[i], (double)besselRef(1, x / 2)));
			float ri0 = (float)besselRef(0, (long double)(float)(hx[i] / 2));
			float u0 = std::nextafter(ri0, INFINITY) - ri0;
			if (std::fabs(r->i0f[i] - ri0) > 6 * u0)
				worstf = 99;
		}
	}
	printf("erfcx: %.2f ulp at worst; cyl_bessel_i0/i1: %.2f ulp\n", worst, worstI);
	expect(worst <= 4, "erfcx within CUDA's 4 ulp of exp(x^2) erfc(x)");
	expect(worstI <= 6, "cyl_bessel_i0/i1 within CUDA's 6 ulp of the integral");
	expect(worstf == 0, "erfcxf (4 ulp) and cyl_bessel_i0f (6 ulp) in float");
	expect(std::fabs(r->rnorm3 - 1.0 / 13e200) <= 2e-16 / 13e200, "rnorm of (3, -4, 12)e200 (no overflow)");
	expect(std::fabs(r->rnormf3 - 1.0f / 13.0f) <= 1e-7f, "rnormf of (3, 4, 12)");

	// __fns: the result d has bit d set and |offset| set bits between base and d (both included)
	int badFns = 0;
	for (int i = 0; i < NB; i++) {
		unsigned int m = hMasks[i], base = i % 32, d = r->fns[i];
		int off = hOffsets[i];
		bool ok;
		if (off == 0) {
			ok = d == (((m >> base) & 1) ? base : 0xffffffffu);
		} else if (d == 0xffffffffu) {
			unsigned int span = off > 0 ? (m >> base) : (m << (31 - base));
			ok = __builtin_popcount(span) < std::abs(off);
		} else {
			unsigned int lo = off > 0 ? base : d, hi = off > 0 ? d : base;
			unsigned int range = (hi == 31 ? 0xffffffffu : ((1u << (hi + 1)) - 1)) & ~((1u << lo) - 1);
			ok = d < 32 && ((m >> d) & 1) && __builtin_popcount(m & range) == std::abs(off) &&
			     (off > 0 ? d >= base : d <= base);
		}
		if (!ok) {
			printf("  __fns(%#x, %u, %d) = %#x\n", m, base, off, d);
			badFns++;
		}
	}
	expect(!badFns, "__fns against bit counts");
	expect(r->fnsPtx[0] == 3 && r->fnsPtx[1] == 3 && r->fnsPtx[2] == 3 && r->fnsPtx[3] == 1,
	       "__fns: PTX's four examples on 0xaaaaaaaa");

	unsigned char b16[2], b32[4], b64[8];
	unsigned short v16 = 0x1234;
	unsigned int v32 = 0x12345678u;
	unsigned long long v64 = 0x0123456789abcdefull;
	memcpy(b16, &v16, 2);
	memcpy(b32, &v32, 4);
	memcpy(b64, &v64, 8);
	unsigned char s16[2] = { b16[1], b16[0] }, s32[4], s64[8];
	for (int k = 0; k < 4; k++)
		s32[k] = b32[3 - k];
	for (int k = 0; k < 8; k++)
		s64[k] = b64[7 - k];
	expect(!memcmp(&r->swap16, s16, 2) && !memcmp(&r->swap32, s32, 4) && !memcmp(&r->swap64, s64, 8),
	       "__nv_bswap16/32/64: the bytes reversed");

	expect(r->addUp == std::nextafter(1.0, 2.0) && r->addDown == 1.0 && r->addNear == 1.0,
	       "dadd(1, 1e-30, mode): up, down, nearest");
	expect(r->mulZero > -1.0 && r->mulZero == -std::nextafter(1.0, 0.0), "dmul(-1/3, 3, cudaRoundZero)");
	expect(r->toIntDefault == -2 && r->toIntUp == -2 && r->toIntDown == -3 && r->toIntNear == 2,
	       "double2int: toward zero by default, then up, down, to even");
	expect(r->llUp == std::ldexp(1.0, 60) + 256.0 && r->llDown == std::ldexp(1.0, 60),
	       "ll2double(2^60 + 1): up and down");
	expect(r->add2.x == 1.75f && r->add2.y == 6.0f, "__fadd2_rn");
	const float sq = 1.0f + 2.0f / 8388608.0f;	// (1 + 2^-23)^2 without its 2^-46
	expect(r->mul2.x == sq && r->mul2.y == -1.5f && r->mul2up.x == std::nextafter(sq, 2.0f) &&
		       r->mul2up.y == -1.5f,
	       "__fmul2_rz, __fmul2_ru");
	expect(r->fma2.x == 9.0f && r->fma2.y == -2.0f, "__ffma2_rn");
	expect(r->fmaIeeeUp == std::nextafter(1.0f, 2.0f) && r->fmaIeeeDown == 1.0f, "__fmaf_ieee_ru/rd");
	expect(r->aligned, "__nv_aligned_device_malloc: aligned; NULL for an alignment not a power of 2");
	expect(std::fabs(r->tanhApprox - std::tanh(0.5f)) < 1e-3f, "htanh_approx(0.5)");

	// tex2Dgather on a float image and on uchar4 colours (component 2), clamped at the edges
	float hImage[GW * GH];
	uchar4 hColours[GW * GH];
	for (int i = 0; i < GW * GH; i++) {
		hImage[i] = (float)(i * 7 % 23);
		hColours[i] = make_uchar4((unsigned char)i, (unsigned char)(2 * i), (unsigned char)(100 + i), 0);
	}
	cudaChannelFormatDesc fdesc = cudaCreateChannelDesc<float>(), cdesc = cudaCreateChannelDesc<uchar4>();
	cudaArray_t aImage, aColours;
	checkCudaErrors(cudaMallocArray(&aImage, &fdesc, GW, GH, cudaArrayTextureGather));
	checkCudaErrors(cudaMallocArray(&aColours, &cdesc, GW, GH, cudaArrayTextureGather));
	checkCudaErrors(cudaMemcpy2DToArray(aImage, 0, 0, hImage, GW * sizeof(float), GW * sizeof(float), GH,
					    cudaMemcpyHostToDevice));
	checkCudaErrors(cudaMemcpy2DToArray(aColours, 0, 0, hColours, GW * sizeof(uchar4), GW * sizeof(uchar4), GH,
					    cudaMemcpyHostToDevice));
	cudaTextureObject_t tImage, tColours;
	cudaResourceDesc res = {};
	cudaTextureDesc td = {};
	res.resType = cudaResourceTypeArray;
	td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
	td.readMode = cudaReadModeElementType;
	res.res.array.array = aImage;
	checkCudaErrors(cudaCreateTextureObject(&tImage, &res, &td, NULL));
	res.res.array.array = aColours;
	checkCudaErrors(cudaCreateTextureObject(&tColours, &res, &td, NULL));
	const int ng = 4;
	const float2 hAt[ng] = { { 1.0f, 1.0f }, { 2.7f, 2.2f }, { 0.1f, 0.1f }, { 4.9f, 3.9f } };
	float2 *dAt;
	float4 *dG;
	uchar4 *dGc;
	checkCudaErrors(cudaMalloc(&dAt, sizeof(hAt)));
	checkCudaErrors(cudaMalloc(&dG, ng * sizeof(float4)));
	checkCudaErrors(cudaMalloc(&dGc, ng * sizeof(uchar4)));
	checkCudaErrors(cudaMemcpy(dAt, hAt, sizeof(hAt), cudaMemcpyHostToDevice));
	gather<<<1, 32>>>(dG, dGc, tImage, tColours, dAt, ng);
	float4 hG[ng];
	uchar4 hGc[ng];
	checkCudaErrors(cudaMemcpy(hG, dG, sizeof(hG), cudaMemcpyDeviceToHost));
	checkCudaErrors(cudaMemcpy(hGc, dGc, sizeof(hGc), cudaMemcpyDeviceToHost));
	int badGather = 0;
	for (int k = 0; k < ng; k++) {
		int i0 = (int)std::floor(hAt[k].x - 0.5f), j0 = (int)std::floor(hAt[k].y - 0.5f);
		int xs[4] = { i0, i0 + 1, i0 + 1, i0 }, ys[4] = { j0 + 1, j0 + 1, j0, j0 };
		float want[4];
		unsigned char wantc[4];
		for (int c = 0; c < 4; c++) {
			int x = std::min(std::max(xs[c], 0), GW - 1), y = std::min(std::max(ys[c], 0), GH - 1);
			want[c] = hImage[y * GW + x];
			wantc[c] = hColours[y * GW + x].z;
		}
		badGather += hG[k].x != want[0] || hG[k].y != want[1] || hG[k].z != want[2] || hG[k].w != want[3];
		badGather += hGc[k].x != wantc[0] || hGc[k].y != wantc[1] || hGc[k].z != wantc[2] || hGc[k].w != wantc[3];
	}
	expect(!badGather, "tex2Dgather: the four texels around the coordinate, gather4's order, clamped");
	cudaDestroyTextureObject(tImage);
	cudaDestroyTextureObject(tColours);
	cudaFreeArray(aImage);
	cudaFreeArray(aColours);
	cudaFree(dAt);
	cudaFree(dG);
	cudaFree(dGc);

	cudaFree(r);
	cudaFree(dx);
	cudaFree(dMasks);
	cudaFree(dOffsets);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
