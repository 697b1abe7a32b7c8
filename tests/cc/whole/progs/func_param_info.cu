// cudaFuncGetParamInfo as a launcher that packs CUDA's parameter buffer by
// hand uses it: each parameter's offset and size, for a plain kernel with
// parameters of mixed alignments (an __align__(16) struct, a 3-byte struct,
// float4), a template kernel's instantiations and a kernel with a
// parameter pack; the expected offsets are those of a struct with the same
// members in the same order (offsetof: C's layout rule is the parameter
// buffer's), not the runtime's arithmetic.  Error answers: an index past
// the last parameter, no output pointer, a function that is not a kernel.
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

struct Rgb {
	unsigned char r, g, b;
};
struct __align__(16) Block5 {
	float v[5];
};

__global__ void mixed(char tag, double scale, Rgb colour, int n, Block5 block, float4 weights, short flags)
{
}
struct MixedParams {
	char tag;
	double scale;
	Rgb colour;
	int n;
	Block5 block;
	float4 weights;
	short flags;
};

template <typename T>
__global__ void axpy(T a, const T *x, char mode, T *y)
{
}
template <typename T>
struct AxpyParams {
	T a;
	const T *x;
	char mode;
	T *y;
};

template <typename... Ts>
__global__ void packed(int count, Ts... values)
{
}
struct PackedParams {
	int count;
	char c;
	double d;
	short s;
};

static int failed;

static void expect(bool ok, const char *what)
{
	if (!ok) {
		printf("FAILED: %s\n", what);
		failed++;
	}
}

static bool matches(const void *func, int n, const size_t *offsets, const size_t *sizes)
{
	bool ok = true;

	for (int i = 0; i < n; i++) {
		size_t off = 1234, size = 1234;
		cudaError_t e = cudaFuncGetParamInfo(func, i, &off, &size);
		if (e != cudaSuccess || off != offsets[i] || size != sizes[i]) {
			printf("  parameter %d: %s, offset %zu size %zu; expected %zu %zu\n", i, cudaGetErrorName(e), off,
			       size, offsets[i], sizes[i]);
			ok = false;
		}
	}
	size_t off, size;
	return ok && cudaFuncGetParamInfo(func, n, &off, &size) == cudaErrorInvalidValue;
}

#define FIELD(S, m) offsetof(S, m)
#define SIZE(S, m) sizeof(((S *)0)->m)

int main()
{
	const size_t mixedOff[] = { FIELD(MixedParams, tag),    FIELD(MixedParams, scale), FIELD(MixedParams, colour),
				    FIELD(MixedParams, n),      FIELD(MixedParams, block), FIELD(MixedParams, weights),
				    FIELD(MixedParams, flags) };
	const size_t mixedSize[] = { SIZE(MixedParams, tag), SIZE(MixedParams, scale),   SIZE(MixedParams, colour),
				     SIZE(MixedParams, n),   SIZE(MixedParams, block),   SIZE(MixedParams, weights),
				     SIZE(MixedParams, flags) };
	expect(matches((const void *)mixed, 7, mixedOff, mixedSize), "mixed: offsets and sizes of its 7 parameters");

	const size_t axpyDOff[] = { FIELD(AxpyParams<double>, a), FIELD(AxpyParams<double>, x),
				    FIELD(AxpyParams<double>, mode), FIELD(AxpyParams<double>, y) };
	const size_t axpyDSize[] = { sizeof(double), sizeof(void *), 1, sizeof(void *) };
	expect(matches((const void *)axpy<double>, 4, axpyDOff, axpyDSize), "axpy<double>");
	const size_t axpyCOff[] = { FIELD(AxpyParams<char>, a), FIELD(AxpyParams<char>, x),
				    FIELD(AxpyParams<char>, mode), FIELD(AxpyParams<char>, y) };
	const size_t axpyCSize[] = { 1, sizeof(void *), 1, sizeof(void *) };
	expect(matches((const void *)axpy<char>, 4, axpyCOff, axpyCSize), "axpy<char>: its own offsets");

	packed<char, double, short><<<1, 1>>>(3, 'a', 2.0, (short)4);
	const size_t packOff[] = { FIELD(PackedParams, count), FIELD(PackedParams, c), FIELD(PackedParams, d),
				   FIELD(PackedParams, s) };
	const size_t packSize[] = { sizeof(int), 1, sizeof(double), sizeof(short) };
	expect(matches((const void *)packed<char, double, short>, 4, packOff, packSize),
	       "packed<char, double, short>: the pack's parameters after count");

	size_t off, size;
	expect(cudaFuncGetParamInfo((const void *)mixed, 0, NULL, &size) == cudaErrorInvalidValue,
	       "no offset pointer: cudaErrorInvalidValue");
	expect(cudaFuncGetParamInfo((const void *)mixed, 0, &off, NULL) == cudaErrorInvalidValue,
	       "no size pointer: cudaErrorInvalidValue");
	expect(cudaFuncGetParamInfo((const void *)matches, 0, &off, &size) == cudaErrorInvalidDeviceFunction,
	       "a host function: cudaErrorInvalidDeviceFunction");
	expect(cudaGetLastError() == cudaErrorInvalidDeviceFunction, "... the last error");
	expect(cudaDeviceSynchronize() == cudaSuccess, "the launch ran");
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
