// Dynamic shared memory: extern __shared__ arrays sized by the third launch
// parameter, one buffer carved into two typed arrays, a templated kernel
// whose dynamic buffer changes type through a cast, and the same kernel
// launched with different sizes.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void reverse_block(int *d, int n)
{
	extern __shared__ int s[];
	int t = threadIdx.x, base = blockIdx.x * blockDim.x;
	if (base + t < n)
		s[t] = d[base + t];
	__syncthreads();
	int len = min((int)blockDim.x, n - base);
	if (t < len)
		d[base + t] = s[len - 1 - t];
}

__global__ void two_arrays(const float *in, float *out, int n)
{
	extern __shared__ unsigned char raw[];
	float *vals = reinterpret_cast<float *>(raw);
	int *marks = reinterpret_cast<int *>(raw + blockDim.x * sizeof(float));
	int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	vals[t] = i < n ? in[i] : 0.0f;
	marks[t] = i < n && in[i] > 0.5f;
	__syncthreads();
	if (i < n) {
		float left = vals[(t + blockDim.x - 1) % blockDim.x];
		out[i] = marks[t] ? left : -vals[t];
	}
}

template <typename T> __global__ void block_sums(const T *in, T *out, int n)
{
	extern __shared__ __align__(sizeof(double)) unsigned char smem[];
	T *s = reinterpret_cast<T *>(smem);
	int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	s[t] = i < n ? in[i] : T(0);
	__syncthreads();
	for (int k = blockDim.x / 2; k > 0; k >>= 1) {
		if (t < k)
			s[t] += s[t + k];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

int main()
{
	const int n = 1000;
	bool ok = true;
	int *hi = new int[n], *di;
	for (int i = 0; i < n; i++)
		hi[i] = i;
	cudaMalloc(&di, n * sizeof(int));
	for (int block = 32; block <= 512; block *= 4) {
		cudaMemcpy(di, hi, n * sizeof(int), cudaMemcpyHostToDevice);
		reverse_block<<<(n + block - 1) / block, block, block * sizeof(int)>>>(di, n);
		int *r = new int[n];
		cudaMemcpy(r, di, n * sizeof(int), cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i++) {
			int base = i / block * block, len = n - base < block ? n - base : block;
			ok &= r[i] == base + len - 1 - (i - base);
		}
		delete[] r;
	}

	float *hf = new float[n], *hof = new float[n], *df, *dof;
	for (int i = 0; i < n; i++)
		hf[i] = (float)((i * 37) % 100) / 100.0f;
	cudaMalloc(&df, n * sizeof(float));
	cudaMalloc(&dof, n * sizeof(float));
	cudaMemcpy(df, hf, n * sizeof(float), cudaMemcpyHostToDevice);
	const int b2 = 128;
	two_arrays<<<(n + b2 - 1) / b2, b2, b2 * (sizeof(float) + sizeof(int))>>>(df, dof, n);
	cudaMemcpy(hof, dof, n * sizeof(float), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		int t = i % b2, base = i - t;
		int li = base + (t + b2 - 1) % b2;
		float left = li < n ? hf[li] : 0.0f;
		float want = hf[i] > 0.5f ? left : -hf[i];
		ok &= hof[i] == want;
	}

	double *hd = new double[n], *dd, *dod;
	for (int i = 0; i < n; i++)
		hd[i] = i * 0.5;
	cudaMalloc(&dd, n * sizeof(double));
	cudaMalloc(&dod, 8 * sizeof(double));
	cudaMemcpy(dd, hd, n * sizeof(double), cudaMemcpyHostToDevice);
	block_sums<double><<<8, 128, 128 * sizeof(double)>>>(dd, dod, n);
	double hod[8];
	cudaMemcpy(hod, dod, sizeof(hod), cudaMemcpyDeviceToHost);
	for (int b = 0; b < 8; b++) {
		double w = 0;
		for (int i = b * 128; i < (b + 1) * 128 && i < n; i++)
			w += hd[i];
		ok &= hod[b] == w;
	}
	int *dsum, hsum[4];
	cudaMalloc(&dsum, sizeof(hsum));
	block_sums<int><<<4, 256, 256 * sizeof(int)>>>(di, dsum, n);
	cudaMemcpy(hsum, dsum, sizeof(hsum), cudaMemcpyDeviceToHost);
	int total = 0;
	for (int b = 0; b < 4; b++)
		total += hsum[b];
	ok &= total == n * (n - 1) / 2; // di holds a permutation of 0..n-1

	cudaFree(di); cudaFree(df); cudaFree(dof); cudaFree(dd); cudaFree(dod); cudaFree(dsum);
	delete[] hi; delete[] hf; delete[] hof; delete[] hd;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
