// Conditions decided per block (issue 40): each kernel's conditions compare
// thread indices with uniform values, so the translator sets a flag per
// block that folds them where they hold for every thread.  Sizes that leave
// a partial last block, windows that start and stop inside blocks and a
// return guard check that the folded and the unfolded blocks both give the
// host's results; scale_tid reaches its index through a local thread index.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void load_pad(const int *in, int *out, int n)
{
	__shared__ int s[128];
	unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;

	s[tid] = i < (unsigned)n ? in[i] : -1;
	__syncthreads();
	out[i] = s[blockDim.x - 1 - tid];
}

__global__ void window(int *p, int w, int h, int lo, int hi)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;

	if (x >= w || y >= h)
		return;
	p[y * w + x] = x >= lo && x < hi ? x + y : -x;
}

__global__ void scale_tid(const int *in, int *out, int n, int lo)
{
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;

	if (i < n)
		out[i] = (i >= lo ? 2 * in[i] : in[i]) + tid;
}

int main()
{
	const int n = 1000, B = 128, G = (n + B - 1) / B, w = 300, h = 7;
	static int in[G * B], out[G * B], img[w * h];
	int *din, *dout, *dimg;
	bool ok = true;

	for (int i = 0; i < n; i++)
		in[i] = 3 * i + 1;
	cudaMalloc(&din, sizeof(in));
	cudaMalloc(&dout, sizeof(out));
	cudaMalloc(&dimg, sizeof(img));
	cudaMemcpy(din, in, sizeof(in), cudaMemcpyHostToDevice);
	load_pad<<<G, B>>>(din, dout, n);
	cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost);
	for (int i = 0; i < G * B; i++) {
		int j = i / B * B + (B - 1 - i % B);

		ok &= out[i] == (j < n ? 3 * j + 1 : -1);
	}
	for (int lo = 0; lo <= 200; lo += 100) {
		cudaMemset(dout, 0xff, sizeof(out));
		scale_tid<<<G, B>>>(din, dout, n - lo / 2, lo);
		cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost);
		for (int i = 0; i < G * B; i++)
			ok &= out[i] == (i < n - lo / 2 ? (i >= lo ? 2 : 1) * (3 * i + 1) + i % B : -1);
	}
	for (int lo = 0; lo <= 70; lo += 35) {
		window<<<dim3((w + 63) / 64, (h + 3) / 4), dim3(64, 4)>>>(dimg, w, h, lo, w - lo / 2);
		cudaMemcpy(img, dimg, sizeof(img), cudaMemcpyDeviceToHost);
		for (int y = 0; y < h; y++)
			for (int x = 0; x < w; x++)
				ok &= img[y * w + x] == (x >= lo && x < w - lo / 2 ? x + y : -x);
	}
	cudaFree(din);
	cudaFree(dout);
	cudaFree(dimg);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return !ok;
}
