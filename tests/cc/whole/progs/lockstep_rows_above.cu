// Warp-synchronous updates of a block's own elements from elements above
// them, with no barrier between the turns, in 2-D blocks whose rows are
// shorter than a warp (5 x 4, 4 x 5, 2 x 2 x 5) and in one row (20 x 1).
// Each block stages 40 values, s[tid] its threads' state and s[tid + 20u]
// their input; some lanes then run turns of `s[tid] = f(s[tid], s[tid +
// 20u])` (or store the upper half from the lower one).  Every lane that
// stores s[tid] read s[tid + 20u] of 40 elements, so tid < 20: the stores
// stay below 20 and the loads at 20 and above, whatever the block's shape,
// the lanes' order or the turn (lib/cc/lockstep_rows.c, the bounds proof;
// issue 38, twenty-ninth session).  Before, the guard `threadIdx.x == 0`
// let loop fission count on threadIdx.x telling the lanes of a warp apart,
// so --exec-model=fission (and the C path) trapped at the launch of a
// narrow 2-D block, and `threadIdx.x < 3` was refused at the statement
// (auto ran both as fibers).  Each result against a host reference.
#include <cstdio>
#include <cuda_runtime.h>

#define NT 20 // the threads of every block shape below
#define NB 3
#define TURNS 6

// one lane of each row: the first
__global__ void row_leaders(const unsigned int *in, unsigned int *out, int turns)
{
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	__shared__ unsigned int s[2 * NT];

	s[tid] = in[blockIdx.x * 2 * NT + tid];
	s[tid + 20u] = in[blockIdx.x * 2 * NT + NT + tid];
	__syncthreads();
	if (threadIdx.x == 0) {
		for (int j = 0; j < turns; j++)
			s[tid] = s[tid] * 3u + ((s[tid + 20u] & 1u) ? s[tid + 20u] : (unsigned int)j);
	}
	__syncthreads();
	out[blockIdx.x * NT + tid] = s[tid];
}

// the first three lanes of each row (several lanes of a row and of a warp)
__global__ void row_heads(const unsigned int *in, unsigned int *out, int turns)
{
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	__shared__ unsigned int s[2 * NT];

	s[tid] = in[blockIdx.x * 2 * NT + tid];
	s[tid + 20u] = in[blockIdx.x * 2 * NT + NT + tid];
	__syncthreads();
	if (threadIdx.x < 3) {
		for (int j = 0; j < turns; j++)
			s[tid] = (s[tid] ^ s[tid + 20u]) * 5u + (unsigned int)j;
	}
	__syncthreads();
	out[blockIdx.x * NT + tid] = s[tid];
}

// the mirror: the upper half from the lower one (stores at 20 and above,
// loads below 20; proved before)
__global__ void row_seconds(const unsigned int *in, unsigned int *out, int turns)
{
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	__shared__ unsigned int s[2 * NT];

	s[tid] = in[blockIdx.x * 2 * NT + tid];
	s[tid + 20u] = in[blockIdx.x * 2 * NT + NT + tid];
	__syncthreads();
	if (threadIdx.x == 1) {
		for (int j = 0; j < turns; j++)
			s[tid + 20u] = s[tid + 20u] * 7u + s[tid] + (unsigned int)j;
	}
	__syncthreads();
	out[blockIdx.x * NT + tid] = s[tid + 20u];
}

// the host reference: each thread of a block of shape (bx, by, bz), its lanes one after another (the
// elements apart, any order is lock step's result)
static void reference(int kernel, dim3 b, const unsigned int *in, unsigned int *want)
{
	for (int blk = 0; blk < NB; blk++)
		for (unsigned int tid = 0; tid < NT; tid++) {
			unsigned int x = tid % b.x, lo = in[blk * 2 * NT + tid], hi = in[blk * 2 * NT + NT + tid];

			for (int j = 0; j < TURNS; j++) {
				if (kernel == 0 && x == 0)
					lo = lo * 3u + ((hi & 1u) ? hi : (unsigned int)j);
				else if (kernel == 1 && x < 3)
					lo = (lo ^ hi) * 5u + (unsigned int)j;
				else if (kernel == 2 && x == 1)
					hi = hi * 7u + lo + (unsigned int)j;
			}
			want[blk * NT + tid] = kernel == 2 ? hi : lo;
		}
}

int main()
{
	const dim3 shapes[] = { dim3(5, 4), dim3(4, 5), dim3(2, 2, 5), dim3(20, 1) };
	const char *names[] = { "row_leaders", "row_heads", "row_seconds" };
	unsigned int h_in[NB * 2 * NT], got[NB * NT], want[NB * NT], *in, *out;
	int passed = 0, failed = 0;

	for (int i = 0; i < NB * 2 * NT; i++)
		h_in[i] = (unsigned int)(i * 2654435761u) >> 7;
	cudaMalloc(&in, sizeof(h_in));
	cudaMalloc(&out, sizeof(got));
	cudaMemcpy(in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	for (int k = 0; k < 3; k++)
		for (const dim3 &b : shapes) {
			int bad = 0;

			cudaMemset(out, 0, sizeof(got));
			if (k == 0)
				row_leaders<<<NB, b>>>(in, out, TURNS);
			else if (k == 1)
				row_heads<<<NB, b>>>(in, out, TURNS);
			else
				row_seconds<<<NB, b>>>(in, out, TURNS);
			cudaError_t e = cudaDeviceSynchronize();
			cudaMemcpy(got, out, sizeof(got), cudaMemcpyDeviceToHost);
			reference(k, b, h_in, want);
			for (int i = 0; i < NB * NT; i++)
				bad += got[i] != want[i];
			printf("%s, %u x %u x %u: %s, %d of %d values wrong\n", names[k], b.x, b.y, b.z,
			       cudaGetErrorString(e), bad, NB * NT);
			e == cudaSuccess && !bad ? passed++ : failed++;
		}
	cudaFree(in);
	cudaFree(out);
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? 1 : 0;
}
