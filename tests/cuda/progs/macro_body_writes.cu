// exec-models: thread-fibers
// Locals assigned inside a macro's body, as older public kernels step a row
// or a lane with an object-like macro (`#define NEXT_ROW w = threadIdx.x &
// 31;`).  libclang 16 gives every cursor of a macro's body the offsets of
// the macro's call, so the translator's readers saw the macro's name, not
// the assignment: loop fission recomputed `w` from its initializer after a
// barrier (every thread wrong), kept a once-per-block `base` that each
// thread assigns, and lane loops took `if (w == 0)` for a branch each
// warp takes as a whole (lane 0 of every warp wrong), and the lock-step
// analysis saw no store in `#define BUMP s[t]++;` (loop fission ran the
// warp-synchronous branch lane after lane), and a read through a pointer
// in `#define MINE (*(buf + threadIdx.x))` was no read of memory (loop
// fission read it again after the barrier, where a neighbour had
// changed it).  Now the #define is read
// (lib/cc/macro_assign.c): such a kernel runs as fibers, its text as
// written.  Every result against a host model of the GPU (lane = linear id
// mod 32; a warp's lanes in lock step where no __syncwarp() is written).
#include <cstdio>
#include <cuda_runtime.h>

#define BS 128
#define NB 2
#define N (BS * NB)

#define ADVANCE w = tid + 1;
#define STEP_BACK u--;
#define SET_BASE base = threadIdx.x;
#define NEXT_ROW w = threadIdx.x & 31;
#define BUMP s[t]++;
#define MINE (*(buf + threadIdx.x))

// w and u stepped by macros, then read after a barrier
__global__ void advance(const int *in, int *out)
{
	__shared__ int s[BS];
	int tid = threadIdx.x;
	int w = tid;
	int u = tid;

	ADVANCE
	STEP_BACK
	s[tid] = in[blockIdx.x * BS + tid];
	__syncthreads();
	out[blockIdx.x * BS + tid] = w * 1000 + u + s[BS - 1 - tid];
}

// a local every thread starts the same, then each sets to its own index
__global__ void rebase(int *out)
{
	__shared__ int s[BS];
	int base = 0;

	SET_BASE
	s[threadIdx.x] = base;
	__syncthreads();
	out[blockIdx.x * BS + threadIdx.x] = base * 1000 + s[(threadIdx.x + 1) % BS];
}

// the warp's index, made the lane's before a vote only lane 0 takes
__global__ void next_row(const int *in, int *out)
{
	int tid = threadIdx.x;
	int w = tid / 32;
	int v = in[blockIdx.x * BS + tid];

	NEXT_ROW
	if (w == 0) {
		v = __ballot_sync(1u, 1);
	}
	out[blockIdx.x * BS + tid] = v;
}

// the first warp, warp-synchronous: each lane steps its element, then reads its neighbour's
__global__ void bump(int *out)
{
	__shared__ int s[BS + 1];
	int t = threadIdx.x, v = -1;

	s[t] = t;
	if (t == 0)
		s[BS] = BS;
	__syncthreads();
	if (t < 32) {
		BUMP
		v = s[t + 1];
	}
	out[blockIdx.x * BS + t] = v;
}

// each thread's element, read before its neighbour overwrites it
__global__ void mine(int *buf, int *out)
{
	int t = threadIdx.x;
	int h = MINE;

	__syncthreads();
	buf[(t + 1) % BS] = -1;
	__syncthreads();
	out[blockIdx.x * BS + t] = h;
}

static int check(const char *name, const int *got, const int *want)
{
	int bad = 0;

	for (int i = 0; i < N; i++)
		if (got[i] != want[i] && bad++ < 5)
			printf("%s: out[%d] = %d, want %d\n", name, i, got[i], want[i]);
	printf("%s: %s\n", name, bad ? "wrong" : "ok");
	return bad != 0;
}

int main()
{
	int h[N], r[N], want[N], *din, *dout, fails = 0;

	for (int i = 0; i < N; i++)
		h[i] = (i * 7919) % 1000;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dout, sizeof r);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);

	advance<<<NB, BS>>>(din, dout);
	cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++) {
		int b = i / BS, t = i % BS;

		want[i] = (t + 1) * 1000 + (t - 1) + h[b * BS + BS - 1 - t];
	}
	fails += check("advance", r, want);

	rebase<<<NB, BS>>>(dout);
	cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		want[i] = (i % BS) * 1000 + (i % BS + 1) % BS;
	fails += check("rebase", r, want);

	next_row<<<NB, BS>>>(din, dout);
	cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		want[i] = i % 32 == 0 ? 1 : h[i]; // lane 0 alone: a ballot of itself
	fails += check("next_row", r, want);

	bump<<<NB, BS>>>(dout);
	cudaMemcpy(r, dout, sizeof r, cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++) {
		int t = i % BS; // the warp's 32 steps, then its 32 reads; lane 31 reads s[32], not stepped

		want[i] = t < 31 ? t + 2 : t == 31 ? 32 : -1;
	}
	fails += check("bump", r, want);

	mine<<<1, BS>>>(din, dout);	// one block: it overwrites what it reads
	cudaMemcpy(r, dout, BS * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		want[i] = i < BS ? h[i] : r[i];	// the first block's part only
	fails += check("mine", r, want);

	cudaFree(din);
	cudaFree(dout);
	printf("%d passed, %d failed\n", 5 - fails, fails);
	puts(fails ? "FAIL" : "PASS");
	return fails != 0;
}
