// Atomics beyond int atomicAdd: unsigned long long and long long add / min /
// max, double atomicAdd, atomicInc / atomicDec with their wrap values,
// atomicCAS loops (a float max and a 64-bit checksum), atomicExch,
// atomicAnd / Or / Xor, and atomicSub, on global and shared memory.
#include <cstdio>
#include <cuda_runtime.h>

struct Totals {
	unsigned long long usum;
	long long smin, smax;
	double dsum;
	unsigned inc, dec;
	float fmax;
	int exch;
	unsigned band, bor, bxor;
	int sub;
	unsigned long long shared_sum;
};

__device__ float atomic_max_float(float *addr, float v)
{
	int *ia = (int *)addr;
	int old = *ia, assumed;
	do {
		assumed = old;
		if (__int_as_float(assumed) >= v)
			break;
		old = atomicCAS(ia, assumed, __float_as_int(v));
	} while (assumed != old);
	return __int_as_float(old);
}

__global__ void atomics(const int *in, int n, Totals *t)
{
	__shared__ unsigned long long s_sum;
	if (threadIdx.x == 0)
		s_sum = 0;
	__syncthreads();
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		int v = in[i];
		atomicAdd(&t->usum, (unsigned long long)v * 1000000007ULL);
		atomicMin(&t->smin, (long long)v * -4000000000LL);
		atomicMax(&t->smax, (long long)v * 3000000000LL);
		atomicAdd(&t->dsum, (double)v * 0.5);
		atomicInc(&t->inc, 99u);     // counts modulo 100
		atomicDec(&t->dec, 49u);     // counts down, wraps at 0 to 49
		atomic_max_float(&t->fmax, (float)v * 0.25f);
		atomicAnd(&t->band, ~(1u << (v % 32)));
		atomicOr(&t->bor, 1u << (v % 32));
		atomicXor(&t->bxor, (unsigned)v);
		atomicSub(&t->sub, v);
		atomicAdd(&s_sum, (unsigned long long)v);
		if (v == 1234)
			atomicExch(&t->exch, i);
	}
	__syncthreads();
	if (threadIdx.x == 0)
		atomicAdd(&t->shared_sum, s_sum);
}

int main()
{
	const int n = 10000;
	int *h = new int[n];
	for (int i = 0; i < n; i++)
		h[i] = (i * 7907) % 5003;
	h[4321] = 1234;
	for (int i = 0; i < n; i++)
		if (h[i] == 1234 && i != 4321)
			h[i] = 1233;
	Totals t0 = {};
	t0.smin = 0;
	t0.smax = 0;
	t0.dec = 7;
	t0.fmax = -1.0f;
	t0.band = ~0u;
	t0.exch = -1;
	int *din;
	Totals *dt;
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dt, sizeof(Totals));
	cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(dt, &t0, sizeof(Totals), cudaMemcpyHostToDevice);
	atomics<<<(n + 255) / 256, 256>>>(din, n, dt);
	Totals t;
	cudaMemcpy(&t, dt, sizeof(Totals), cudaMemcpyDeviceToHost);

	Totals w = t0;
	for (int i = 0; i < n; i++) {
		long long v = h[i];
		w.usum += (unsigned long long)v * 1000000007ULL;
		if (v * -4000000000LL < w.smin) w.smin = v * -4000000000LL;
		if (v * 3000000000LL > w.smax) w.smax = v * 3000000000LL;
		w.dsum += v * 0.5;
		w.inc = w.inc >= 99 ? 0 : w.inc + 1;
		w.dec = (w.dec == 0 || w.dec > 49) ? 49 : w.dec - 1;
		if (v * 0.25f > w.fmax) w.fmax = v * 0.25f;
		w.band &= ~(1u << (v % 32));
		w.bor |= 1u << (v % 32);
		w.bxor ^= (unsigned)v;
		w.sub -= (int)v;
		w.shared_sum += v;
	}
	w.exch = 4321;
	bool ok = t.usum == w.usum && t.smin == w.smin && t.smax == w.smax && t.dsum == w.dsum &&
		  t.inc == w.inc && t.dec == w.dec && t.fmax == w.fmax && t.exch == w.exch &&
		  t.band == w.band && t.bor == w.bor && t.bxor == w.bxor && t.sub == w.sub &&
		  t.shared_sum == w.shared_sum;
	if (!ok)
		printf("usum %llu/%llu smin %lld/%lld smax %lld/%lld dsum %f/%f inc %u/%u dec %u/%u fmax %f/%f exch %d/%d\n",
		       t.usum, w.usum, t.smin, w.smin, t.smax, w.smax, t.dsum, w.dsum, t.inc, w.inc, t.dec, w.dec,
		       t.fmax, w.fmax, t.exch, w.exch);
	cudaFree(din);
	cudaFree(dt);
	delete[] h;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
