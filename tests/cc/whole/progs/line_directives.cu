// __FILE__ and __LINE__ name the user's file and line, as under nvcc: in
// host code after kernels (whose block functions and stubs idxgen-cc writes
// in between), in a __device__ function after them, in a statement of a
// kernel that loop fission writes anew, and in a kernel run as fibers.  The
// C++ that idxgen-cc compiles had its own name and lines before (FILE.cu.cpp,
// every line after the first kernel off by what it wrote).
// Build: idxgen-cc -o line_directives line_directives.cu
//        nvcc -arch=sm_90 -o line_directives line_directives.cu
#include <cstdio>
#include <cstring>

#define CHECK_LINE(got, want)                                                  \
	do {                                                                   \
		if ((got) != (want)) {                                         \
			printf("FAIL: line %d, want %d (%s)\n", (int)(got), (want), #got); \
			failures++;                                            \
		} else {                                                       \
			passes++;                                              \
		}                                                              \
	} while (0)

__global__ void scale(float *v, int n, float f)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	__shared__ float tile[128];
	tile[threadIdx.x] = i < n ? v[i] : 0.0f;
	__syncthreads();
	if (i < n)
		v[i] = tile[threadIdx.x] * f;
	if (i == 0)
		v[n] = __LINE__;	// line 31: a statement loop fission writes anew
}

__device__ int where_device()
{
	return __LINE__;	// line 36
}

__global__ void report(int *lines)
{
	if (threadIdx.x == 0 && blockIdx.x == 0) {
		lines[0] = where_device();
		lines[1] = __LINE__;	// line 43
	}
}

// a warp vote makes the kernel's threads meet: fibers (or warp lowering)
__global__ void vote(int *lines)
{
	unsigned m = __ballot_sync(0xffffffffu, threadIdx.x < 16);
	if (threadIdx.x == 0)
		lines[2] = m == 0xffffu ? __LINE__ : -1;	// line 52
}

static bool ends_with(const char *s, const char *tail)
{
	size_t a = strlen(s), b = strlen(tail);
	return a >= b && !strcmp(s + a - b, tail);
}

int main()
{
	int failures = 0, passes = 0;
	const int n = 200;
	float *v;
	int *lines;
	cudaMallocManaged(&v, (n + 1) * sizeof(float));
	cudaMallocManaged(&lines, 3 * sizeof(int));
	for (int i = 0; i < n; i++)
		v[i] = 1.0f;
	scale<<<(n + 127) / 128, 128>>>(v, n, 2.0f);
	report<<<2, 64>>>(lines);
	vote<<<1, 32>>>(lines);
	cudaDeviceSynchronize();
	CHECK_LINE(v[n], 31);
	CHECK_LINE(lines[0], 36);
	CHECK_LINE(lines[1], 43);
	CHECK_LINE(lines[2], 52);
	CHECK_LINE(__LINE__, 79);
	if (!ends_with(__FILE__, "line_directives.cu")) {
		printf("FAIL: __FILE__ is %s\n", __FILE__);
		failures++;
	} else {
		passes++;
	}
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += v[i] != 2.0f;
	if (bad) {
		printf("FAIL: %d elements of v not doubled\n", bad);
		failures++;
	} else {
		passes++;
	}
	cudaFree(v);
	cudaFree(lines);
	printf("%d passed, %d failed\n", passes, failures);
	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}
