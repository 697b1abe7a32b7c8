// Copies and sets that end inside an allocation's 256-byte rounding.
// cudaMalloc's memory starts on a 256-byte boundary, so the bytes from the
// size asked for up to the next multiple of 256 belong to no other
// allocation; a program that copies whole tiles or vectors (a buffer of
// 1000 bytes filled by a 1024-byte cudaMemcpy, a cudaMemset of the padded
// length) writes only memory its allocation owns.  The runtime accepts such
// a copy or set, and refuses with cudaErrorInvalidValue one that runs past
// the rounded end, where another allocation may start.  Every allocator of
// the API that hands out memory; the bytes written into the rounding read
// back (a copy out and a kernel).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

static int passed, failed;

static void check(bool ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAILED", what);
	ok ? ++passed : ++failed;
}

#define ROUNDED(n) (((n) + 255) / 256 * 256)

__global__ void sumBytes(const unsigned char *p, size_t n, unsigned long long *sum)
{
	unsigned long long s = 0;
	for (size_t i = threadIdx.x; i < n; i += blockDim.x)
		s += p[i];
	atomicAdd(sum, s);
}

enum allocator { DEVICE, MANAGED, HOST, ASYNC, ALLOCATORS };
static const char *names[ALLOCATORS] = {"cudaMalloc", "cudaMallocManaged", "cudaMallocHost",
					"cudaMallocAsync"};

static cudaError_t allocate(enum allocator a, void **p, size_t size)
{
	cudaError_t e;

	switch (a) {
	case DEVICE:
		return cudaMalloc(p, size);
	case MANAGED:
		return cudaMallocManaged(p, size);
	case HOST:
		return cudaMallocHost(p, size);
	default:
		e = cudaMallocAsync(p, size, 0);
		return e ? e : cudaStreamSynchronize(0);
	}
}

static cudaError_t release(enum allocator a, void *p)
{
	return a == HOST ? cudaFreeHost(p) : cudaFree(p);
}

// One allocation of `size`: every copy and set of the rounded length is
// accepted, one byte more is refused; returns the number of failed steps.
static int tryOne(enum allocator a, size_t size, unsigned char *host, unsigned long long *sum)
{
	size_t rounded = ROUNDED(size);
	void *p, *q;
	int bad = 0;

	if (allocate(a, &p, size) != cudaSuccess || allocate(a, &q, size) != cudaSuccess) {
		printf("  %s(%zu): allocation failed\n", names[a], size);
		return 1;
	}
	for (size_t i = 0; i < rounded + 1; i++)
		host[i] = (unsigned char)(i * 7 + 1);

	cudaError_t in = cudaMemcpy(p, host, rounded, cudaMemcpyHostToDevice);
	cudaError_t set = cudaMemset(q, 3, rounded);
	cudaError_t dd = cudaMemcpy(q, p, rounded, cudaMemcpyDeviceToDevice);
	memset(host, 0, rounded + 1);
	cudaError_t out = cudaMemcpy(host, q, rounded, cudaMemcpyDeviceToHost);
	cudaError_t async = cudaMemcpyAsync(q, p, rounded, cudaMemcpyDefault, 0);
	cudaError_t sync = cudaStreamSynchronize(0);
	if (in || set || dd || out || async || sync) {
		printf("  %s(%zu) rounded %zu: in %s, set %s, d2d %s, out %s, async %s %s\n", names[a],
		       size, rounded, cudaGetErrorName(in), cudaGetErrorName(set),
		       cudaGetErrorName(dd), cudaGetErrorName(out), cudaGetErrorName(async),
		       cudaGetErrorName(sync));
		bad++;
	}

	unsigned long long want = 0;
	for (size_t i = 0; i < rounded; i++) {
		want += (unsigned char)(i * 7 + 1);
		if (host[i] != (unsigned char)(i * 7 + 1) && !bad++)
			printf("  %s(%zu): byte %zu read back %u\n", names[a], size, i, host[i]);
	}
	*sum = 0;
	sumBytes<<<1, 128>>>((const unsigned char *)q, rounded, sum);
	if (cudaDeviceSynchronize() != cudaSuccess || *sum != want) {
		printf("  %s(%zu): a kernel summed %llu for %llu\n", names[a], size, *sum, want);
		bad++;
	}

	cudaError_t over_in = cudaMemcpy(p, host, rounded + 1, cudaMemcpyHostToDevice);
	cudaError_t over_set = cudaMemset(p, 0, rounded + 1);
	cudaError_t over_out = cudaMemcpy(host, p, rounded + 1, cudaMemcpyDeviceToHost);
	cudaError_t last = cudaGetLastError();
	if (over_in != cudaErrorInvalidValue || over_set != cudaErrorInvalidValue ||
	    over_out != cudaErrorInvalidValue || last != cudaErrorInvalidValue) {
		printf("  %s(%zu) past %zu: in %s, set %s, out %s, last %s\n", names[a], size, rounded,
		       cudaGetErrorName(over_in), cudaGetErrorName(over_set), cudaGetErrorName(over_out),
		       cudaGetErrorName(last));
		bad++;
	}
	if (release(a, p) != cudaSuccess || release(a, q) != cudaSuccess) {
		printf("  %s(%zu): free failed\n", names[a], size);
		bad++;
	}
	return bad;
}

int main()
{
	const size_t sizes[] = {1, 100, 255, 257, 1000, 4097, 65528, (2u << 20) + 1};
	const int nsizes = sizeof(sizes) / sizeof(sizes[0]);
	unsigned char *host = (unsigned char *)malloc(ROUNDED((2u << 20) + 1) + 1);
	unsigned long long *sum;
	char what[200];

	if (!host || cudaMallocManaged(&sum, sizeof(*sum)) != cudaSuccess) {
		printf("setup failed\nFAILED\n");
		return 1;
	}
	for (int a = 0; a < ALLOCATORS; a++) {
		int bad = 0;
		for (int i = 0; i < nsizes; i++)
			bad += tryOne((enum allocator)a, sizes[i], host, sum) != 0;
		snprintf(what, sizeof(what),
			 "%s: copies and sets up to the 256-byte rounding accepted and read back, "
			 "one byte more refused (%d of %d sizes failed)",
			 names[a], bad, nsizes);
		check(bad == 0, what);
	}

	cudaFree(sum);
	free(host);
	printf("%d passed, %d failed\n%s\n", passed, failed, failed ? "FAILED" : "PASSED");
	return failed != 0;
}
