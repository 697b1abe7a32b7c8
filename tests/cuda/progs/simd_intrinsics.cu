// The SIMD-in-a-word intrinsics (__vadd2 .. __vsetltu4, __vsads/u) and
// CUDA 12's DPX functions (__viaddmax_*, __vimax3_*, __vibmax_*, ...),
// every one of them, over operands made of each lane's edge values
// (0, 1, -1, the extremes and their neighbours) and over random words.
// Each result is checked against a per-lane model written here from the
// CUDA Math API's definitions: lanes split with integer casts, the
// operation done in 64-bit arithmetic, the lane wrapped or saturated last.
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <cuda_runtime.h>

#define NSLOT 126

#define CHECK(call)                                                          \
	do {                                                                 \
		cudaError_t err_ = (call);                                   \
		if (err_ != cudaSuccess) {                                   \
			printf("%s:%d: %s\n", __FILE__, __LINE__,            \
			       cudaGetErrorString(err_));                    \
			return 1;                                            \
		}                                                            \
	} while (0)

// Two-lane and four-lane SIMD: 82 results per operand pair.
__global__ void simd_kernel(const unsigned *a_in, const unsigned *b_in, unsigned *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	unsigned a = a_in[i], b = b_in[i];
	unsigned *o = out + (size_t)i * NSLOT;
	int k = 0;
	o[k++] = __vadd2(a, b);     o[k++] = __vadd4(a, b);
	o[k++] = __vsub2(a, b);     o[k++] = __vsub4(a, b);
	o[k++] = __vaddss2(a, b);   o[k++] = __vaddss4(a, b);
	o[k++] = __vsubss2(a, b);   o[k++] = __vsubss4(a, b);
	o[k++] = __vaddus2(a, b);   o[k++] = __vaddus4(a, b);
	o[k++] = __vsubus2(a, b);   o[k++] = __vsubus4(a, b);
	o[k++] = __vavgs2(a, b);    o[k++] = __vavgs4(a, b);
	o[k++] = __vavgu2(a, b);    o[k++] = __vavgu4(a, b);
	o[k++] = __vhaddu2(a, b);   o[k++] = __vhaddu4(a, b);
	o[k++] = __vabsdiffs2(a, b); o[k++] = __vabsdiffs4(a, b);
	o[k++] = __vabsdiffu2(a, b); o[k++] = __vabsdiffu4(a, b);
	o[k++] = __vmaxs2(a, b);    o[k++] = __vmaxs4(a, b);
	o[k++] = __vmaxu2(a, b);    o[k++] = __vmaxu4(a, b);
	o[k++] = __vmins2(a, b);    o[k++] = __vmins4(a, b);
	o[k++] = __vminu2(a, b);    o[k++] = __vminu4(a, b);
	o[k++] = __vcmpeq2(a, b);   o[k++] = __vcmpeq4(a, b);
	o[k++] = __vcmpne2(a, b);   o[k++] = __vcmpne4(a, b);
	o[k++] = __vcmpges2(a, b);  o[k++] = __vcmpges4(a, b);
	o[k++] = __vcmpgts2(a, b);  o[k++] = __vcmpgts4(a, b);
	o[k++] = __vcmples2(a, b);  o[k++] = __vcmples4(a, b);
	o[k++] = __vcmplts2(a, b);  o[k++] = __vcmplts4(a, b);
	o[k++] = __vcmpgeu2(a, b);  o[k++] = __vcmpgeu4(a, b);
	o[k++] = __vcmpgtu2(a, b);  o[k++] = __vcmpgtu4(a, b);
	o[k++] = __vcmpleu2(a, b);  o[k++] = __vcmpleu4(a, b);
	o[k++] = __vcmpltu2(a, b);  o[k++] = __vcmpltu4(a, b);
	o[k++] = __vseteq2(a, b);   o[k++] = __vseteq4(a, b);
	o[k++] = __vsetne2(a, b);   o[k++] = __vsetne4(a, b);
	o[k++] = __vsetges2(a, b);  o[k++] = __vsetges4(a, b);
	o[k++] = __vsetgts2(a, b);  o[k++] = __vsetgts4(a, b);
	o[k++] = __vsetles2(a, b);  o[k++] = __vsetles4(a, b);
	o[k++] = __vsetlts2(a, b);  o[k++] = __vsetlts4(a, b);
	o[k++] = __vsetgeu2(a, b);  o[k++] = __vsetgeu4(a, b);
	o[k++] = __vsetgtu2(a, b);  o[k++] = __vsetgtu4(a, b);
	o[k++] = __vsetleu2(a, b);  o[k++] = __vsetleu4(a, b);
	o[k++] = __vsetltu2(a, b);  o[k++] = __vsetltu4(a, b);
	o[k++] = __vabs2(a);        o[k++] = __vabs4(a);
	o[k++] = __vabsss2(a);      o[k++] = __vabsss4(a);
	o[k++] = __vneg2(a);        o[k++] = __vneg4(a);
	o[k++] = __vnegss2(a);      o[k++] = __vnegss4(a);
	o[k++] = __vsads2(a, b);    o[k++] = __vsads4(a, b);
	o[k++] = __vsadu2(a, b);    o[k++] = __vsadu4(a, b);
}

