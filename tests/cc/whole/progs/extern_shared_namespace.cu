// extern __shared__ at namespace scope: the running block's dynamic shared
// memory (the launch's third <<< >>> argument), named by kernels and by
// __device__ functions as public code writes it -- one buffer declared once
// for the file and used by several kernels, cast to a wider type, and
// shadowed by a kernel's own array of the same name.
#include <cstdio>
#include <cuda_runtime.h>

extern __shared__ unsigned char scratch[];
__shared__ extern float fbuf[];

#define N 256
#define B 64

// a block sum through the file's buffer, called by a kernel
__device__ float block_sum(float v)
{
	fbuf[threadIdx.x] = v;
	__syncthreads();
	for (int s = blockDim.x / 2; s > 0; s >>= 1) {
		if (threadIdx.x < s)
			fbuf[threadIdx.x] += fbuf[threadIdx.x + s];
		__syncthreads();
	}
	float r = fbuf[0];
	__syncthreads();
	return r;
}

__global__ void sums(const float *in, float *out)
{
	float s = block_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
	if (threadIdx.x == 0)
		out[blockIdx.x] = s;
}

// reversal within a block through the byte buffer, read as int2
__global__ void reverse_pairs(const int2 *in, int2 *out)
{
	int2 *tile = (int2 *)scratch;
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	tile[threadIdx.x] = in[i];
	__syncthreads();
	out[i] = tile[blockDim.x - 1 - threadIdx.x];
}

// a kernel's own __shared__ array of the same name hides the file's
__global__ void shadow(int *out)
{
	__shared__ int scratch[B];
	scratch[threadIdx.x] = threadIdx.x * 3;
	__syncthreads();
	out[blockIdx.x * blockDim.x + threadIdx.x] = scratch[(threadIdx.x + 1) % B];
}

int main(void)
{
	float hin[N], hsum[N / B], *in, *sum;
	int2 hp[N], hr[N], *pin, *pout;
	int hs[N], *sout, bad = 0;

	for (int i = 0; i < N; i++) {
		hin[i] = (float)(i % 7);
		hp[i] = make_int2(i, -i);
	}
	cudaMalloc(&in, sizeof(hin));
	cudaMalloc(&sum, sizeof(hsum));
	cudaMalloc(&pin, sizeof(hp));
	cudaMalloc(&pout, sizeof(hr));
	cudaMalloc(&sout, sizeof(hs));
	cudaMemcpy(in, hin, sizeof(hin), cudaMemcpyHostToDevice);
	cudaMemcpy(pin, hp, sizeof(hp), cudaMemcpyHostToDevice);
	sums<<<N / B, B, B * sizeof(float)>>>(in, sum);
	reverse_pairs<<<N / B, B, B * sizeof(int2)>>>(pin, pout);
	shadow<<<N / B, B>>>(sout);
	cudaMemcpy(hsum, sum, sizeof(hsum), cudaMemcpyDeviceToHost);
	cudaMemcpy(hr, pout, sizeof(hr), cudaMemcpyDeviceToHost);
	cudaMemcpy(hs, sout, sizeof(hs), cudaMemcpyDeviceToHost);
	for (int b = 0; b < N / B; b++) {
		float want = 0;

		for (int t = 0; t < B; t++)
			want += hin[b * B + t];
		if (hsum[b] != want && bad++ < 4)
			printf("sum of block %d: %g, expected %g\n", b, hsum[b], want);
	}
	for (int i = 0; i < N; i++) {
		int j = (i / B) * B + B - 1 - i % B;

		if ((hr[i].x != j || hr[i].y != -j) && bad++ < 8)
			printf("reversed %d: (%d, %d), expected (%d, %d)\n", i, hr[i].x, hr[i].y, j, -j);
		if (hs[i] != ((i % B + 1) % B) * 3 && bad++ < 12)
			printf("shadow %d: %d, expected %d\n", i, hs[i], ((i % B + 1) % B) * 3);
	}
	printf("block sums %g %g %g %g\n", hsum[0], hsum[1], hsum[2], hsum[3]);
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
