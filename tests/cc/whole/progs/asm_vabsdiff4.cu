// Inline PTX `vabsdiff4.u32.u32.u32.add` (cuda-samples' stereoDisparity
// computes its block-matching cost with it): PTX ISA's four-byte absolute
// difference with the secondary accumulate, d = c + sum over the bytes of
// |a_i - b_i|, unsigned.  idxgen-cc refused the asm before (PTX cannot run
// on a CPU); now that one form is __vsadu4(a, b) + c (lib/cc/asm_sreg.c).
// The asm sits in a __device__ helper as the sample writes it, over several
// lines, and once on one line in a kernel; every result is checked against
// a sum written here on the host byte by byte.  Words cover bytes 0 and
// 255 (largest difference), equal bytes, a < b and a > b in every lane,
// and an accumulator near 2^32 whose sum wraps.
#include <cstdio>
#include <cuda_runtime.h>

__device__ unsigned int sad4_acc(unsigned int a, unsigned int b, unsigned int c = 0)
{
	unsigned int result;

	asm("vabsdiff4.u32.u32.u32.add"
	    " %0, %1, %2, %3;"
	    : "=r"(result)
	    : "r"(a), "r"(b), "r"(c));

	return result;
}

// the row of a 4-wide window: the cost of each candidate shift, summed
__global__ void window_cost(const unsigned int *left, const unsigned int *right,
			    unsigned int *cost, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	unsigned int sum = 0;
	for (int k = 0; k < 3; k++)
		sum = sad4_acc(left[(i + k) % n], right[(i + 2 * k) % n], sum);
	cost[i] = sum;
}

__global__ void one_line(const unsigned int *a, const unsigned int *b, const unsigned int *c,
			 unsigned int *d, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		unsigned int r;
		asm volatile("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(r) : "r"(a[i]), "r"(b[i]), "r"(c[i]));
		d[i] = r;
	}
}

// the reference: each byte taken out with a shift and a mask, its
// difference by comparison, the total in 64 bits then reduced mod 2^32
static unsigned int host_sad(unsigned int a, unsigned int b, unsigned int c)
{
	unsigned long long total = c;

	for (int byte = 0; byte < 4; byte++) {
		unsigned int x = (a >> (8 * byte)) & 0xffu;
		unsigned int y = (b >> (8 * byte)) & 0xffu;
		total += x > y ? x - y : y - x;
	}
	return (unsigned int)(total & 0xffffffffull);
}

#define N 64

int main(void)
{
	static const unsigned int fixed[][4] = {
		// a, b, c, expected d (worked out by hand)
		{0x00000000u, 0xffffffffu, 0u, 1020u},
		{0xffffffffu, 0x00000000u, 5u, 1025u},
		{0x12345678u, 0x12345678u, 7u, 7u},
		{0x00ff00ffu, 0xff00ff00u, 0u, 1020u},
		{0x01020304u, 0x04030201u, 0u, 8u},
		{0x80000001u, 0x7f0000ffu, 0xfffffff0u, 0xefu}, // 254 + 1 past 0xfffffff0 wraps
	};
	const int nf = (int)(sizeof(fixed) / sizeof(fixed[0]));
	unsigned int ha[N], hb[N], hc[N], hd[N], hcost[N];
	unsigned int *da, *db, *dc, *dd, *dcost;
	unsigned int seed = 12345u;
	int passed = 0, failed = 0;

	for (int i = 0; i < N; i++) {
		if (i < nf) {
			ha[i] = fixed[i][0];
			hb[i] = fixed[i][1];
			hc[i] = fixed[i][2];
		} else {
			seed = seed * 1664525u + 1013904223u;
			ha[i] = seed;
			seed = seed * 1664525u + 1013904223u;
			hb[i] = seed;
			seed = seed * 1664525u + 1013904223u;
			hc[i] = i % 4 ? seed >> 8 : 0xffffff00u + (seed & 0xffu);
		}
	}
	cudaMalloc(&da, sizeof(ha));
	cudaMalloc(&db, sizeof(hb));
	cudaMalloc(&dc, sizeof(hc));
	cudaMalloc(&dd, sizeof(hd));
	cudaMalloc(&dcost, sizeof(hcost));
	cudaMemcpy(da, ha, sizeof(ha), cudaMemcpyHostToDevice);
	cudaMemcpy(db, hb, sizeof(hb), cudaMemcpyHostToDevice);
	cudaMemcpy(dc, hc, sizeof(hc), cudaMemcpyHostToDevice);
	one_line<<<2, 32>>>(da, db, dc, dd, N);
	window_cost<<<2, 32>>>(da, db, dcost, N);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("launch failed\n");
		return 1;
	}
	cudaMemcpy(hd, dd, sizeof(hd), cudaMemcpyDeviceToHost);
	cudaMemcpy(hcost, dcost, sizeof(hcost), cudaMemcpyDeviceToHost);

	for (int i = 0; i < nf; i++) {
		if (hd[i] == fixed[i][3] && host_sad(ha[i], hb[i], hc[i]) == fixed[i][3]) {
			passed++;
		} else {
			failed++;
			printf("fixed %d: %08x %08x %08x: got %u, expected %u\n", i, ha[i], hb[i],
			       hc[i], hd[i], fixed[i][3]);
		}
	}
	for (int i = 0; i < N; i++) {
		unsigned int want = host_sad(ha[i], hb[i], hc[i]);
		unsigned int cost = 0;

		for (int k = 0; k < 3; k++)
			cost = host_sad(ha[(i + k) % N], hb[(i + 2 * k) % N], cost);
		if (hd[i] == want && hcost[i] == cost) {
			passed++;
		} else {
			failed++;
			printf("%d: d %u (want %u), cost %u (want %u)\n", i, hd[i], want, hcost[i], cost);
		}
	}
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
	cudaFree(dd);
	cudaFree(dcost);
	printf("%d passed, %d failed\n", passed, failed);
	printf(failed ? "FAIL\n" : "PASS\n");
	return failed ? 1 : 0;
}