// DPX: 44 results (the __vib* ones give a value and a predicate slot).
__global__ void dpx_kernel(const unsigned *a_in, const unsigned *b_in, const unsigned *c_in,
			   unsigned *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	unsigned a = a_in[i], b = b_in[i], c = c_in[i];
	int sa = (int)a, sb = (int)b, sc = (int)c;
	unsigned *o = out + (size_t)i * NSLOT + 82;
	int k = 0;
	bool p, hi, lo;
	o[k++] = __viaddmax_s16x2(a, b, c);
	o[k++] = __viaddmax_u16x2(a, b, c);
	o[k++] = __viaddmin_s16x2(a, b, c);
	o[k++] = __viaddmin_u16x2(a, b, c);
	o[k++] = __viaddmax_s16x2_relu(a, b, c);
	o[k++] = __viaddmin_s16x2_relu(a, b, c);
	o[k++] = __vimax3_s16x2(a, b, c);
	o[k++] = __vimax3_u16x2(a, b, c);
	o[k++] = __vimin3_s16x2(a, b, c);
	o[k++] = __vimin3_u16x2(a, b, c);
	o[k++] = __vimax3_s16x2_relu(a, b, c);
	o[k++] = __vimin3_s16x2_relu(a, b, c);
	o[k++] = __vimax_s16x2_relu(a, b);
	o[k++] = __vimin_s16x2_relu(a, b);
	o[k++] = (unsigned)__viaddmax_s32(sa, sb, sc);
	o[k++] = (unsigned)__viaddmin_s32(sa, sb, sc);
	o[k++] = (unsigned)__viaddmax_s32_relu(sa, sb, sc);
	o[k++] = (unsigned)__viaddmin_s32_relu(sa, sb, sc);
	o[k++] = __viaddmax_u32(a, b, c);
	o[k++] = __viaddmin_u32(a, b, c);
	o[k++] = (unsigned)__vimax3_s32(sa, sb, sc);
	o[k++] = (unsigned)__vimin3_s32(sa, sb, sc);
	o[k++] = (unsigned)__vimax3_s32_relu(sa, sb, sc);
	o[k++] = (unsigned)__vimin3_s32_relu(sa, sb, sc);
	o[k++] = __vimax3_u32(a, b, c);
	o[k++] = __vimin3_u32(a, b, c);
	o[k++] = (unsigned)__vimax_s32_relu(sa, sb);
	o[k++] = (unsigned)__vimin_s32_relu(sa, sb);
	o[k++] = (unsigned)__vibmax_s32(sa, sb, &p); o[k++] = p;
	o[k++] = (unsigned)__vibmin_s32(sa, sb, &p); o[k++] = p;
	o[k++] = __vibmax_u32(a, b, &p);             o[k++] = p;
	o[k++] = __vibmin_u32(a, b, &p);             o[k++] = p;
	o[k++] = __vibmax_s16x2(a, b, &hi, &lo);     o[k++] = hi * 2u + lo;
	o[k++] = __vibmax_u16x2(a, b, &hi, &lo);     o[k++] = hi * 2u + lo;
	o[k++] = __vibmin_s16x2(a, b, &hi, &lo);     o[k++] = hi * 2u + lo;
	o[k++] = __vibmin_u16x2(a, b, &hi, &lo);     o[k++] = hi * 2u + lo;
}

