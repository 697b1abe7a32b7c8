// Kernels in namespaces run as fibers (forced, or by default where a
// barrier sits in flow the analysis calls divergent): defined inside their
// namespace, defined outside it after a declaration there
// (`__global__ void Aig::build(...)`, the form of HeCBench logic-rewrite),
// in nested namespaces (written out, and as `namespace A::B`), outside a
// nested namespace but inside the outer one, in an anonymous namespace, and
// templates defined in and outside a namespace (kernel_qualified_def.cu
// runs the out-of-line forms under every model).  A definition outside its
// namespace was copied as fibers, qualifier and all, into a namespace of
// the translator's: the C++ did not compile (an internal error).  Each
// kernel reverses a block through __shared__ memory; results checked
// against the host.
#include <cstdio>
#include <cuda_runtime.h>

#define BLOCK 64

namespace Aig {
__global__ void build(int n, const int *on, int *out);
template <typename T>
__global__ void scaled(int n, T *out, T f);
namespace Inner {
__global__ void twice(int n, int *out);
__global__ void thrice(int n, int *out);
}

__global__ void inside(int n, int *out)
{
	__shared__ int tile[BLOCK];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	tile[threadIdx.x] = i < n ? i : -1;
	__syncthreads();
	if (i < n)
		out[i] = tile[blockDim.x - 1 - threadIdx.x] + 1;
}

/* nested, defined in the outer namespace */
__global__ void Inner::thrice(int n, int *out)
{
	__shared__ int tile[BLOCK];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	tile[threadIdx.x] = i < n ? out[i] : 0;
	__syncthreads();
	if (i < n)
		out[i] = 3 * tile[blockDim.x - 1 - threadIdx.x];
}
}

namespace Deep::Er {
__global__ void plus(int n, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] += 7;
}
}

namespace {
__global__ void hidden(int n, int *out)
{
	__shared__ int tile[BLOCK];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	tile[threadIdx.x] = i < n ? out[i] : 0;
	__syncthreads();
	if (i < n)
		out[i] = tile[blockDim.x - 1 - threadIdx.x] - 5;
}
}

namespace Tpl {
template <typename T>
__global__ void fill(int n, T *out, T v)
{
	__shared__ T tile[BLOCK];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	tile[threadIdx.x] = v + (T)i;
	__syncthreads();
	if (i < n)
		out[i] = tile[blockDim.x - 1 - threadIdx.x];
}
}

__global__ void Aig::build(int n, const int *on, int *out)
{
	__shared__ int tile[BLOCK];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	tile[threadIdx.x] = i < n ? i : 0;
	if (*on)	/* the same for every thread, which the analysis cannot tell: fibers */
		__syncthreads();
	if (i < n)
		out[i] = tile[blockDim.x - 1 - threadIdx.x];
}

__global__ void Aig::Inner::twice(int n, int *out)
{
	__shared__ int tile[BLOCK];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	tile[threadIdx.x] = i < n ? out[i] : 0;
	__syncthreads();
	if (i < n)
		out[i] = 2 * tile[blockDim.x - 1 - threadIdx.x];
}

template <typename T>
__global__ void Aig::scaled(int n, T *out, T f)
{
	__shared__ T tile[BLOCK];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	tile[threadIdx.x] = i < n ? out[i] : T(0);
	__syncthreads();
	if (i < n)
		out[i] = f * tile[blockDim.x - 1 - threadIdx.x];
}

static int mirror(int i)
{
	return (i / BLOCK) * BLOCK + BLOCK - 1 - i % BLOCK;
}

static int report(const char *what, const int *got, const int *want, int n)
{
	int bad = 0;

	for (int i = 0; i < n; i++)
		if (got[i] != want[i] && bad++ < 3)
			printf("%s: element %d is %d, expected %d\n", what, i, got[i], want[i]);
	printf("%s: %s\n", what, bad ? "wrong" : "right");
	return bad != 0;
}

int main()
{
	const int n = 4 * BLOCK, grid = n / BLOCK;
	int h[n], want[n], *d, *on, one = 1, failed = 0;
	float hf[n], *df;

	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&df, sizeof(hf));
	cudaMalloc(&on, sizeof(one));
	cudaMemcpy(on, &one, sizeof(one), cudaMemcpyHostToDevice);

	/* build, Inner::twice, Inner::thrice, Deep::Er::plus, hidden */
	Aig::build<<<grid, BLOCK>>>(n, on, d);
	Aig::Inner::twice<<<grid, BLOCK>>>(n, d);
	Aig::Inner::thrice<<<grid, BLOCK>>>(n, d);
	Deep::Er::plus<<<grid, BLOCK>>>(n, d);
	hidden<<<grid, BLOCK>>>(n, d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		want[i] = 6 * mirror(mirror(i)) + 7 - 5;	/* build, twice, thrice and hidden each reverse a block */
	failed += report("out of line, nested, anonymous", h, want, n);

	cudaMemset(d, 0, sizeof(h));
	Aig::inside<<<grid, BLOCK>>>(n, d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		want[i] = mirror(i) + 1;
	failed += report("defined inside its namespace", h, want, n);

	Tpl::fill<float><<<grid, BLOCK>>>(n, df, 0.5f);
	Aig::scaled<float><<<grid, BLOCK>>>(n, df, 4.0f);
	cudaMemcpy(hf, df, sizeof(hf), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		h[i] = (int)(hf[i] * 2);
		want[i] = (int)(4.0f * (0.5f + (float)i) * 2);
	}
	failed += report("templates in and outside a namespace", h, want, n);

	cudaFree(d);
	cudaFree(df);
	cudaFree(on);
	printf(failed ? "FAIL\n" : "PASS\n");
	return failed;
}
