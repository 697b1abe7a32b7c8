/* Subset items the corpus does not otherwise cover. */
#include <stdint.h>

/* A divergent return before a barrier; a uniform if and a do-while containing
 * barriers; a switch inside a thread loop. */
__global__ void early_exit(const int *in, int *out, int n, int mode)
{
	__shared__ int s[128];
	int t = threadIdx.x;
	int i = blockIdx.x * blockDim.x + t;
	int r = 0;

	if (i >= n)
		return;
	s[t] = in[i];
	__syncthreads();
	if (mode == 1) {
		r = s[(t + 1) % blockDim.x];
		__syncthreads();
	} else {
		r = -s[t];
	}
	int k = 0;
	do {
		switch (t % 3) {
		case 0:
			r += 1;
			break;
		default:
			r += 2;
		}
		k++;
		__syncthreads();
	} while (k < 2);
	out[i] = r;
}

/* Every atomic of the subset, on global memory and on shared memory. */
__global__ void atomics(int32_t *gi, uint32_t *gu, float *gf)
{
	__shared__ int smin;
	__shared__ unsigned int smax;
	int t = threadIdx.x;

	if (t == 0) {
		smin = 1 << 30;
		smax = 0;
	}
	__syncthreads();
	atomicMin(&smin, t * 7 - 50);
	atomicMax(&smax, (unsigned int)t * 3u);
	atomicAdd(&gi[0], t);
	atomicSub(&gi[1], t);
	atomicExch(&gi[2], 5);
	atomicCAS(&gi[3], 0, t + 1);
	atomicAdd(&gu[0], 2u);
	atomicAdd(&gf[0], 0.5f);
	__syncthreads();
	if (t == 0) {
		atomicMin(&gi[4], smin);
		atomicMax(&gu[1], smax);
	}
}

/* Liveness: b is assigned first in the second thread loop but read first in
 * the third; a is assigned only by some threads in the second; c is assigned
 * first in every later loop (not live across a barrier). */
__global__ void liveness(int *d)
{
	__shared__ int s[256];
	int t = threadIdx.x;
	int a = d[blockIdx.x * blockDim.x + t];
	int b = a * 2;
	int c = b + 1;

	s[t] = a + c - c;
	__syncthreads();
	b = s[blockDim.x - 1 - t];
	c = b;
	if (t & 1)
		a = b;
	__syncthreads();
	c = 0;
	d[blockIdx.x * blockDim.x + t] = a + b + c;
}

/* Every thread of an out-of-range block returns before a loop that reads
 * memory and does not depend on the thread: the loop runs once per block
 * only where no thread can have returned before it, so it never reads past
 * data (the test puts a guard page there). */
__global__ void guarded(const int *data, int *out, int nblocks)
{
	if (blockIdx.x >= (unsigned int)nblocks)
		return;
	int f[4];
	for (int k = 0; k < 4; k++)
		f[k] = data[blockIdx.x * 4 + k];
	out[blockIdx.x * blockDim.x + threadIdx.x] = f[threadIdx.x % 4];
}

/* No thread index at all: every thread of a block stores the same value. */
__global__ void per_block(int *d)
{
	d[blockIdx.x] = (int)(blockIdx.x * 2 + gridDim.x);
}
