// Regression (HeCBench matrixT, the cuda-samples transpose style): kernels
// launched through a pointer -- a local chosen in a loop, a parameter, a
// struct member.  The launch's chevrons were left in the C++ written for
// the file ("expected expression"); the pointer's call now goes through the
// kernel's host stub as a direct launch does.  A plain call through a
// pointer to a host function stays a plain call.
#include <cstdio>

typedef void (*kernel_fn)(float *__restrict__, const float *__restrict__, int);

__global__ void copy(float *__restrict__ out, const float *__restrict__ in, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[i];
}

__global__ void reverse_tile(float *__restrict__ out, const float *__restrict__ in, int n)
{
	__shared__ float tile[32];
	int i = blockIdx.x * 32 + threadIdx.x;
	tile[threadIdx.x] = i < n ? in[i] : 0.0f;
	__syncthreads();
	int j = blockIdx.x * 32 + 31 - (int)threadIdx.x;
	if (j < n)
		out[j] = tile[threadIdx.x];
}

struct test_case {
	const char *name;
	kernel_fn kernel;
};

static void run(kernel_fn k, float *out, const float *in, int n)
{
	k<<<(n + 31) / 32, 32>>>(out, in, n);
}

static float twice(float x) { return 2.0f * x; }

int main()
{
	const int n = 256;
	float h[n], *d_in, *d_out, *d_back;
	for (int i = 0; i < n; i++)
		h[i] = (float)i;
	cudaMalloc(&d_in, sizeof(h));
	cudaMalloc(&d_out, sizeof(h));
	cudaMalloc(&d_back, sizeof(h));
	cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);

	int bad = 0;
	void (*kernel)(float *__restrict__, const float *__restrict__, int);
	for (int k = 0; k < 2; k++) {
		kernel = k == 0 ? &copy : &reverse_tile;
		cudaMemset(d_out, 0, sizeof(h));
		kernel<<<n / 32, 32>>>(d_out, d_in, n);
		cudaMemcpy(h, d_out, sizeof(h), cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i++)
			bad += h[i] != (float)(kernel == &copy ? i : (i / 32) * 32 + 31 - i % 32);
	}
	struct test_case cases[] = { { "copy", copy }, { "reverse_tile", reverse_tile } };
	for (const test_case &c : cases) {
		run(c.kernel, d_out, d_in, n);
		c.kernel<<<n / 32, 32>>>(d_back, d_out, n);	// copy the copy, or reverse the reversed
		cudaMemcpy(h, d_back, sizeof(h), cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i++)
			bad += h[i] != (float)i;
		printf("%s: %d wrong so far\n", c.name, bad);
	}
	float (*host_fn)(float) = twice;
	bad += host_fn(3.0f) != 6.0f;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
