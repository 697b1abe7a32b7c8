// Warp-aggregated pushes onto a work queue from divergent code, in the
// style of ray-tracing and graph kernels: the lane id comes from a 2-D
// block ((threadIdx.y * blockDim.x + threadIdx.x) % 32), the helper votes
// with __ballot_sync(__activemask(), 1), elects the lowest active lane, adds
// the group's count with one atomicAdd and broadcasts the base with
// __shfl_sync(__activemask(), ...).  It is called inside a data-dependent
// while loop whose lanes leave at different iterations (each iteration's
// pushes are the lanes still looping and passing the test), and on both
// sides of an if/else.  Against host counts; queue contents as multisets.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WARP_SZ 32

__device__ inline int lane_id(void)
{
	return (threadIdx.y * blockDim.x + threadIdx.x) % WARP_SZ;
}

__device__ int warp_bcast(int v, int leader)
{
	return __shfl_sync(__activemask(), v, leader);
}

__device__ int atomicAggInc(int *ctr)
{
	int mask = __ballot_sync(__activemask(), 1);
	int leader = __ffs(mask) - 1;
	int res;

	if (lane_id() == leader)
		res = atomicAdd(ctr, __popc(mask));
	res = warp_bcast(res, leader);
	return res + __popc(mask & ((1 << lane_id()) - 1));
}

// each thread walks a Collatz-like chain from its seed; every odd value it
// meets is pushed (value, seed); the walk length differs per lane
__global__ void walk_and_push(const int *seeds, int n, int *queue, int *qlen, int *steps_out)
{
	int tid = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;

	if (tid >= n)
		return;
	int v = seeds[tid], steps = 0;
	while (v != 1 && steps < 40) {
		if (v & 1) {
			int slot = atomicAggInc(qlen);
			queue[2 * slot] = v;
			queue[2 * slot + 1] = tid;
			v = 3 * v + 1;
		} else {
			v >>= 1;
		}
		steps++;
	}
	steps_out[tid] = steps;
}

// both arms of a branch push to their own queue with the same helper
__global__ void split_push(const int *vals, int n, int *neg, int *nneg, int *pos, int *npos)
{
	int tid = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;

	if (tid < n) {
		int v = vals[tid];

		if (v < 0)
			neg[atomicAggInc(nneg)] = v;
		else
			pos[atomicAggInc(npos)] = v;
	}
}

static int cmp_pair(const void *a, const void *b)
{
	const int *x = (const int *)a, *y = (const int *)b;

	return x[0] != y[0] ? (x[0] < y[0] ? -1 : 1) : (x[1] < y[1] ? -1 : x[1] > y[1]);
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

int main(void)
{
	const int n = 1000, cap = n * 40;
	dim3 block(16, 6);	/* 96 threads: warps span rows of the block */
	int blocks = (n + 95) / 96;
	int *h_seeds = (int *)malloc(n * sizeof(int)), *h_steps = (int *)malloc(n * sizeof(int));
	int *h_q = (int *)malloc(2 * cap * sizeof(int)), *want = (int *)malloc(2 * cap * sizeof(int));
	int *d_seeds, *d_q, *d_qlen, *d_steps, *d_a, *d_b, *d_na, *d_nb;
	int qlen = 0, nwant = 0, errors = 0;

	for (int i = 0; i < n; i++)
		h_seeds[i] = 1 + (i * 7919) % 300;
	cudaMalloc(&d_seeds, n * sizeof(int));
	cudaMalloc(&d_q, 2 * cap * sizeof(int));
	cudaMalloc(&d_qlen, sizeof(int));
	cudaMalloc(&d_steps, n * sizeof(int));
	cudaMemcpy(d_seeds, h_seeds, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(d_qlen, 0, sizeof(int));
	walk_and_push<<<blocks, block>>>(d_seeds, n, d_q, d_qlen, d_steps);
	cudaMemcpy(&qlen, d_qlen, sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		int v = h_seeds[i], s = 0;

		while (v != 1 && s < 40) {
			if (v & 1) {
				want[2 * nwant] = v, want[2 * nwant + 1] = i, nwant++;
				v = 3 * v + 1;
			} else {
				v >>= 1;
			}
			s++;
		}
		h_steps[i] = s;
	}
	if (qlen != nwant) {
		printf("walk: %d pushes, want %d\n", qlen, nwant);
		errors++;
	} else {
		int *got_steps = (int *)malloc(n * sizeof(int));

		cudaMemcpy(h_q, d_q, 2 * qlen * sizeof(int), cudaMemcpyDeviceToHost);
		cudaMemcpy(got_steps, d_steps, n * sizeof(int), cudaMemcpyDeviceToHost);
		qsort(h_q, qlen, 2 * sizeof(int), cmp_pair);
		qsort(want, nwant, 2 * sizeof(int), cmp_pair);
		if (memcmp(h_q, want, 2 * qlen * sizeof(int)) || memcmp(got_steps, h_steps, n * sizeof(int))) {
			printf("walk: the queue or the step counts differ\n");
			errors++;
		}
		free(got_steps);
	}

	int *h_v = (int *)malloc(n * sizeof(int)), *h_a = (int *)malloc(n * sizeof(int)), *h_b = (int *)malloc(n * sizeof(int));
	int na = 0, nb = 0, wa = 0, wb = 0;

	for (int i = 0; i < n; i++)
		h_v[i] = (i * 37) % 101 - 40;
	cudaMalloc(&d_a, n * sizeof(int));
	cudaMalloc(&d_b, n * sizeof(int));
	cudaMalloc(&d_na, sizeof(int));
	cudaMalloc(&d_nb, sizeof(int));
	cudaMemset(d_na, 0, sizeof(int));
	cudaMemset(d_nb, 0, sizeof(int));
	cudaMemcpy(d_seeds, h_v, n * sizeof(int), cudaMemcpyHostToDevice);
	split_push<<<blocks, block>>>(d_seeds, n, d_a, d_na, d_b, d_nb);
	cudaMemcpy(&na, d_na, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(&nb, d_nb, sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		h_v[i] < 0 ? wa++ : wb++;
	if (na != wa || nb != wb) {
		printf("split: %d and %d, want %d and %d\n", na, nb, wa, wb);
		errors++;
	} else {
		int ia = 0, ib = 0;

		cudaMemcpy(h_a, d_a, na * sizeof(int), cudaMemcpyDeviceToHost);
		cudaMemcpy(h_b, d_b, nb * sizeof(int), cudaMemcpyDeviceToHost);
		qsort(h_a, na, sizeof(int), cmp_int);
		qsort(h_b, nb, sizeof(int), cmp_int);
		qsort(h_v, n, sizeof(int), cmp_int);
		for (int i = 0; i < n; i++)
			if (h_v[i] < 0 ? h_a[ia++] != h_v[i] : h_b[ib++] != h_v[i]) {
				printf("split: value %d missing\n", h_v[i]);
				errors++;
				break;
			}
	}
	cudaFree(d_seeds);
	cudaFree(d_q);
	cudaFree(d_qlen);
	cudaFree(d_steps);
	cudaFree(d_a);
	cudaFree(d_b);
	cudaFree(d_na);
	cudaFree(d_nb);
	free(h_seeds);
	free(h_steps);
	free(h_q);
	free(want);
	free(h_v);
	free(h_a);
	free(h_b);
	printf("%d pushes, %d errors\n", qlen, errors);
	printf("%s\n", errors ? "FAIL" : "PASS");
	return errors ? 1 : 0;
}
