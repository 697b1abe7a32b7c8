// Packed integer dot products (__dp4a, __dp2a_lo, __dp2a_hi) in every form
// CUDA has (int, unsigned int, char4/uchar4, short2/ushort2), as int8
// inference kernels use them, and the cache-hinted loads and stores
// (__ldcs, __ldlu, __ldcv, __stcs, __stcg, __stwb, __stwt) that streaming
// kernels write.  Checked against a host model that takes each operand
// apart with shifts and sums in 64 bits before wrapping to 32.
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>

#define NO 12

__global__ void dots(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	unsigned x = __ldcs(a + i), y = __ldlu(b + i), z = __ldcv(c + i);
	unsigned *o = out + (size_t)i * NO;
	char4 xc = make_char4((signed char)x, (signed char)(x >> 8), (signed char)(x >> 16), (signed char)(x >> 24));
	char4 yc = make_char4((signed char)y, (signed char)(y >> 8), (signed char)(y >> 16), (signed char)(y >> 24));
	uchar4 xu = make_uchar4(x, x >> 8, x >> 16, x >> 24);
	uchar4 yu = make_uchar4(y, y >> 8, y >> 16, y >> 24);
	short2 xs = make_short2((short)x, (short)(x >> 16));
	ushort2 xus = make_ushort2(x, x >> 16);

	__stcs(o + 0, (unsigned)__dp4a((int)x, (int)y, (int)z));
	__stcg(o + 1, __dp4a(x, y, z));
	__stwb(o + 2, (unsigned)__dp4a(xc, yc, (int)z));
	__stwt(o + 3, __dp4a(xu, yu, z));
	o[4] = (unsigned)__dp2a_lo((int)x, (int)y, (int)z);
	o[5] = __dp2a_lo(x, y, z);
	o[6] = (unsigned)__dp2a_hi((int)x, (int)y, (int)z);
	o[7] = __dp2a_hi(x, y, z);
	o[8] = (unsigned)__dp2a_lo(xs, yc, (int)z);
	o[9] = __dp2a_lo(xus, yu, z);
	o[10] = (unsigned)__dp2a_hi(xs, yc, (int)z);
	o[11] = __dp2a_hi(xus, yu, z);
}

static int64_t part(uint32_t v, int bits, int n, bool sign)
{
	uint32_t m = (v >> (bits * n)) & ((1u << bits) - 1);
	return sign && (m >> (bits - 1)) ? (int64_t)m - ((int64_t)1 << bits) : (int64_t)m;
}

// c plus the products of `count` parts of a (abits wide) with the parts of b
// (8 bits wide) starting at part `first`, wrapped to 32 bits.
static uint32_t model(uint32_t a, uint32_t b, uint32_t c, int abits, int count, int first, bool sign)
{
	int64_t s = sign ? (int64_t)(int32_t)c : (int64_t)c;
	for (int n = 0; n < count; n++)
		s += part(a, abits, n, sign) * part(b, 8, first + n, sign);
	return (uint32_t)(uint64_t)s;
}

int main()
{
	const int n = 4096;
	unsigned *a, *b, *c, *out;
	cudaMallocManaged(&a, n * sizeof(unsigned));
	cudaMallocManaged(&b, n * sizeof(unsigned));
	cudaMallocManaged(&c, n * sizeof(unsigned));
	cudaMallocManaged(&out, (size_t)n * NO * sizeof(unsigned));
	const unsigned edge[] = { 0u, 1u, 0x7f7f7f7fu, 0x80808080u, 0xffffffffu, 0x7fffffffu, 0x80000000u, 0x01ff80ffu };
	uint64_t r = 0x9e3779b97f4a7c15ull;
	for (int i = 0; i < n; i++) {
		r = r * 6364136223846793005ull + 1442695040888963407ull;
		a[i] = i < 64 ? edge[i % 8] : (unsigned)(r >> 32);
		b[i] = i < 64 ? edge[i / 8] : (unsigned)r;
		c[i] = i < 64 ? edge[(i + 3) % 8] : (unsigned)(r >> 16);
	}
	dots<<<(n + 127) / 128, 128>>>(a, b, c, out, n);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL: launch\n");
		return 1;
	}
	int bad = 0;
	for (int i = 0; i < n; i++) {
		uint32_t want[NO] = {
			model(a[i], b[i], c[i], 8, 4, 0, true),	  model(a[i], b[i], c[i], 8, 4, 0, false),
			model(a[i], b[i], c[i], 8, 4, 0, true),	  model(a[i], b[i], c[i], 8, 4, 0, false),
			model(a[i], b[i], c[i], 16, 2, 0, true),  model(a[i], b[i], c[i], 16, 2, 0, false),
			model(a[i], b[i], c[i], 16, 2, 2, true),  model(a[i], b[i], c[i], 16, 2, 2, false),
			model(a[i], b[i], c[i], 16, 2, 0, true),  model(a[i], b[i], c[i], 16, 2, 0, false),
			model(a[i], b[i], c[i], 16, 2, 2, true),  model(a[i], b[i], c[i], 16, 2, 2, false),
		};
		for (int k = 0; k < NO; k++)
			if (out[(size_t)i * NO + k] != want[k]) {
				if (bad < 10)
					printf("element %d form %d: a %08x b %08x c %08x: got %08x, want %08x\n", i, k,
					       a[i], b[i], c[i], out[(size_t)i * NO + k], want[k]);
				bad++;
			}
	}
	// Known values: (-1)*(-1)*4 + 10 and 255*255*4 + 0 wrap-free.
	bad += model(0xffffffffu, 0xffffffffu, 10, 8, 4, 0, true) != 14;
	bad += model(0xffffffffu, 0xffffffffu, 0, 8, 4, 0, false) != 260100;
	printf("%d mismatches in %d results\n", bad, n * NO);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
