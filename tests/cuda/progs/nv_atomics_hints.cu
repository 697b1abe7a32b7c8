// CUDA 12.8's scoped atomics (__nv_atomic_fetch_add & co. with
// __NV_ATOMIC_* orders and __NV_THREAD_SCOPE_* scopes, load/store/
// exchange/compare-exchange in their _n and pointer forms, the result-less
// __nv_atomic_add/or/...) and the cache-hinted loads and stores (__stcs,
// __stcg, __stwb, __stwt, __ldlu, __ldcv), as a histogram-and-claim
// program of the style of HeCBench's atomic benchmarks.  Every final value
// is checked against what a sequential run gives; the old values returned
// to the threads must be a permutation where atomicity makes them one.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                          \
	do {                                                                 \
		cudaError_t err_ = (call);                                   \
		if (err_ != cudaSuccess) {                                   \
			printf("%s:%d: %s\n", __FILE__, __LINE__,            \
			       cudaGetErrorString(err_));                    \
			exit(1);                                             \
		}                                                            \
	} while (0)

struct counters {
	int count;           // fetch_add, old values kept
	int down;            // fetch_sub from n
	int lo, hi;          // fetch_min / fetch_max
	unsigned bits;       // result-less or
	unsigned long long x; // fetch_xor of every index
	unsigned long long mask; // fetch_and clearing one bit each
	unsigned long long total; // result-less add (nvcc: not on signed 64-bit)
	float fsum;          // float fetch_add
	double dsum;         // double fetch_add
	int slot;            // exchange_n
	int claim;           // compare_exchange_n from -1
	int winners;         // how many compare-exchanges succeeded
	long long flag;      // store_n / load_n
};

