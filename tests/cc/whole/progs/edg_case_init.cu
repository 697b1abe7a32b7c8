// A case label that jumps over a variable's initialisation, as public
// kernels write switch statements: nvcc accepts it in device code with a
// warning (#546-D; the variable is uninitialised in the later cases; its
// host compiler rejects it in host code), clang rejects it.  idxgen-cc splits `int twice = ...;` into a declaration and an
// assignment (lib/cc/edg_compat.c) and says so; the results are checked
// against the host's arithmetic.  Declarations that are not split stay in
// scopes of their own (the braces of case 2), as valid C++ has them.
#include <cstdio>
#include <cuda_runtime.h>

#define N 300

__global__ void classify(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	switch (in[i] % 4) {
	case 0:
		int twice = 2 * in[i];
		out[i] = twice;
		break;
	case 1:
		const int *p = in + i;
		out[i] = -*p;
		break;
	case 2: {
		int both[2] = { in[i], 1 };
		out[i] = both[0] + both[1];
		break;
	}
	default:
		twice = 7;	// declared above, assigned here: valid in both compilers
		out[i] = twice + in[i];
	}
}

static int host_class(int v)
{
	switch (v % 4) {
	case 0:
		return 2 * v;
	case 1:
		return -v;
	case 2:
		return v + 1;
	default:
		return 7 + v;
	}
}

int main()
{
	int h_in[N], h_out[N], *d_in, *d_out, bad = 0;

	for (int i = 0; i < N; i++)
		h_in[i] = (i * 37) % 101;
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d_out, sizeof(h_out));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	classify<<<(N + 127) / 128, 128>>>(d_in, d_out, N);
	cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		if (h_out[i] != host_class(h_in[i])) {
			printf("out[%d] = %d, expected %d\n", i, h_out[i], host_class(h_in[i]));
			bad++;
		}
	cudaFree(d_in);
	cudaFree(d_out);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad ? 1 : 0;
}
