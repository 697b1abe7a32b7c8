// The hazard lockstep_rows_above.cu's proof must not hide: lanes that store
// s[tid] from s[tid + 17u] of 40 elements may have tid up to 22, so lane t
// may read what lane t + 17 stores in the same warp.  In lock step every
// lane of a turn reads before any lane of it writes; run lane after lane
// the result depends on the order.  Such a kernel runs as fibers (the
// lanes meet before each store: read, meet, write); --exec-model=fission
// refuses it at the statement (whole.sh).  In 2-D blocks with rows shorter
// than a warp (5 x 4, 4 x 5, 2 x 2 x 5) and one row (20 x 1), 20 threads,
// one warp, against a host model of the lock step (issue 38, twenty-ninth
// session).
#include <cstdio>
#include <cuda_runtime.h>

#define NT 20 // the threads of every block shape below
#define NB 3
#define TURNS 5

// the first three lanes of each row, turns without a barrier between
__global__ void row_heads_near(const unsigned int *in, unsigned int *out, int turns)
{
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	__shared__ unsigned int s[2 * NT];

	s[tid] = in[blockIdx.x * 2 * NT + tid];
	s[tid + 20u] = in[blockIdx.x * 2 * NT + NT + tid];
	__syncthreads();
	if (threadIdx.x < 3) {
		for (int j = 0; j < turns; j++)
			s[tid] = s[tid + 17u] * 3u + (unsigned int)j;
	}
	__syncthreads();
	out[blockIdx.x * NT + tid] = s[tid];
}

// the host model of the lock step: each turn, every active lane reads, then every active lane writes
static void reference(dim3 b, const unsigned int *in, unsigned int *want)
{
	for (int blk = 0; blk < NB; blk++) {
		unsigned int s[2 * NT], v[NT];

		for (int i = 0; i < 2 * NT; i++)
			s[i] = in[blk * 2 * NT + i];
		for (int j = 0; j < TURNS; j++) {
			for (unsigned int t = 0; t < NT; t++)
				v[t] = s[t + 17u] * 3u + (unsigned int)j;
			for (unsigned int t = 0; t < NT; t++)
				if (t % b.x < 3)
					s[t] = v[t];
		}
		for (int t = 0; t < NT; t++)
			want[blk * NT + t] = s[t];
	}
}

int main()
{
	const dim3 shapes[] = { dim3(5, 4), dim3(4, 5), dim3(2, 2, 5), dim3(20, 1) };
	unsigned int h_in[NB * 2 * NT], got[NB * NT], want[NB * NT], *in, *out;
	int passed = 0, failed = 0;

	for (int i = 0; i < NB * 2 * NT; i++)
		h_in[i] = (unsigned int)(i * 2246822519u) >> 5;
	cudaMalloc(&in, sizeof(h_in));
	cudaMalloc(&out, sizeof(got));
	cudaMemcpy(in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	for (const dim3 &b : shapes) {
		int bad = 0;

		cudaMemset(out, 0, sizeof(got));
		row_heads_near<<<NB, b>>>(in, out, TURNS);
		cudaError_t e = cudaDeviceSynchronize();
		cudaMemcpy(got, out, sizeof(got), cudaMemcpyDeviceToHost);
		reference(b, h_in, want);
		for (int i = 0; i < NB * NT; i++)
			bad += got[i] != want[i];
		printf("row_heads_near, %u x %u x %u: %s, %d of %d values wrong\n", b.x, b.y, b.z, cudaGetErrorString(e),
		       bad, NB * NT);
		e == cudaSuccess && !bad ? passed++ : failed++;
	}
	cudaFree(in);
	cudaFree(out);
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? 1 : 0;
}
