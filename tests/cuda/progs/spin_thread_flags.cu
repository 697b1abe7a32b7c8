// Threads of one block that wait on each other with no barrier or warp
// function in the loop, as CUDA's independent thread scheduling allows
// since Volta:
//  - ordered_append: each thread spins on a __shared__ turn counter (read
//    with atomicAdd(&turn, 0)) until its turn comes, the highest thread id
//    first, appends its value and passes the turn on: the list must come
//    out in exactly that order;
//  - locked_sum: a per-thread spin lock (atomicCAS on a __shared__ word)
//    around a plain read-modify-write of a __shared__ sum;
//  - handoff: warp 1 fills a __shared__ buffer and raises a volatile flag;
//    warp 0 waits for the flag, then reads the buffer.
// Run one thread after another, the first waiter never ends; the program
// must end and match its host references.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void ordered_append(const int *in, int *out)
{
	__shared__ int turn, len;
	__shared__ int list[256];
	int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;

	if (t == 0) {
		turn = 0;
		len = 0;
	}
	__syncthreads();
	while (atomicAdd(&turn, 0) != (int)blockDim.x - 1 - t)
		;
	list[len] = in[g];
	len = len + 1;
	__threadfence_block();
	atomicAdd(&turn, 1);
	__syncthreads();
	out[g] = list[t];
}

__global__ void locked_sum(const int *in, int *out)
{
	__shared__ int lock, sum;
	int t = threadIdx.x;

	if (t == 0) {
		lock = 0;
		sum = 0;
	}
	__syncthreads();
	bool done = false;
	do {
		if (atomicCAS(&lock, 0, 1) == 0) {
			sum = sum + in[blockIdx.x * blockDim.x + t];
			__threadfence_block();
			atomicExch(&lock, 0);
			done = true;
		}
	} while (!done);
	__syncthreads();
	if (t == 0)
		out[blockIdx.x] = sum;
}

__global__ void handoff(const int *in, int *out)
{
	__shared__ int buf[32];
	__shared__ volatile int ready;
	int t = threadIdx.x, g = blockIdx.x * 64 + t;

	if (t == 0)
		ready = 0;
	__syncthreads();
	if (t < 32) {
		while (ready == 0)
			;
		__threadfence_block();
		out[g] = buf[31 - t] * 2;
	} else {
		buf[t - 32] = in[g];
		__threadfence_block();
		if (t == 32)
			ready = 1;
		out[g] = -1;
	}
}

int main()
{
	const int bs = 96, nb = 3, n = bs * nb;
	int h_in[n], h_a[n], h_b[nb], h_c[2 * 64], *d_in, *d_a, *d_b, *d_c;
	unsigned s = 7, bad = 0;

	for (int i = 0; i < n; i++) {
		s = s * 1103515245u + 12345u;
		h_in[i] = (int)(s >> 21);
	}
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d_a, sizeof(h_a));
	cudaMalloc(&d_b, sizeof(h_b));
	cudaMalloc(&d_c, sizeof(h_c));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	ordered_append<<<nb, bs>>>(d_in, d_a);
	locked_sum<<<nb, bs>>>(d_in, d_b);
	handoff<<<2, 64>>>(d_in, d_c);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL: launch\n");
		return 1;
	}
	cudaMemcpy(h_a, d_a, sizeof(h_a), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_b, d_b, sizeof(h_b), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_c, d_c, sizeof(h_c), cudaMemcpyDeviceToHost);
	for (int b = 0; b < nb; b++) {
		int sum = 0;

		for (int t = 0; t < bs; t++) {
			int want = h_in[b * bs + bs - 1 - t];

			sum += h_in[b * bs + t];
			if (h_a[b * bs + t] != want) {
				if (bad < 8)
					printf("ordered_append block %d slot %d: %d, want %d\n", b, t, h_a[b * bs + t], want);
				bad++;
			}
		}
		if (h_b[b] != sum) {
			printf("locked_sum block %d: %d, want %d\n", b, h_b[b], sum);
			bad++;
		}
	}
	for (int b = 0; b < 2; b++)
		for (int t = 0; t < 64; t++) {
			int want = t < 32 ? h_in[b * 64 + 32 + 31 - t] * 2 : -1;

			if (h_c[b * 64 + t] != want) {
				if (bad < 8)
					printf("handoff block %d thread %d: %d, want %d\n", b, t, h_c[b * 64 + t], want);
				bad++;
			}
		}
	cudaFree(d_in);
	cudaFree(d_a);
	cudaFree(d_b);
	cudaFree(d_c);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