// ---- host model -------------------------------------------------------

typedef long long ll;
// one lane's result from lane values x, y, z of w bits
typedef ll (*lane_fn)(ll x, ll y, ll z, int w);

static ll lane_of(unsigned v, int w, int i, bool sgn)
{
	if (w == 8)
		return sgn ? (ll)(int8_t)(v >> (8 * i)) : (ll)(uint8_t)(v >> (8 * i));
	if (w == 16)
		return sgn ? (ll)(int16_t)(v >> (16 * i)) : (ll)(uint16_t)(v >> (16 * i));
	return sgn ? (ll)(int32_t)v : (ll)v;
}
static ll lo_of(int w, bool sgn) { return sgn ? -(1LL << (w - 1)) : 0; }
static ll hi_of(int w, bool sgn) { return sgn ? (1LL << (w - 1)) - 1 : (1LL << w) - 1; }
static ll clampl(ll v, int w, bool sgn)
{
	return v < lo_of(w, sgn) ? lo_of(w, sgn) : v > hi_of(w, sgn) ? hi_of(w, sgn) : v;
}
// v reduced modulo 2^w into the lane's signed or unsigned range
static ll wrapl(ll v, int w, bool sgn)
{
	ll m = 1LL << w;
	ll r = ((v % m) + m) % m;
	return (sgn && r > hi_of(w, true)) ? r - m : r;
}
static ll mx(ll p, ll q) { return p > q ? p : q; }
static ll mn(ll p, ll q) { return p < q ? p : q; }

static ll f_add(ll x, ll y, ll, int) { return x + y; }
static ll f_sub(ll x, ll y, ll, int) { return x - y; }
static ll f_addss(ll x, ll y, ll, int w) { return clampl(x + y, w, true); }
static ll f_subss(ll x, ll y, ll, int w) { return clampl(x - y, w, true); }
static ll f_addus(ll x, ll y, ll, int w) { return clampl(x + y, w, false); }
static ll f_subus(ll x, ll y, ll, int w) { return clampl(x - y, w, false); }
static ll f_avgs(ll x, ll y, ll, int) { return (ll)std::round((double)(x + y) / 2.0); }
static ll f_avgu(ll x, ll y, ll, int) { return (ll)std::ceil((double)(x + y) / 2.0); }
static ll f_haddu(ll x, ll y, ll, int) { return (ll)std::floor((double)(x + y) / 2.0); }
static ll f_absdiff(ll x, ll y, ll, int) { return std::llabs(x - y); }
static ll f_max(ll x, ll y, ll, int) { return mx(x, y); }
static ll f_min(ll x, ll y, ll, int) { return mn(x, y); }
static ll f_eq(ll x, ll y, ll, int) { return x == y; }
static ll f_ne(ll x, ll y, ll, int) { return x != y; }
static ll f_ge(ll x, ll y, ll, int) { return x >= y; }
static ll f_gt(ll x, ll y, ll, int) { return x > y; }
static ll f_le(ll x, ll y, ll, int) { return x <= y; }
static ll f_lt(ll x, ll y, ll, int) { return x < y; }
static ll f_abs(ll x, ll, ll, int) { return std::llabs(x); }
static ll f_absss(ll x, ll, ll, int w) { return clampl(std::llabs(x), w, true); }
static ll f_neg(ll x, ll, ll, int) { return -x; }
static ll f_negss(ll x, ll, ll, int w) { return clampl(-x, w, true); }
// DPX: the sum a + b wraps in its lane (signedness of the lane), then max/min
static ll f_addmax_s(ll x, ll y, ll z, int w) { return mx(wrapl(x + y, w, true), z); }
static ll f_addmax_u(ll x, ll y, ll z, int w) { return mx(wrapl(x + y, w, false), z); }
static ll f_addmin_s(ll x, ll y, ll z, int w) { return mn(wrapl(x + y, w, true), z); }
static ll f_addmin_u(ll x, ll y, ll z, int w) { return mn(wrapl(x + y, w, false), z); }
static ll f_addmax_relu(ll x, ll y, ll z, int w) { return mx(f_addmax_s(x, y, z, w), 0); }
static ll f_addmin_relu(ll x, ll y, ll z, int w) { return mx(f_addmin_s(x, y, z, w), 0); }
static ll f_max3(ll x, ll y, ll z, int) { return mx(mx(x, y), z); }
static ll f_min3(ll x, ll y, ll z, int) { return mn(mn(x, y), z); }
static ll f_max3_relu(ll x, ll y, ll z, int) { return mx(mx(mx(x, y), z), 0); }
static ll f_min3_relu(ll x, ll y, ll z, int) { return mx(mn(mn(x, y), z), 0); }
static ll f_max_relu(ll x, ll y, ll, int) { return mx(mx(x, y), 0); }
static ll f_min_relu(ll x, ll y, ll, int) { return mx(mn(x, y), 0); }

