// Integer intrinsics: __popc, __popcll, __clz, __clzll, __ffs, __ffsll,
// __brev, __brevll, __mul24, __umul24, __mulhi, __umulhi, __mul64hi,
// __umul64hi, __byte_perm, __funnelshift_l/r, __sad, __usad, __rhadd, __uhadd,
// min/max/abs on integers, checked against plain C models of each.
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>

#define NI 20

__global__ void intr(const unsigned *a, const unsigned long long *b, long long *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	unsigned x = a[i], y = a[(i + 1) % n];
	unsigned long long z = b[i];
	long long *o = out + (size_t)i * NI;
	o[0] = __popc(x);
	o[1] = __popcll(z);
	o[2] = __clz((int)x);
	o[3] = __clzll((long long)z);
	o[4] = __ffs((int)x);
	o[5] = __ffsll((long long)z);
	o[6] = __brev(x);
	o[7] = (long long)__brevll(z);
	o[8] = __mul24((int)(x & 0x7fffff), -(int)(y & 0x3ff));
	o[9] = __umul24(x, y);
	o[10] = __mulhi((int)x, (int)y);
	o[11] = __umulhi(x, y);
	o[12] = __mul64hi((long long)z, -3LL);
	o[13] = (long long)__umul64hi(z, 0x9e3779b97f4a7c15ULL);
	o[14] = __byte_perm(x, y, 0x5140);
	o[15] = __funnelshift_l(x, y, i & 31) + (long long)__funnelshift_r(x, y, (i * 3) & 31) * 7;
	o[16] = __sad((int)x, (int)y, 5u) + (long long)__usad(x, y, 1u);
	o[17] = __rhadd((int)(x >> 1), -(int)(y >> 2)) + (long long)__uhadd(x, y);
	o[18] = min((int)x, (int)y) + (long long)max(x, y) + abs((int)(x >> 1) - 1000);
	o[19] = llabs((long long)z) + llmin((long long)z, 5LL);
}

static int std_abs(int v) { return v < 0 ? -v : v; }
static int popc(unsigned long long v) { int c = 0; while (v) { c += v & 1; v >>= 1; } return c; }
static int clz64(unsigned long long v, int bits)
{
	int c = 0;
	for (int k = bits - 1; k >= 0 && !((v >> k) & 1); k--)
		c++;
	return c;
}
static int ffs64(unsigned long long v) { for (int k = 0; k < 64; k++) if ((v >> k) & 1) return k + 1; return 0; }
static unsigned long long brev(unsigned long long v, int bits)
{
	unsigned long long r = 0;
	for (int k = 0; k < bits; k++)
		if ((v >> k) & 1)
			r |= 1ULL << (bits - 1 - k);
	return r;
}
static unsigned byte_perm(unsigned x, unsigned y, unsigned s)
{
	unsigned long long v = ((unsigned long long)y << 32) | x;
	unsigned r = 0;
	for (int k = 0; k < 4; k++)
		r |= (unsigned)((v >> (8 * ((s >> (4 * k)) & 7))) & 0xff) << (8 * k);
	return r;
}
static unsigned long long umulhi64(unsigned long long a, unsigned long long b)
{
	return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}

static void ref(unsigned x, unsigned y, unsigned long long z, int i, long long *o)
{
	o[0] = popc(x);
	o[1] = popc(z);
	o[2] = clz64(x, 32);
	o[3] = clz64(z, 64);
	o[4] = ffs64(x);
	o[5] = ffs64(z);
	o[6] = (long long)brev(x, 32);
	o[7] = (long long)brev(z, 64);
	int a24 = (int)(x & 0x7fffff), b24 = -(int)(y & 0x3ff);
	o[8] = (int)((long long)a24 * b24);
	o[9] = (unsigned)((unsigned long long)(x & 0xffffff) * (y & 0xffffff));
	o[10] = (int)(((long long)(int)x * (int)y) >> 32);
	o[11] = (unsigned)(((unsigned long long)x * y) >> 32);
	o[12] = (long long)(((__int128)(long long)z * -3) >> 64);
	o[13] = (long long)umulhi64(z, 0x9e3779b97f4a7c15ULL);
	o[14] = byte_perm(x, y, 0x5140);
	unsigned long long cat = ((unsigned long long)y << 32) | x;
	unsigned fl = (unsigned)((cat << (i & 31)) >> 32);
	unsigned fr = (unsigned)(cat >> ((i * 3) & 31));
	o[15] = fl + (long long)fr * 7;
	long long d = (long long)(int)x - (int)y;
	long long ud = x > y ? (long long)x - y : (long long)y - x;
	o[16] = (unsigned)((d < 0 ? -d : d) + 5) + (long long)(unsigned)(ud + 1);
	long long hx = (int)(x >> 1), hy = -(int)(y >> 2);
	o[17] = (int)((hx + hy + 1) >> 1) + (long long)(unsigned)(((unsigned long long)x + y) >> 1);
	int sx = (int)x, sy = (int)y;
	o[18] = (sx < sy ? sx : sy) + (long long)(x > y ? x : y) + (long long)std_abs((int)(x >> 1) - 1000);
	long long sz = (long long)z;
	o[19] = (sz < 0 ? -sz : sz) + (sz < 5 ? sz : 5);
}

int main()
{
	const int n = 256;
	unsigned *ha = new unsigned[n];
	unsigned long long *hb = new unsigned long long[n];
	long long *ho = new long long[n * NI];
	uint64_t s = 88172645463325252ULL;
	for (int i = 0; i < n; i++) {
		s ^= s << 13; s ^= s >> 7; s ^= s << 17; // xorshift64
		ha[i] = (unsigned)s >> (i % 29);
		hb[i] = (i % 9 == 0) ? (1ULL << (i % 63)) : s >> (i % 5);
	}
	ha[3] = 0; hb[5] = 0; ha[7] = 0x80000000u; hb[8] = ~0ULL;
	unsigned *da;
	unsigned long long *db;
	long long *dout;
	cudaMalloc(&da, n * sizeof(unsigned));
	cudaMalloc(&db, n * sizeof(unsigned long long));
	cudaMalloc(&dout, n * NI * sizeof(long long));
	cudaMemcpy(da, ha, n * sizeof(unsigned), cudaMemcpyHostToDevice);
	cudaMemcpy(db, hb, n * sizeof(unsigned long long), cudaMemcpyHostToDevice);
	intr<<<n / 64, 64>>>(da, db, dout, n);
	cudaMemcpy(ho, dout, n * NI * sizeof(long long), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int i = 0; i < n; i++) {
		long long r[NI];
		ref(ha[i], ha[(i + 1) % n], hb[i], i, r);
		for (int f = 0; f < NI; f++)
			if (ho[i * NI + f] != r[f]) {
				printf("i %d intrinsic %d: %lld, want %lld\n", i, f, ho[i * NI + f], r[f]);
				ok = false;
			}
	}
	cudaFree(da); cudaFree(db); cudaFree(dout);
	delete[] ha; delete[] hb; delete[] ho;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
