// Warp-synchronous code (no barrier between a store and another lane's read)
// whose expressions begin with object-like macros: `HALF * s[...]` starts at
// a macro's body, but the expression goes on in the file's text, so its
// text is at its offsets and the lanes' elements are told apart as usual.
// Telling a macro's body from the file (issue 38, fourteenth session) must
// not turn these into refusals: the kernel builds and matches the host.
#include <cstdio>

#define HALF 16
#define WARP 32

__global__ void mirror_scale(const int *in, int *out)
{
	__shared__ int s[WARP];
	unsigned lane = threadIdx.x % WARP;

	s[lane] = in[threadIdx.x];
	__syncwarp();
	/* every lane reads its mirror's element before any lane stores */
	int v = HALF * s[WARP - 1 - lane] + s[lane];
	__syncwarp();
	s[lane] = v;
	__syncwarp();
	if (lane < HALF)
		s[lane] += WARP * s[lane + HALF];
	__syncwarp();
	out[threadIdx.x] = s[lane];
}

int main()
{
	int h_in[WARP], h_out[WARP], want[WARP], *d_in, *d_out, bad = 0;

	for (int i = 0; i < WARP; i++)
		h_in[i] = 3 * i + 1;
	for (int i = 0; i < WARP; i++)
		want[i] = HALF * h_in[WARP - 1 - i] + h_in[i];
	for (int i = 0; i < HALF; i++)
		want[i] += WARP * want[i + HALF];
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d_out, sizeof(h_out));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	mirror_scale<<<1, WARP>>>(d_in, d_out);
	cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
	for (int i = 0; i < WARP; i++)
		bad += h_out[i] != want[i];
	printf("%d of %d wrong\n%s\n", bad, WARP, bad ? "FAIL" : "PASS");
	cudaFree(d_in);
	cudaFree(d_out);
	return bad != 0;
}
