// Warp-synchronous trees in a loop with no __syncwarp() or volatile between
// the turns, as older public reductions write their last warp: each turn's
// guard keeps what a lane reads apart from what the others store in that
// turn, but the next turn reads elements the last one stored for other
// lanes.  A converged warp finishes a turn for all its lanes before the
// next; run lane after lane, lane 0 would run all its turns before lane 8
// stored its first sum (lib/cc/lockstep.c walks a loop's second turn and
// meets there: before each test of the condition where the body is one
// statement, inside the { } block otherwise).
//  - halving: for (k = 16; k > 0; k >>= 1) if (lane < k) r[lane] += r[lane + k];
//    (r a pointer to the warp's row);
//  - braced: the same tree with its body in { } and a max;
//  - doubling: for (k = 1; k < 32; k *= 2) if (t % (2 * k) == 0) s[t] += s[t + k];
// Every result is checked against a host model of the warp in lock step.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BS 64 // two warps a block
#define NB 3

__global__ void halving(const int *in, int *out)
{
	__shared__ int s[BS];
	const int t = threadIdx.x, lane = t & 31;
	int *r = &s[t - lane]; // the warp's row

	s[t] = in[blockIdx.x * BS + t];
	__syncthreads();
	if (lane < 16)
		for (int k = 16; k > 0; k >>= 1)
			if (lane < k)
				r[lane] += r[lane + k];
	__syncthreads();
	out[blockIdx.x * BS + t] = s[t];
}

__global__ void braced(const int *in, int *out)
{
	__shared__ int s[BS];
	const int t = threadIdx.x, lane = t & 31;
	int *r = s + (t - lane);

	s[t] = in[blockIdx.x * BS + t];
	__syncthreads();
	for (int k = 16; k > 0; k >>= 1) {
		if (lane < k)
			r[lane] = max(r[lane], r[lane + k]);
	}
	__syncthreads();
	out[blockIdx.x * BS + t] = s[t];
}

__global__ void doubling(const int *in, int *out)
{
	__shared__ int s[BS];
	const int t = threadIdx.x;

	s[t] = in[blockIdx.x * BS + t];
	__syncthreads();
	for (int k = 1; k < 32; k *= 2)
		if (t % (2 * k) == 0)
			s[t] += s[t + k];
	__syncthreads();
	out[blockIdx.x * BS + t] = s[t];
}

enum kind { HALVING, BRACED, DOUBLING };

/* The host model: one warp in lock step, each turn read for every lane before any lane writes. */
static void model(enum kind kd, const int *in, int *out)
{
	for (int b = 0; b < NB; b++) {
		int s[BS];

		for (int t = 0; t < BS; t++)
			s[t] = in[b * BS + t];
		for (int w = 0; w < BS / 32; w++) {
			int *r = s + 32 * w;

			if (kd == DOUBLING) {
				for (int k = 1; k < 32; k *= 2) {
					int v[32];

					for (int l = 0; l < 32; l++)
						v[l] = l % (2 * k) == 0 ? r[l] + r[l + k] : r[l];
					for (int l = 0; l < 32; l++)
						r[l] = v[l];
				}
				continue;
			}
			for (int k = 16; k > 0; k >>= 1) {
				int v[32];

				for (int l = 0; l < 32; l++) {
					v[l] = r[l];
					if (l < k && kd == HALVING)
						v[l] = r[l] + r[l + k];
					else if (l < k)
						v[l] = r[l] > r[l + k] ? r[l] : r[l + k];
				}
				for (int l = 0; l < 32; l++)
					r[l] = v[l];
			}
		}
		for (int t = 0; t < BS; t++)
			out[b * BS + t] = s[t];
	}
}

int main(void)
{
	const int n = NB * BS;
	int *in, *out, h_in[NB * BS], want[NB * BS];
	const char *names[] = { "halving", "braced", "doubling" };
	int fails = 0;

	for (int i = 0; i < n; i++)
		h_in[i] = (i * 37 + 11) % 101 - 40;
	cudaMalloc(&in, n * sizeof(int));
	cudaMalloc(&out, n * sizeof(int));
	cudaMemcpy(in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);
	for (int kd = HALVING; kd <= DOUBLING; kd++) {
		int got[NB * BS], bad = 0;

		cudaMemset(out, 0, n * sizeof(int));
		if (kd == HALVING)
			halving<<<NB, BS>>>(in, out);
		else if (kd == BRACED)
			braced<<<NB, BS>>>(in, out);
		else
			doubling<<<NB, BS>>>(in, out);
		if (cudaDeviceSynchronize() != cudaSuccess) {
			printf("%s: launch failed\n", names[kd]);
			fails++;
			continue;
		}
		cudaMemcpy(got, out, n * sizeof(int), cudaMemcpyDeviceToHost);
		model((enum kind)kd, h_in, want);
		for (int i = 0; i < n; i++)
			bad += got[i] != want[i];
		printf("%s: %d of %d values wrong\n", names[kd], bad, n);
		fails += bad != 0;
	}
	cudaFree(in);
	cudaFree(out);
	printf("%s\n", fails ? "FAIL" : "PASS");
	return fails ? 1 : 0;
}
