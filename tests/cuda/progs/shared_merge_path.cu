// Merge path in __shared__ memory with 32-bit unsigned indices, the shape of
// GPU merge kernels: each block loads a sorted tile of A and one of B into
// one __shared__ window (B's tile behind A's, reached through a pointer set
// from the window), and each thread finds where its diagonal crosses the
// merge path by a binary search that reads B backwards from the diagonal
// with a complemented index: `bd[~mid]`, `*(bd + ~mid)`, `bd - 1u - mid`.
// `~mid` is 2^32 - mid - 1 as an `unsigned`; a GPU computes shared-memory
// addresses in 32 bits, so that element is bd[-mid - 1] there (issue 38:
// HeCBench merge's `BSm1[~Ax]` read 2^32 - Ax - 1 elements past its pointer
// on the CPU and crashed).  Element sizes 1, 4, 8 and 16 bytes (a struct
// whose payload tells equal keys apart, so the order of ties is checked
// too: A's first).  Checked against std::merge on the host.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define TILE 256
#define THREADS 64
#define ITEMS (2 * TILE / THREADS)
#define CHECK(x)                                                                                    \
	do {                                                                                        \
		cudaError_t e_ = (x);                                                               \
		if (e_ != cudaSuccess) {                                                            \
			fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
			exit(1);                                                                    \
		}                                                                                   \
	} while (0)

struct keyed {
	long long key, from;	// from: the element's place in A or B, for the order of ties
};

__host__ __device__ inline bool operator<(const keyed &a, const keyed &b)
{
	return a.key < b.key;
}

__host__ __device__ inline bool operator==(const keyed &a, const keyed &b)
{
	return a.key == b.key && a.from == b.from;
}

template <typename T, int FORM>
__global__ void merge_tiles(const T *a, const T *b, T *c)
{
	__shared__ T window[2 * TILE];
	T *bs = window + TILE;	// B's tile
	const uint32_t t = threadIdx.x;
	const size_t base = (size_t)blockIdx.x * TILE;

	for (uint32_t i = t; i < TILE; i += blockDim.x) {
		window[i] = a[base + i];
		bs[i] = b[base + i];
	}
	__syncthreads();

	uint32_t d = t * ITEMS;	// this thread's diagonal
	uint32_t lo = d > TILE ? d - TILE : 0, hi = d < TILE ? d : TILE;
	T *bd = bs + d;

	while (lo < hi) {
		uint32_t mid = (lo + hi) >> 1;
		T bm;

		if (FORM == 0)
			bm = bd[~mid];
		else if (FORM == 1)
			bm = *(bd + ~mid);
		else
			bm = *(bd - 1u - mid);
		if (bm < window[mid])
			hi = mid;
		else
			lo = mid + 1;
	}
	uint32_t ai = lo, bi = d - lo;
	T *out = c + 2 * base + d;

	for (int k = 0; k < ITEMS; k++) {
		bool take_b = ai >= TILE || (bi < TILE && bs[bi] < window[ai]);

		out[k] = take_b ? bs[bi++] : window[ai++];
	}
}

template <typename T> T make_elem(long long key, long long from);
template <> unsigned char make_elem<unsigned char>(long long key, long long) { return (unsigned char)key; }
template <> float make_elem<float>(long long key, long long) { return (float)key * 0.5f; }
template <> double make_elem<double>(long long key, long long) { return (double)key * 0.25; }
template <> keyed make_elem<keyed>(long long key, long long from) { return keyed{ key, from }; }

template <typename T, int FORM>
static int run(const char *name, int blocks)
{
	const size_t n = (size_t)blocks * TILE;
	T *ha = (T *)malloc(n * sizeof(T)), *hb = (T *)malloc(n * sizeof(T));
	T *hc = (T *)malloc(2 * n * sizeof(T)), *ref = (T *)malloc(2 * n * sizeof(T));
	T *da, *db, *dc;
	int wrong = 0;

	srand(19 + FORM);
	for (int blk = 0; blk < blocks; blk++) {
		long long ka = 0, kb = 0;

		// ascending keys with many ties, within and between the tiles
		for (int i = 0; i < TILE; i++) {
			ka += rand() % 3;
			kb += rand() % 3;
			ha[blk * TILE + i] = make_elem<T>(ka % 200, i);
			hb[blk * TILE + i] = make_elem<T>(kb % 200, TILE + i);
		}
		std::sort(ha + blk * TILE, ha + (blk + 1) * TILE, [](const T &x, const T &y) { return x < y; });
		std::sort(hb + blk * TILE, hb + (blk + 1) * TILE, [](const T &x, const T &y) { return x < y; });
		std::merge(ha + blk * TILE, ha + (blk + 1) * TILE, hb + blk * TILE, hb + (blk + 1) * TILE,
			   ref + 2 * blk * TILE);
	}
	CHECK(cudaMalloc(&da, n * sizeof(T)));
	CHECK(cudaMalloc(&db, n * sizeof(T)));
	CHECK(cudaMalloc(&dc, 2 * n * sizeof(T)));
	CHECK(cudaMemcpy(da, ha, n * sizeof(T), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(db, hb, n * sizeof(T), cudaMemcpyHostToDevice));
	CHECK(cudaMemset(dc, 0, 2 * n * sizeof(T)));
	merge_tiles<T, FORM><<<blocks, THREADS>>>(da, db, dc);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(hc, dc, 2 * n * sizeof(T), cudaMemcpyDeviceToHost));
	for (size_t i = 0; i < 2 * n; i++)
		wrong += !(hc[i] == ref[i]);
	printf("%s: %d of %zu wrong\n", name, wrong, 2 * n);
	CHECK(cudaFree(da));
	CHECK(cudaFree(db));
	CHECK(cudaFree(dc));
	free(ha);
	free(hb);
	free(hc);
	free(ref);
	return wrong;
}

int main()
{
	int bad = 0;

	bad += run<unsigned char, 0>("uchar bd[~mid]", 7);
	bad += run<float, 0>("float bd[~mid]", 9);
	bad += run<double, 1>("double *(bd + ~mid)", 5);
	bad += run<keyed, 0>("keyed bd[~mid]", 6);
	bad += run<keyed, 1>("keyed *(bd + ~mid)", 3);
	bad += run<float, 2>("float *(bd - 1u - mid)", 4);
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
