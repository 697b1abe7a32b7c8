// Inline PTX that reads a lane's special registers, as warp code in public
// libraries writes it (radix-sort and top-k utilities): %laneid and the
// lane masks %lanemask_lt/le/gt/ge/eq, through `asm`, `asm volatile` and
// `__asm__ __volatile__` over several lines, in __device__ helpers of the
// .cu file and of a header and in the kernel itself, in a 2-D block (a
// warp spans rows: lane = linear thread id % 32).  They were refused
// ("inline assembly in device code (PTX) cannot run on the CPU"); the rank
// of each lane among the warp's lanes with a true predicate
// (__popc(__ballot_sync(FULL, p) & lanemask_lt)) is the use that matters.
// Against a host model.
#include <stdio.h>

#include "asm_lane_regs.cuh"

#define FULL 0xffffffffu

__device__ __forceinline__ int laneId()
{
	int id;
	asm("mov.s32 %0, %%laneid;" : "=r"(id));
	return id;
}

__device__ __forceinline__ unsigned int lanemask_lt()
{
	unsigned int mask;
	__asm__ __volatile__(
		"mov.u32 %0, %%lanemask_lt;"
		: "=r"(mask));
	return mask;
}

__global__ void lanes(const int *pred, unsigned int *out)
{
	unsigned int t = threadIdx.y * blockDim.x + threadIdx.x;
	unsigned int direct;

	asm volatile("mov.u32 %0, %%laneid;" : "=r"(direct));
	unsigned int ballot = __ballot_sync(FULL, pred[t]);
	unsigned int *o = out + t * 8;

	o[0] = (unsigned int)laneId();
	o[1] = direct;
	o[2] = lanemask_lt();
	o[3] = lanemask_le();
	o[4] = lanemask_gt();
	o[5] = lanemask_ge();
	o[6] = lanemask_eq();
	o[7] = __popc(ballot & lanemask_lt());
}

int main(void)
{
	const int tx = 16, ty = 6, n = tx * ty;
	int h_pred[n], *d_pred, bad = 0;
	unsigned int h[n * 8], *d;

	for (int i = 0; i < n; i++)
		h_pred[i] = (i * 7) % 3 == 0;
	cudaMalloc(&d_pred, sizeof(h_pred));
	cudaMalloc(&d, sizeof(h));
	cudaMemcpy(d_pred, h_pred, sizeof(h_pred), cudaMemcpyHostToDevice);
	lanes<<<1, dim3(tx, ty)>>>(d_pred, d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int t = 0; t < n; t++) {
		unsigned int l = t % 32, lt = (1u << l) - 1, le = lt | (1u << l), rank = 0;
		unsigned int want[8] = { l, l, lt, le, ~le, ~lt, 1u << l, 0 };

		for (int j = t - (int)l; j < t; j++)
			rank += h_pred[j] != 0;
		want[7] = rank;
		for (int k = 0; k < 8; k++)
			if (h[t * 8 + k] != want[k] && bad++ < 8)
				printf("thread %d, value %d: %#x, want %#x\n", t, k, h[t * 8 + k], want[k]);
	}
	cudaFree(d_pred);
	cudaFree(d);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
