// __constant__ arrays and scalars filled with cudaMemcpyToSymbol (with and
// without an offset), read back with cudaMemcpyFromSymbol, used by a 1-D
// convolution kernel.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

#define RADIUS 4
#define TAPS (2 * RADIUS + 1)

__constant__ float c_taps[TAPS];
__constant__ float c_scale;
__constant__ int c_params[2]; // n, unused pad

__global__ void convolve(const float *in, float *out)
{
	int n = c_params[0];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float acc = 0.0f;
	for (int k = -RADIUS; k <= RADIUS; k++) {
		int j = i + k;
		if (j >= 0 && j < n)
			acc += c_taps[k + RADIUS] * in[j];
	}
	out[i] = acc * c_scale;
}

int main()
{
	const int n = 777;
	float taps[TAPS];
	for (int k = 0; k < TAPS; k++)
		taps[k] = 1.0f / (1 + abs(k - RADIUS));
	float scale = 0.5f;
	int params[2] = {n, 0};

	// Taps in two pieces: the first half at offset 0, the rest at an offset.
	const int half = TAPS / 2;
	cudaMemcpyToSymbol(c_taps, taps, half * sizeof(float));
	cudaMemcpyToSymbol(c_taps, taps + half, (TAPS - half) * sizeof(float), half * sizeof(float));
	cudaMemcpyToSymbol(c_scale, &scale, sizeof(float), 0, cudaMemcpyHostToDevice);
	cudaMemcpyToSymbol(c_params, params, sizeof(params));

	float back[TAPS];
	cudaMemcpyFromSymbol(back, c_taps, sizeof(back));
	bool ok = true;
	for (int k = 0; k < TAPS; k++)
		ok &= back[k] == taps[k];

	float *h_in = new float[n], *h_out = new float[n];
	for (int i = 0; i < n; i++)
		h_in[i] = (float)((i * 37) % 101) / 10.0f;
	float *d_in, *d_out;
	cudaMalloc(&d_in, n * sizeof(float));
	cudaMalloc(&d_out, n * sizeof(float));
	cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice);
	convolve<<<(n + 255) / 256, 256>>>(d_in, d_out);
	cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);

	for (int i = 0; i < n; i++) {
		float acc = 0.0f;
		for (int k = -RADIUS; k <= RADIUS; k++)
			if (i + k >= 0 && i + k < n)
				acc += taps[k + RADIUS] * h_in[i + k];
		if (fabsf(acc * scale - h_out[i]) > 1e-4f) {
			printf("out[%d] = %f, want %f\n", i, h_out[i], acc * scale);
			ok = false;
			break;
		}
	}
	cudaFree(d_in);
	cudaFree(d_out);
	delete[] h_in;
	delete[] h_out;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