enum kind { LANES, CMP_MASK, SAD, PREDS };
struct op {
	const char *name;
	int w;       // lane width: 8, 16 or 32
	bool sgn;    // lanes read as signed
	lane_fn f;
	kind k;
};

#define PAIR(name, sgn, f, k) {name "2", 16, sgn, f, k}, {name "4", 8, sgn, f, k}
static const op ops[NSLOT] = {
	PAIR("__vadd", false, f_add, LANES), PAIR("__vsub", false, f_sub, LANES),
	PAIR("__vaddss", true, f_addss, LANES), PAIR("__vsubss", true, f_subss, LANES),
	PAIR("__vaddus", false, f_addus, LANES), PAIR("__vsubus", false, f_subus, LANES),
	PAIR("__vavgs", true, f_avgs, LANES), PAIR("__vavgu", false, f_avgu, LANES),
	PAIR("__vhaddu", false, f_haddu, LANES),
	PAIR("__vabsdiffs", true, f_absdiff, LANES), PAIR("__vabsdiffu", false, f_absdiff, LANES),
	PAIR("__vmaxs", true, f_max, LANES), PAIR("__vmaxu", false, f_max, LANES),
	PAIR("__vmins", true, f_min, LANES), PAIR("__vminu", false, f_min, LANES),
	PAIR("__vcmpeq", false, f_eq, CMP_MASK), PAIR("__vcmpne", false, f_ne, CMP_MASK),
	PAIR("__vcmpges", true, f_ge, CMP_MASK), PAIR("__vcmpgts", true, f_gt, CMP_MASK),
	PAIR("__vcmples", true, f_le, CMP_MASK), PAIR("__vcmplts", true, f_lt, CMP_MASK),
	PAIR("__vcmpgeu", false, f_ge, CMP_MASK), PAIR("__vcmpgtu", false, f_gt, CMP_MASK),
	PAIR("__vcmpleu", false, f_le, CMP_MASK), PAIR("__vcmpltu", false, f_lt, CMP_MASK),
	PAIR("__vseteq", false, f_eq, LANES), PAIR("__vsetne", false, f_ne, LANES),
	PAIR("__vsetges", true, f_ge, LANES), PAIR("__vsetgts", true, f_gt, LANES),
	PAIR("__vsetles", true, f_le, LANES), PAIR("__vsetlts", true, f_lt, LANES),
	PAIR("__vsetgeu", false, f_ge, LANES), PAIR("__vsetgtu", false, f_gt, LANES),
	PAIR("__vsetleu", false, f_le, LANES), PAIR("__vsetltu", false, f_lt, LANES),
	PAIR("__vabs", true, f_abs, LANES), PAIR("__vabsss", true, f_absss, LANES),
	PAIR("__vneg", true, f_neg, LANES), PAIR("__vnegss", true, f_negss, LANES),
	PAIR("__vsads", true, f_absdiff, SAD), PAIR("__vsadu", false, f_absdiff, SAD),
	{"__viaddmax_s16x2", 16, true, f_addmax_s, LANES},
	{"__viaddmax_u16x2", 16, false, f_addmax_u, LANES},
	{"__viaddmin_s16x2", 16, true, f_addmin_s, LANES},
	{"__viaddmin_u16x2", 16, false, f_addmin_u, LANES},
	{"__viaddmax_s16x2_relu", 16, true, f_addmax_relu, LANES},
	{"__viaddmin_s16x2_relu", 16, true, f_addmin_relu, LANES},
	{"__vimax3_s16x2", 16, true, f_max3, LANES},
	{"__vimax3_u16x2", 16, false, f_max3, LANES},
	{"__vimin3_s16x2", 16, true, f_min3, LANES},
	{"__vimin3_u16x2", 16, false, f_min3, LANES},
	{"__vimax3_s16x2_relu", 16, true, f_max3_relu, LANES},
	{"__vimin3_s16x2_relu", 16, true, f_min3_relu, LANES},
	{"__vimax_s16x2_relu", 16, true, f_max_relu, LANES},
	{"__vimin_s16x2_relu", 16, true, f_min_relu, LANES},
	{"__viaddmax_s32", 32, true, f_addmax_s, LANES},
	{"__viaddmin_s32", 32, true, f_addmin_s, LANES},
	{"__viaddmax_s32_relu", 32, true, f_addmax_relu, LANES},
	{"__viaddmin_s32_relu", 32, true, f_addmin_relu, LANES},
	{"__viaddmax_u32", 32, false, f_addmax_u, LANES},
	{"__viaddmin_u32", 32, false, f_addmin_u, LANES},
	{"__vimax3_s32", 32, true, f_max3, LANES},
	{"__vimin3_s32", 32, true, f_min3, LANES},
	{"__vimax3_s32_relu", 32, true, f_max3_relu, LANES},
	{"__vimin3_s32_relu", 32, true, f_min3_relu, LANES},
	{"__vimax3_u32", 32, false, f_max3, LANES},
	{"__vimin3_u32", 32, false, f_min3, LANES},
	{"__vimax_s32_relu", 32, true, f_max_relu, LANES},
	{"__vimin_s32_relu", 32, true, f_min_relu, LANES},
	{"__vibmax_s32", 32, true, f_max, LANES}, {"__vibmax_s32 pred", 32, true, f_ge, PREDS},
	{"__vibmin_s32", 32, true, f_min, LANES}, {"__vibmin_s32 pred", 32, true, f_le, PREDS},
	{"__vibmax_u32", 32, false, f_max, LANES}, {"__vibmax_u32 pred", 32, false, f_ge, PREDS},
	{"__vibmin_u32", 32, false, f_min, LANES}, {"__vibmin_u32 pred", 32, false, f_le, PREDS},
	{"__vibmax_s16x2", 16, true, f_max, LANES}, {"__vibmax_s16x2 preds", 16, true, f_ge, PREDS},
	{"__vibmax_u16x2", 16, false, f_max, LANES}, {"__vibmax_u16x2 preds", 16, false, f_ge, PREDS},
	{"__vibmin_s16x2", 16, true, f_min, LANES}, {"__vibmin_s16x2 preds", 16, true, f_le, PREDS},
	{"__vibmin_u16x2", 16, false, f_min, LANES}, {"__vibmin_u16x2 preds", 16, false, f_le, PREDS},
};