__global__ void scoped_atomics(counters *c, int *olds, int *swapped, const int *keys, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	olds[i] = __nv_atomic_fetch_add(&c->count, 1, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
	__nv_atomic_fetch_sub(&c->down, 1, __NV_ATOMIC_ACQ_REL);
	__nv_atomic_fetch_min(&c->lo, keys[i], __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
	__nv_atomic_fetch_max(&c->hi, keys[i], __NV_ATOMIC_SEQ_CST);
	__nv_atomic_or(&c->bits, 1u << (i % 32), __NV_ATOMIC_RELAXED);
	__nv_atomic_fetch_xor(&c->x, (unsigned long long)i, __NV_ATOMIC_RELAXED);
	__nv_atomic_fetch_and(&c->mask, ~(1ull << (i % 64)), __NV_ATOMIC_RELAXED);
	__nv_atomic_add(&c->total, (unsigned long long)(keys[i] + 50000), __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_SYSTEM);
	__nv_atomic_fetch_add(&c->fsum, 1.0f, __NV_ATOMIC_RELAXED);
	__nv_atomic_fetch_add(&c->dsum, 0.5, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
	swapped[i] = __nv_atomic_exchange_n(&c->slot, i, __NV_ATOMIC_ACQ_REL);
	int expected = -1;
	if (__nv_atomic_compare_exchange_n(&c->claim, &expected, i, false, __NV_ATOMIC_ACQ_REL,
					   __NV_ATOMIC_RELAXED))
		__nv_atomic_fetch_add(&c->winners, 1, __NV_ATOMIC_RELAXED);
	else if (expected < 0)
		__nv_atomic_fetch_add(&c->winners, 1000, __NV_ATOMIC_RELAXED); // lost to nobody: wrong
	if (i == n - 1) {
		long long v = 41;
		__nv_atomic_store(&c->flag, &v, __NV_ATOMIC_RELEASE);
		__nv_atomic_thread_fence(__NV_ATOMIC_SEQ_CST, __NV_THREAD_SCOPE_DEVICE);
		long long seen;
		__nv_atomic_load(&c->flag, &seen, __NV_ATOMIC_ACQUIRE);
		__nv_atomic_store_n(&c->flag, __nv_atomic_load_n(&c->flag, __NV_ATOMIC_RELAXED) + seen / 41,
				    __NV_ATOMIC_RELAXED);
	}
}

// the pointer forms of exchange and compare-exchange, one thread
__global__ void pointer_forms(int *cell, int *out)
{
	int mine = 7, prev;
	__nv_atomic_exchange(cell, &mine, &prev, __NV_ATOMIC_SEQ_CST);
	int expected = 3, desired = 9;
	bool failed_ok = !__nv_atomic_compare_exchange(cell, &expected, &desired, true,
							__NV_ATOMIC_SEQ_CST, __NV_ATOMIC_RELAXED);
	bool ok = __nv_atomic_compare_exchange(cell, &expected, &desired, false, __NV_ATOMIC_SEQ_CST,
					       __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
	out[0] = prev;          // the 5 the host wrote
	out[1] = failed_ok;     // 3 != 7: fails ...
	out[2] = expected;      // ... and reports the 7
	out[3] = ok;            // 7 == 7: succeeds
	out[4] = __nv_atomic_load_n(cell, __NV_ATOMIC_RELAXED); // 9
}

// streaming stores and last-use loads
__global__ void cache_hints(const float *x, float *y, double *d, int *k, unsigned long long *u, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float v = __ldlu(x + i) + __ldcv(x + i);
	__stcs(y + i, v);
	__stcg(d + i, (double)v * 0.25);
	__stwb(k + i, i * 3);
	__stwt(u + i, (unsigned long long)i << 33);
}

int main()
{
	const int n = 4000, threads = 128, blocks = (n + threads - 1) / threads;
	int *keys = (int *)malloc(n * sizeof(int));
	long long key_sum = 0;
	int key_min = 1 << 30, key_max = -(1 << 30);
	unsigned long long xor_all = 0;
	for (int i = 0; i < n; i++) {
		keys[i] = (int)((i * 2654435761u) % 100003u) - 50000;
		key_sum += keys[i];
		key_min = keys[i] < key_min ? keys[i] : key_min;
		key_max = keys[i] > key_max ? keys[i] : key_max;
		xor_all ^= (unsigned long long)i;
	}
	counters h = {};
	h.down = n;
	h.lo = 1 << 30;
	h.hi = -(1 << 30);
	h.mask = ~0ull;
	h.slot = -5;
	h.claim = -1;
	counters *dc;
	int *dolds, *dswapped, *dkeys;
	CHECK(cudaMalloc(&dc, sizeof(counters)));
	CHECK(cudaMalloc(&dolds, n * sizeof(int)));
	CHECK(cudaMalloc(&dswapped, n * sizeof(int)));
	CHECK(cudaMalloc(&dkeys, n * sizeof(int)));
	CHECK(cudaMemcpy(dc, &h, sizeof(h), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(dkeys, keys, n * sizeof(int), cudaMemcpyHostToDevice));
	scoped_atomics<<<blocks, threads>>>(dc, dolds, dswapped, dkeys, n);
	CHECK(cudaGetLastError());
	int *olds = (int *)malloc(n * sizeof(int)), *swapped = (int *)malloc(n * sizeof(int));
	CHECK(cudaMemcpy(&h, dc, sizeof(h), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(olds, dolds, n * sizeof(int), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(swapped, dswapped, n * sizeof(int), cudaMemcpyDeviceToHost));

	int errors = 0;
#define EXPECT(cond, what)                                     \
	do {                                                   \
		if (!(cond)) {                                 \
			printf("wrong: %s\n", what);           \
			errors++;                              \
		}                                              \
	} while (0)
	EXPECT(h.count == n, "fetch_add count");
	EXPECT(h.down == 0, "fetch_sub");
	EXPECT(h.lo == key_min && h.hi == key_max, "fetch_min/fetch_max");
	EXPECT(h.bits == 0xffffffffu, "result-less or");
	EXPECT(h.x == xor_all, "fetch_xor");
	EXPECT(h.mask == 0, "fetch_and");
	EXPECT(h.total == (unsigned long long)(key_sum + 50000LL * n), "result-less add");
	EXPECT(h.fsum == (float)n, "float fetch_add");
	EXPECT(h.dsum == n * 0.5, "double fetch_add");
	EXPECT(h.winners == 1 && h.claim >= 0 && h.claim < n, "compare_exchange_n: one winner");
	EXPECT(h.flag == 42, "store/load/fence");
	// fetch_add's olds and exchange's (with the final value) are permutations
	char *seen = (char *)calloc(n + 1, 1), *seen2 = (char *)calloc(n + 1, 1);
	int dup = 0;
	for (int i = 0; i < n; i++) {
		if (olds[i] < 0 || olds[i] >= n || seen[olds[i]]++)
			dup++;
		int s = swapped[i] == -5 ? n : swapped[i]; // -5: the slot's first value
		if (s < 0 || s > n || seen2[s]++)
			dup++;
	}
	if (h.slot < 0 || h.slot >= n || seen2[h.slot]++)
		dup++;
	EXPECT(dup == 0, "old values of fetch_add/exchange_n are a permutation");

	int *dcell, *dout, cell = 5, out[5];
	CHECK(cudaMalloc(&dcell, sizeof(int)));
	CHECK(cudaMalloc(&dout, sizeof(out)));
	CHECK(cudaMemcpy(dcell, &cell, sizeof(int), cudaMemcpyHostToDevice));
	pointer_forms<<<1, 1>>>(dcell, dout);
	CHECK(cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost));
	EXPECT(out[0] == 5 && out[1] == 1 && out[2] == 7 && out[3] == 1 && out[4] == 9,
	       "exchange/compare_exchange pointer forms");

	float *x = (float *)malloc(n * sizeof(float)), *y = (float *)malloc(n * sizeof(float));
	double *d = (double *)malloc(n * sizeof(double));
	int *k = (int *)malloc(n * sizeof(int));
	unsigned long long *u = (unsigned long long *)malloc(n * sizeof(unsigned long long));
	for (int i = 0; i < n; i++)
		x[i] = (float)i * 0.5f;
	float *dx, *dy;
	double *dd;
	int *dk;
	unsigned long long *du;
	CHECK(cudaMalloc(&dx, n * sizeof(float)));
	CHECK(cudaMalloc(&dy, n * sizeof(float)));
	CHECK(cudaMalloc(&dd, n * sizeof(double)));
	CHECK(cudaMalloc(&dk, n * sizeof(int)));
	CHECK(cudaMalloc(&du, n * sizeof(unsigned long long)));
	CHECK(cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice));
	cache_hints<<<blocks, threads>>>(dx, dy, dd, dk, du, n);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(d, dd, n * sizeof(double), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(k, dk, n * sizeof(int), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(u, du, n * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += y[i] != (float)i || d[i] != i * 0.25 || k[i] != i * 3 ||
		       u[i] != (unsigned long long)i << 33;
	EXPECT(bad == 0, "cache-hinted loads and stores");

	CHECK(cudaFree(dc)); CHECK(cudaFree(dolds)); CHECK(cudaFree(dswapped)); CHECK(cudaFree(dkeys));
	CHECK(cudaFree(dcell)); CHECK(cudaFree(dout)); CHECK(cudaFree(dx)); CHECK(cudaFree(dy));
	CHECK(cudaFree(dd)); CHECK(cudaFree(dk)); CHECK(cudaFree(du));
	free(keys); free(olds); free(swapped); free(seen); free(seen2);
	free(x); free(y); free(d); free(k); free(u);
	printf("%s\n", errors ? "FAIL" : "PASS");
	return errors ? 1 : 0;
}
