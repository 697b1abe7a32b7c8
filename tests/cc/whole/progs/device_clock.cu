// clock() in device code reads the device's cycle counter, the one clock64()
// reads and cudaDevAttrClockRate counts (the samples' clock_block spins
// clockRate * ms cycles of it), while host code's clock() stays the process's
// CPU time in CLOCKS_PER_SEC.  Each check brackets one reading between two of
// the other counter, so none depends on time or load: before the fix device
// code read the host's CPU time (microseconds), far below clock64()'s cycles.
#include <cstdio>
#include <ctime>
#include <cuda_runtime.h>

struct reading {
	long long before, after;
	clock_t clk;
};

__device__ void bracket(reading *r)
{
	r->before = clock64();
	r->clk = clock();
	r->after = clock64();
}

__global__ void read_counters(reading *out)
{
	bracket(&out[blockIdx.x * blockDim.x + threadIdx.x]);
}

// waits `cycles` of clock(), as the samples' clock_block does
__global__ void spin(clock_t cycles, long long *spanned)
{
	long long t0 = clock64();
	clock_t start = clock();
	while (clock() - start < cycles)
		;
	*spanned = clock64() - t0;
}

static long long cpu_us(void)
{
	timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

int main()
{
	const int n = 64;
	int failures = 0, rate = 0;
	reading *r;
	long long *spanned;
	if (cudaMallocManaged(&r, n * sizeof(reading)) != cudaSuccess ||
	    cudaMallocManaged(&spanned, sizeof(long long)) != cudaSuccess ||
	    cudaDeviceGetAttribute(&rate, cudaDevAttrClockRate, 0) != cudaSuccess)
		return printf("setup failed\nFAIL\n"), 1;
	read_counters<<<2, n / 2>>>(r);
	if (cudaDeviceSynchronize() != cudaSuccess)
		return printf("launch failed\nFAIL\n"), 1;
	int outside = 0;
	for (int i = 0; i < n; i++)
		outside += !(r[i].before <= (long long)r[i].clk && (long long)r[i].clk <= r[i].after);
	printf("%s: device clock() between two clock64() readings in %d of %d threads\n",
	       outside ? "FAILED" : "ok", n - outside, n);
	failures += outside != 0;

	// a wait of clock() cycles spans at least as many clock64() cycles
	const clock_t cycles = (clock_t)rate;	// 1 ms at cudaDevAttrClockRate
	spin<<<1, 1>>>(cycles, spanned);
	bool done = cudaDeviceSynchronize() == cudaSuccess;
	printf("%s: a wait of %ld clock() cycles spanned %lld clock64() cycles\n",
	       done && *spanned >= cycles ? "ok" : "FAILED", (long)cycles, *spanned);
	failures += !done || *spanned < cycles;

	long long h0 = cpu_us();
	clock_t hc = clock(), hs = std::clock();
	long long h1 = cpu_us();
	bool host_ok = h0 <= (long long)hc && (long long)hc <= (long long)hs && (long long)hs <= h1;
	printf("%s: host clock() and std::clock() are the CPU time (%lld <= %ld <= %ld <= %lld us)\n",
	       host_ok ? "ok" : "FAILED", h0, (long)hc, (long)hs, h1);
	failures += !host_ok;

	cudaFree(r);
	cudaFree(spanned);
	printf("%d failed\n%s\n", failures, failures ? "FAIL" : "PASS");
	return failures != 0;
}
