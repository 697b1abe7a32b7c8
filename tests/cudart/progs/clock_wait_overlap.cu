// Kernels that wait a number of device clock cycles, as the official samples
// stretch a kernel's run time (clock_block: graphMemoryFootprint,
// simpleHyperQ, ...), in the samples' two forms: clock() read as a 32-bit
// counter into a variable the loop tests, and clock64() in the condition.
//
// On a GPU the threads of a block wait out their cycles together.  Run one
// after another they wait in turn (graphMemoryFootprint's 16.7 M threads of
// 5 us: 84 s of CPU a launch), so idxgen-cc runs such a kernel as fibers
// and each clock read lets the block's other threads run (lib/cc/spin.c).
// What is checked is the order of the clock readings, never how long
// anything took: in every block, every thread read its start before any
// thread of the block read the end of its wait (the waits overlap); every
// wait spans at least its cycles; no thread ever read the clock go back.
// Timings are printed, never compared.
//
// usage: clock_wait_overlap [-blocks=N] [-threads=N] [-wait_us=N]
//        (defaults: 64 blocks of 256 threads, 20 us)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <cuda_runtime.h>

static int passed, failed;

static void check(bool ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAILED", what);
	ok ? ++passed : ++failed;
}

#define CHECK(x)                                                                                   \
	do {                                                                                       \
		cudaError_t e_ = (x);                                                              \
		if (e_ != cudaSuccess) {                                                           \
			printf("%s:%d %s: %s\nFAILED\n", __FILE__, __LINE__, #x,                   \
			       cudaGetErrorName(e_));                                              \
			exit(1);                                                                   \
		}                                                                                  \
	} while (0)

struct waited {
	long long start, end;	// clock64() before and after the wait
	int backwards;		// readings lower than the one before
};

// the samples' form: a 32-bit clock() reading, the offset tested by the loop
__global__ void clockBlock(clock_t cycles, waited *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	long long first = clock64();
	unsigned int start = (unsigned int)clock();
	clock_t offset = 0;
	while (offset < cycles) {
		unsigned int now = (unsigned int)clock();
		offset = (clock_t)(now - start);
	}
	out[i].start = first;
	out[i].end = clock64();
	out[i].backwards = 0;
}

// clock64() in the condition, each reading compared with the one before.
// The end is read after the loop: the last reading of the loop may come
// right after the start, in the thread's first turn, when the OS stops the
// CPU for longer than the wait between the two (a loaded machine did), and
// then the thread leaves at its next turn, while a later thread of the
// block may not have read its start yet.  What leaving the loop shows is
// that the wait is over; when the thread leaves is the moment to compare.
__global__ void clock64Block(long long cycles, waited *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	long long start = clock64(), last = start, now;
	int backwards = 0;
	do {
		now = clock64();
		backwards += now < last;
		last = now;
	} while (now - start < cycles);
	out[i].start = start;
	out[i].end = clock64();
	out[i].backwards = backwards + (out[i].end < now);
}

static int optionValue(int argc, char **argv, const char *name, int fallback)
{
	size_t len = strlen(name);
	for (int i = 1; i < argc; i++)
		if (argv[i][0] == '-' && !strncmp(argv[i] + 1, name, len) &&
		    argv[i][1 + len] == '=')
			return atoi(argv[i] + 2 + len);
	return fallback;
}

static double seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

// blocks whose threads did not all start before the first of them ended
static int blocksInTurn(const waited *w, int blocks, int threads)
{
	int inTurn = 0;
	for (int b = 0; b < blocks; b++) {
		long long lastStart = w[b * threads].start, firstEnd = w[b * threads].end;
		for (int t = 1; t < threads; t++) {
			const waited *x = &w[b * threads + t];
			lastStart = x->start > lastStart ? x->start : lastStart;
			firstEnd = x->end < firstEnd ? x->end : firstEnd;
		}
		inTurn += lastStart >= firstEnd;
	}
	return inTurn;
}

static void checkWaits(const char *kernel, const waited *w, int blocks, int threads,
		       long long cycles)
{
	int n = blocks * threads, shortWaits = 0, backwards = 0;
	char what[200];

	for (int i = 0; i < n; i++) {
		shortWaits += w[i].end - w[i].start < cycles;
		backwards += w[i].backwards;
	}
	snprintf(what, sizeof(what), "%s: every wait spans its %lld cycles (%d of %d short)",
		 kernel, cycles, shortWaits, n);
	check(shortWaits == 0, what);
	snprintf(what, sizeof(what), "%s: no clock reading below the one before (%d)", kernel,
		 backwards);
	check(backwards == 0, what);
	int inTurn = blocksInTurn(w, blocks, threads);
	snprintf(what, sizeof(what),
		 "%s: the threads of each block wait together (%d of %d blocks waited in turn)",
		 kernel, inTurn, blocks);
	check(inTurn == 0, what);
}

int main(int argc, char **argv)
{
	int blocks = optionValue(argc, argv, "blocks", 64);
	int threads = optionValue(argc, argv, "threads", 256);
	int waitUs = optionValue(argc, argv, "wait_us", 20), clockRate = 0;
	waited *d_w, *h_w;
	size_t bytes = (size_t)blocks * threads * sizeof(waited);
	double t0;

	CHECK(cudaDeviceGetAttribute(&clockRate, cudaDevAttrClockRate, 0));
	clock_t cycles = (clock_t)((double)waitUs / 1000.0 * clockRate);
	printf("%d blocks of %d threads, each waiting %d us (%ld cycles at %d kHz)\n", blocks,
	       threads, waitUs, (long)cycles, clockRate);
	CHECK(cudaMalloc(&d_w, bytes));
	CHECK(cudaMallocHost(&h_w, bytes));

	t0 = seconds();
	clockBlock<<<blocks, threads>>>(cycles, d_w);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(h_w, d_w, bytes, cudaMemcpyDeviceToHost));
	printf("clockBlock: %.3f s\n", seconds() - t0);
	checkWaits("clockBlock", h_w, blocks, threads, (long long)cycles);

	t0 = seconds();
	clock64Block<<<blocks, threads>>>((long long)cycles, d_w);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(h_w, d_w, bytes, cudaMemcpyDeviceToHost));
	printf("clock64Block: %.3f s\n", seconds() - t0);
	checkWaits("clock64Block", h_w, blocks, threads, (long long)cycles);

	CHECK(cudaFree(d_w));
	CHECK(cudaFreeHost(h_w));
	printf("%d passed, %d failed\n%s\n", passed, failed, failed ? "FAILED" : "PASSED");
	return failed != 0;
}