static unsigned model(const op &p, unsigned a, unsigned b, unsigned c)
{
	unsigned r = 0;
	ll sum = 0;
	for (int i = 0; i < 32 / p.w; i++) {
		ll v = p.f(lane_of(a, p.w, i, p.sgn), lane_of(b, p.w, i, p.sgn),
			   lane_of(c, p.w, i, p.sgn), p.w);
		if (p.k == CMP_MASK)
			v = v ? -1 : 0;
		sum += v;
		if (p.k == PREDS)
			r |= (unsigned)(v != 0) << i;
		else
			r |= (unsigned)((uint64_t)wrapl(v, p.w, false) << (p.w * i));
	}
	return p.k == SAD ? (unsigned)sum : r;
}

// every lane's edges: 0, 1, max, min, their neighbours, all ones
static const uint16_t edge16[] = {0x0000, 0x0001, 0x7fff, 0x8000, 0xffff, 0x7ffe, 0x8001, 0xfffe, 0x00ff, 0x0100};
static const uint8_t edge8[] = {0x00, 0x01, 0x7f, 0x80, 0xff, 0x7e, 0x81, 0xfe};

int main()
{
	const int ne16 = sizeof(edge16) / sizeof(edge16[0]), ne8 = sizeof(edge8) / sizeof(edge8[0]);
	unsigned words[ne16 * ne16 + ne8 * ne8];
	int nw = 0;
	for (int i = 0; i < ne16; i++)
		for (int j = 0; j < ne16; j++)
			words[nw++] = (unsigned)edge16[i] << 16 | edge16[j];
	for (int i = 0; i < ne8; i++)
		for (int j = 0; j < ne8; j++)
			words[nw++] = (unsigned)edge8[i] << 24 | (unsigned)edge8[j] << 16 |
				      (unsigned)edge8[j] << 8 | edge8[(i + j) % ne8];
	const int npairs = nw * nw, nrand = 8192, n = npairs + nrand;
	unsigned *ha = new unsigned[n], *hb = new unsigned[n], *hc = new unsigned[n];
	uint64_t s = 0x9e3779b97f4a7c15ULL;
	for (int i = 0; i < n; i++) {
		s ^= s << 13; s ^= s >> 7; s ^= s << 17; // xorshift64
		if (i < npairs) {
			ha[i] = words[i / nw];
			hb[i] = words[i % nw];
			hc[i] = words[(i / nw + i % nw + (int)(s % 7)) % nw];
		} else {
			ha[i] = (unsigned)s;
			hb[i] = (unsigned)(s >> 32);
			hc[i] = (unsigned)(s >> 16) ^ (unsigned)(s << 3);
		}
	}
	unsigned *da, *db, *dc, *dout;
	unsigned *hout = new unsigned[(size_t)n * NSLOT];
	CHECK(cudaMalloc(&da, n * sizeof(unsigned)));
	CHECK(cudaMalloc(&db, n * sizeof(unsigned)));
	CHECK(cudaMalloc(&dc, n * sizeof(unsigned)));
	CHECK(cudaMalloc(&dout, (size_t)n * NSLOT * sizeof(unsigned)));
	CHECK(cudaMemcpy(da, ha, n * sizeof(unsigned), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(db, hb, n * sizeof(unsigned), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dc, hc, n * sizeof(unsigned), cudaMemcpyHostToDevice));
	const int threads = 256, blocks = (n + threads - 1) / threads;
	simd_kernel<<<blocks, threads>>>(da, db, dout, n);
	CHECK(cudaGetLastError());
	dpx_kernel<<<blocks, threads>>>(da, db, dc, dout, n);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(hout, dout, (size_t)n * NSLOT * sizeof(unsigned), cudaMemcpyDeviceToHost));

	int bad[NSLOT] = {0};
	long errors = 0;
	for (int i = 0; i < n; i++)
		for (int k = 0; k < NSLOT; k++) {
			unsigned want = model(ops[k], ha[i], hb[i], hc[i]);
			unsigned got = hout[(size_t)i * NSLOT + k];
			if (got == want)
				continue;
			if (bad[k]++ < 2)
				printf("%s(0x%08x, 0x%08x, 0x%08x) = 0x%08x, want 0x%08x\n", ops[k].name,
				       ha[i], hb[i], hc[i], got, want);
			errors++;
		}
	for (int k = 0; k < NSLOT; k++)
		if (bad[k])
			printf("%s: %d of %d wrong\n", ops[k].name, bad[k], n);
	printf("%d operand triples x %d results, %ld mismatches\n", n, NSLOT, errors);
	CHECK(cudaFree(da));
	CHECK(cudaFree(db));
	CHECK(cudaFree(dc));
	CHECK(cudaFree(dout));
	delete[] ha; delete[] hb; delete[] hc; delete[] hout;
	printf("%s\n", errors ? "FAIL" : "PASS");
	return errors ? 1 : 0;
}
