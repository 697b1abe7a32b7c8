// Ping-pong buffers in shared memory, as public block-local sorts and
// stencils write them (HeCBench's quicksort: `__shared__ T mys[..],
// mysn[..]; __shared__ T *s, *sn;` and `if (direction == 1) { s = mys; sn
// = mysn; } else { s = mysn; sn = mys; }`): every thread stores the same
// array's address into a __shared__ pointer.  Such a kernel runs as fibers
// with lock-step meetings, where the store became a call whose `const V &`
// made the array const: the program did not compile (fifteenth session).
// Each block smooths its row `steps` times, swapping the buffers after
// every step; checked against the same steps on the host.
#include <cstdio>
#include <cuda_runtime.h>

#define BLOCK 128

template <typename T> __global__ void smooth_rows(const T *in, T *out, int steps)
{
	__shared__ T buf0[BLOCK], buf1[BLOCK];
	__shared__ T *cur, *next;
	int t = threadIdx.x;
	int row = blockIdx.x * BLOCK;
	buf0[t] = in[row + t];
	__syncthreads();
	for (int s = 0; s < steps; s++) {
		if (s % 2 == 0) {
			cur = buf0;
			next = buf1;
		} else {
			cur = buf1;
			next = buf0;
		}
		__syncthreads();
		T left = cur[t == 0 ? 0 : t - 1];
		T right = cur[t == BLOCK - 1 ? BLOCK - 1 : t + 1];
		next[t] = (left + 2 * cur[t] + right) / 4;
		__syncthreads();
	}
	out[row + t] = (steps % 2 == 0) ? buf0[t] : buf1[t];
}

template <typename T> static int check(const char *name, int rows, int steps)
{
	int n = rows * BLOCK, bad = 0;
	T *h = new T[n], *ref = new T[n], *tmp = new T[BLOCK], *got = new T[n];
	for (int i = 0; i < n; i++)
		h[i] = (T)((i * 37) % 101);
	for (int r = 0; r < rows; r++) {
		T *row = ref + r * BLOCK;
		for (int t = 0; t < BLOCK; t++)
			row[t] = h[r * BLOCK + t];
		for (int s = 0; s < steps; s++) {
			for (int t = 0; t < BLOCK; t++) {
				T left = row[t == 0 ? 0 : t - 1];
				T right = row[t == BLOCK - 1 ? BLOCK - 1 : t + 1];
				tmp[t] = (left + 2 * row[t] + right) / 4;
			}
			for (int t = 0; t < BLOCK; t++)
				row[t] = tmp[t];
		}
	}
	T *din, *dout;
	cudaMalloc((void **)&din, n * sizeof(T));
	cudaMalloc((void **)&dout, n * sizeof(T));
	cudaMemcpy(din, h, n * sizeof(T), cudaMemcpyHostToDevice);
	smooth_rows<T><<<rows, BLOCK>>>(din, dout, steps);
	cudaMemcpy(got, dout, n * sizeof(T), cudaMemcpyDeviceToHost);
	if (cudaGetLastError() != cudaSuccess)
		bad = n;
	for (int i = 0; i < n; i++)
		if (got[i] != ref[i])
			bad++;
	printf("%s, %d steps: %d of %d wrong\n", name, steps, bad, n);
	cudaFree(din);
	cudaFree(dout);
	delete[] h;
	delete[] ref;
	delete[] tmp;
	delete[] got;
	return bad;
}

int main()
{
	int bad = 0;
	bad += check<unsigned int>("unsigned", 4, 5);
	bad += check<unsigned int>("unsigned", 4, 6);
	bad += check<float>("float", 3, 7);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
