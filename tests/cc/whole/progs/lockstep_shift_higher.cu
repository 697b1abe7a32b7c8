// Warp-synchronous shifts toward higher lanes written for lanes in lock
// step (no barrier, no volatile): `s[t] = s[t - 1];` and `s[t] = s[t - 3];`
// over a warp's shared elements, as the unrolled scans and shifts of
// pre-Volta code write them.  In lock step every lane reads before any
// writes.  idxgen-cc ran the statement read, meet, write, but the value, an
// lvalue, was bound by reference and read after the meeting, so lanes ran
// one after another: every lane got the first lane's value (31 of 32 lanes
// wrong).  Checked against shifts computed on the host.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void shift_by(const int *in, int *out, int by)
{
	__shared__ int s[32 + 8];
	int t = threadIdx.x + 8;

	if (threadIdx.x < 8)
		s[threadIdx.x] = -1 - (int)threadIdx.x;
	s[t] = in[threadIdx.x];
	if (by == 1)
		s[t] = s[t - 1];
	else
		s[t] = s[t - 3];
	out[threadIdx.x] = s[t];
}

int main()
{
	int h_in[32], h_out[32], passed = 0, failed = 0;
	for (int i = 0; i < 32; i++)
		h_in[i] = 7 * i + 1;
	int *d_in, *d_out;
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d_out, sizeof(h_out));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	for (int by = 1; by <= 3; by += 2) {
		shift_by<<<1, 32>>>(d_in, d_out, by);
		cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
		int bad = 0;
		for (int i = 0; i < 32; i++) {
			// the element `by` below lane i's before the shift: an input, or the fill below the warp
			int want = i >= by ? h_in[i - by] : -1 - (8 + i - by);
			bad += h_out[i] != want;
		}
		printf("shift by %d: %d of 32 lanes wrong\n", by, bad);
		bad ? failed++ : passed++;
	}
	cudaFree(d_in);
	cudaFree(d_out);
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? 1 : 0;
}
