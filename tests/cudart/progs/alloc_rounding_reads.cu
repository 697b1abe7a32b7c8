// Reads past an allocation's end, up to its size rounded to 256 bytes, as
// code tuned for a GPU does: a kernel that loads whole 16-byte vectors or a
// last partial tile of a buffer whose length is not a multiple of them
// (CifarNet-style layer buffers, float4 loads over n floats).  CUDA
// documents that cudaMalloc's memory is aligned to at least 256 bytes, and
// on a GPU such reads land in memory the allocation owns.  Here every
// allocator of the API (cudaMalloc, cudaMallocManaged, cudaMallocHost,
// cudaMallocAsync, cudaMallocPitch) must give at least the rounded size:
// a read there must not fault, and the bytes up to the rounded end are never
// another allocation's (no two rounded ranges overlap).  Sizes around the
// 256-byte, page and 2 MiB (huge page) boundaries.  Reads beyond the
// rounding are the program's overrun and not tried.
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cuda_runtime.h>

static int passed, failed;

static void check(bool ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAILED", what);
	ok ? ++passed : ++failed;
}

#define ROUND_UP(n) (((n) + 255) / 256 * 256)

// Each thread reads the bytes from..to-1 with its stride; counts them.
__global__ void readTail(const unsigned char *p, size_t from, size_t to, unsigned long long *count,
			 unsigned long long *sum)
{
	unsigned long long c = 0, s = 0;
	for (size_t i = from + blockIdx.x * blockDim.x + threadIdx.x; i < to;
	     i += (size_t)gridDim.x * blockDim.x) {
		s += p[i];
		c++;
	}
	atomicAdd(count, c);
	atomicAdd(sum, s);
}

enum allocator { DEVICE, MANAGED, HOST, ASYNC, PITCH, ALLOCATORS };
static const char *names[ALLOCATORS] = {"cudaMalloc", "cudaMallocManaged", "cudaMallocHost",
					"cudaMallocAsync", "cudaMallocPitch"};

// the usable size asked for; a pitched allocation's is its pitch x height
static cudaError_t allocate(enum allocator a, void **p, size_t size, size_t *asked)
{
	size_t pitch = 0;
	cudaError_t e;

	*asked = size;
	switch (a) {
	case DEVICE:
		return cudaMalloc(p, size);
	case MANAGED:
		return cudaMallocManaged(p, size);
	case HOST:
		return cudaMallocHost(p, size);
	case ASYNC:
		e = cudaMallocAsync(p, size, 0);
		return e ? e : cudaStreamSynchronize(0);
	default:
		e = cudaMallocPitch(p, &pitch, size, 3);
		*asked = pitch * 3;
		return e;
	}
}

static cudaError_t release(enum allocator a, void *p)
{
	return a == HOST ? cudaFreeHost(p) : cudaFree(p);
}

int main()
{
	const size_t sizes[] = {1,	  100,	    255,	   257,		  1000,
				4000,	  4097,	    65528,	   (2u << 20) - 8, (2u << 20) + 1,
				(4u << 20) + 8, (4u << 20) + 4000};
	const int nsizes = sizeof(sizes) / sizeof(sizes[0]);
	unsigned long long *count, *sum;
	char what[200];

	if (cudaMallocManaged(&count, sizeof(*count)) || cudaMallocManaged(&sum, sizeof(*sum))) {
		printf("setup failed\nFAILED\n");
		return 1;
	}
	for (int a = 0; a < ALLOCATORS; a++) {
		void *p[nsizes];
		size_t asked[nsizes];
		int aligned = 0, faulted = 0, overlaps = 0;

		for (int i = 0; i < nsizes; i++) {
			cudaError_t e = allocate((enum allocator)a, &p[i], sizes[i], &asked[i]);
			if (e != cudaSuccess) {
				printf("%s(%zu): %s\nFAILED\n", names[a], sizes[i], cudaGetErrorName(e));
				return 1;
			}
			aligned += (uintptr_t)p[i] % 256 == 0;
		}
		snprintf(what, sizeof(what), "%s: %d of %d allocations 256-byte aligned", names[a],
			 aligned, nsizes);
		check(aligned == nsizes, what);

		for (int i = 0; i < nsizes; i++) {
			size_t end = ROUND_UP(asked[i]);
			*count = *sum = 0;
			readTail<<<2, 64>>>((const unsigned char *)p[i], asked[i], end, count, sum);
			cudaError_t e = cudaDeviceSynchronize();
			if (e != cudaSuccess || *count != end - asked[i]) {
				printf("  %s(%zu): reading bytes %zu..%zu: %s, %llu read\n", names[a],
				       sizes[i], asked[i], end, cudaGetErrorName(e), *count);
				faulted++;
			}
			if (e != cudaSuccess)
				break;	// a trap is sticky: the rest cannot run
		}
		snprintf(what, sizeof(what),
			 "%s: a kernel reads up to each allocation's size rounded to 256 bytes (%d of %d failed)",
			 names[a], faulted, nsizes);
		check(faulted == 0, what);
		if (faulted)
			break;

		for (int i = 0; i < nsizes; i++)
			for (int j = 0; j < nsizes; j++) {
				uintptr_t a0 = (uintptr_t)p[i], a1 = a0 + ROUND_UP(asked[i]);
				uintptr_t b0 = (uintptr_t)p[j];
				overlaps += i != j && b0 >= a0 && b0 < a1;
			}
		snprintf(what, sizeof(what),
			 "%s: no allocation starts before another's rounded end (%d overlaps)",
			 names[a], overlaps);
		check(overlaps == 0, what);
		for (int i = 0; i < nsizes; i++)
			if (release((enum allocator)a, p[i]) != cudaSuccess) {
				printf("%s: free failed\nFAILED\n", names[a]);
				return 1;
			}
	}
	cudaFree(count);
	cudaFree(sum);
	printf("%d passed, %d failed\n%s\n", passed, failed, failed ? "FAILED" : "PASSED");
	return failed != 0;
}
