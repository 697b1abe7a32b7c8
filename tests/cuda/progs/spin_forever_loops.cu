// Spin loops written with no condition of their own, which leave by break
// once a test of memory another thread writes succeeds:
//  - lock_append: `for (;;) { if (atomicCAS(&lock, 0, 1) == 0) { ...;
//    break; } }` around a plain append to a __shared__ list, the threads
//    taking turns by a ticket (the thread with the highest id first);
//  - relay: `while (true) { if (flags[t] != 0) break; }` on a volatile
//    __shared__ array: thread t waits for thread t + 1 to pass a value
//    down, so thread 0 is the last to get it.
// Run one thread after another, the first waiter never ends; the program
// must end and match its host references.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void lock_append(const int *in, int *out)
{
	__shared__ int lock, ticket, len;
	__shared__ int list[128];
	int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;

	if (t == 0) {
		lock = 0;
		ticket = 0;
		len = 0;
	}
	__syncthreads();
	for (;;) {
		if (atomicCAS(&lock, 0, 1) == 0) {
			bool mine = ticket == (int)blockDim.x - 1 - t;

			if (mine) {
				list[len] = in[g];
				len = len + 1;
				ticket = ticket + 1;
			}
			__threadfence_block();
			atomicExch(&lock, 0);
			if (mine)
				break;
		}
	}
	__syncthreads();
	out[g] = list[t];
}

__global__ void relay(const int *in, int *out)
{
	__shared__ volatile int flags[64];
	__shared__ volatile int vals[64];
	int t = threadIdx.x, n = blockDim.x, g = blockIdx.x * n + t;

	flags[t] = 0;
	__syncthreads();
	if (t == n - 1) {
		vals[t] = in[g];
	} else {
		while (true) {
			if (flags[t] != 0)
				break;
		}
		vals[t] = vals[t + 1] + in[g];
	}
	__threadfence_block();
	if (t > 0)
		flags[t - 1] = 1;
	out[g] = vals[t];
}

int main()
{
	const int bs = 64, nb = 2, n = bs * nb;
	int h_in[n], h_a[n], h_b[n], *d_in, *d_a, *d_b;
	unsigned s = 3, bad = 0;

	for (int i = 0; i < n; i++) {
		s = s * 1103515245u + 12345u;
		h_in[i] = (int)(s >> 22);
	}
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d_a, sizeof(h_a));
	cudaMalloc(&d_b, sizeof(h_b));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	lock_append<<<nb, bs>>>(d_in, d_a);
	relay<<<nb, bs>>>(d_in, d_b);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL: launch\n");
		return 1;
	}
	cudaMemcpy(h_a, d_a, sizeof(h_a), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_b, d_b, sizeof(h_b), cudaMemcpyDeviceToHost);
	for (int b = 0; b < nb; b++) {
		int sum = 0;

		for (int t = bs - 1; t >= 0; t--) {
			int i = b * bs + t, want_a = h_in[b * bs + bs - 1 - t];

			sum += h_in[i];
			if (h_a[i] != want_a || h_b[i] != sum) {
				if (bad < 8)
					printf("block %d thread %d: lock_append %d (want %d), relay %d (want %d)\n", b, t,
					       h_a[i], want_a, h_b[i], sum);
				bad++;
			}
		}
	}
	cudaFree(d_in);
	cudaFree(d_a);
	cudaFree(d_b);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
