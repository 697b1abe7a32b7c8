// Kernel templates whose parameters C++20 concepts constrain, as code
// written for -std=c++20 declares them: `template <Arith T>` with a concept
// of the program's own, `template <std::integral I, Arith T>` with the
// standard's (qualified), and a requires-clause after the template head.
// Before, the host stub was written with `typename T` in place of `Arith T`:
// another template to C++20, so the launch named a kernel nothing defined
// and the link failed ("undefined reference to `void axpy<float, 1>(...)'"),
// exit 1, under each model; the requires-clause alone built.  Built with
// -std=c++20 (tests/cc/whole.sh); results against host loops.
#include <concepts>
#include <cstdio>
#include <cuda_runtime.h>

template <typename T>
concept Arith = std::integral<T> || std::floating_point<T>;

#define N 300
#define THREADS 64

// y[i] = a * x[i] + y[i]; a default template argument after the constrained one
template <Arith T, int Step = 1>
__global__ void axpy(T a, const T *x, T *y, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += Step * blockDim.x * gridDim.x)
		y[i] = a * x[i] + y[i];
}

// out[i] = in[i] squared, the count typed by a standard concept
template <std::integral I, Arith T>
__global__ void square(const T *in, T *out, I n)
{
	I i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = in[i] * in[i];
}

// Block sums in shared memory: a requires-clause and a barrier
template <typename T>
	requires Arith<T>
__global__ void block_sums(const T *in, T *sums, int n)
{
	__shared__ T part[THREADS];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	part[threadIdx.x] = i < n ? in[i] : T(0);
	__syncthreads();
	for (int s = blockDim.x / 2; s > 0; s /= 2) {
		if (threadIdx.x < s)
			part[threadIdx.x] += part[threadIdx.x + s];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		sums[blockIdx.x] = part[0];
}

int main()
{
	const int blocks = (N + THREADS - 1) / THREADS;
	float hx[N], hy[N], fy[N];
	long hi[N], ho[N];
	int hs[blocks], want_s[blocks] = { 0 };
	float *x, *y;
	long *li, *lo;
	int *ii, *is;
	int fails = 0, checks = 0;

	for (int i = 0; i < N; i++) {
		hx[i] = i * 0.5f;
		hy[i] = 3.0f - i;
		hi[i] = i - 150;
		want_s[i / THREADS] += i % 7;
	}
	cudaMalloc(&x, sizeof(hx));
	cudaMalloc(&y, sizeof(hy));
	cudaMalloc(&li, sizeof(hi));
	cudaMalloc(&lo, sizeof(ho));
	cudaMalloc(&ii, N * sizeof(int));
	cudaMalloc(&is, sizeof(hs));
	cudaMemcpy(x, hx, sizeof(hx), cudaMemcpyHostToDevice);
	cudaMemcpy(y, hy, sizeof(hy), cudaMemcpyHostToDevice);
	cudaMemcpy(li, hi, sizeof(hi), cudaMemcpyHostToDevice);

	axpy<float><<<2, THREADS>>>(2.0f, x, y, N);
	cudaMemcpy(fy, y, sizeof(fy), cudaMemcpyDeviceToHost);
	checks++;
	for (int i = 0; i < N; i++)
		if (fy[i] != 2.0f * hx[i] + hy[i]) {
			printf("axpy<float>: y[%d] = %g, want %g\n", i, fy[i], 2.0f * hx[i] + hy[i]);
			fails++;
			break;
		}

	square<<<blocks, THREADS>>>(li, lo, (long)N);
	cudaMemcpy(ho, lo, sizeof(ho), cudaMemcpyDeviceToHost);
	checks++;
	for (int i = 0; i < N; i++)
		if (ho[i] != hi[i] * hi[i]) {
			printf("square<long, long>: out[%d] = %ld, want %ld\n", i, ho[i], hi[i] * hi[i]);
			fails++;
			break;
		}

	{
		int h[N];

		for (int i = 0; i < N; i++)
			h[i] = i % 7;
		cudaMemcpy(ii, h, sizeof(h), cudaMemcpyHostToDevice);
	}
	block_sums<int><<<blocks, THREADS>>>(ii, is, N);
	cudaMemcpy(hs, is, sizeof(hs), cudaMemcpyDeviceToHost);
	checks++;
	for (int b = 0; b < blocks; b++)
		if (hs[b] != want_s[b]) {
			printf("block_sums<int>: block %d = %d, want %d\n", b, hs[b], want_s[b]);
			fails++;
			break;
		}

	checks++;
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("a launch failed\n");
		fails++;
	}
	cudaFree(x);
	cudaFree(y);
	cudaFree(li);
	cudaFree(lo);
	cudaFree(ii);
	cudaFree(is);
	printf("%d passed, %d failed\n", checks - fails, fails);
	printf(fails ? "FAIL\n" : "PASS\n");
	return fails != 0;
}
