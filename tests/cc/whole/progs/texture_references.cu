// Legacy texture references as the classic suites (CUDA 11 and before) use
// them: file-scope texture<T, dim, mode> variables, cudaBindTexture to
// linear memory read with tex1Dfetch (element and normalized-float reads),
// cudaBindTexture2D to pitched memory, cudaBindTextureToArray with linear
// filtering and normalized, wrapping coordinates, a rebind, an unbind, and
// the API's error answers.  Expected values come from CUDA's documented
// formulas on the host (linear filtering: xB = x * width - 0.5, weight
// frac(xB) in 9-bit fixed point), not from the texture code.  nvcc 13 no
// longer compiles this program (CUDA 12 removed texture references, which
// is why the runtime keeps them): it is written against CUDA 11's API.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define checkCudaErrors(call)                                                                    \
	do {                                                                                     \
		cudaError_t err_ = (call);                                                       \
		if (err_ != cudaSuccess) {                                                       \
			fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorName(err_), __FILE__, \
				__LINE__);                                                       \
			exit(EXIT_FAILURE);                                                      \
		}                                                                                \
	} while (0)

static int failed;

static void expect(bool ok, const char *what)
{
	if (!ok) {
		printf("FAILED: %s\n", what);
		failed++;
	}
}

texture<float, 1, cudaReadModeElementType> texVec;
texture<unsigned char, 1, cudaReadModeNormalizedFloat> texBytes;
texture<short2, 1, cudaReadModeNormalizedFloat> texPairs;
texture<int, 2> texPitch;
texture<float, 2, cudaReadModeElementType> texImage(1, cudaFilterModeLinear, cudaAddressModeWrap);

__global__ void fetch1D(float *vec, float *bytes, float2 *pairs, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		vec[i] = tex1Dfetch(texVec, i);
		bytes[i] = tex1Dfetch(texBytes, i);
		pairs[i] = tex1Dfetch(texPairs, i);
	}
}

__global__ void fetchPitch(int *out, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;

	if (x < w && y < h)
		out[y * w + x] = tex2D(texPitch, x + 0.5f, y + 0.5f);
}

__global__ void sampleImage(float *out, const float2 *coords, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = tex2D(texImage, coords[i].x, coords[i].y);
}

// CUDA's linear filter along one axis of a wrapped, normalized coordinate.
static void linearTaps(float u, int size, int *i0, int *i1, float *alpha)
{
	float xb = u * size - 0.5f, fl = std::floor(xb);

	*alpha = std::round((xb - fl) * 256.0f) / 256.0f;
	*i0 = ((int)fl % size + size) % size;
	*i1 = (*i0 + 1) % size;
}

int main()
{
	const int n = 300, w = 37, h = 5, iw = 8, ih = 4, ns = 6;
	float *hVec = (float *)malloc(n * sizeof(float)), *hOut = (float *)malloc(n * sizeof(float));
	unsigned char *hBytes = (unsigned char *)malloc(n);
	short2 *hPairs = (short2 *)malloc(n * sizeof(short2));
	float2 *hPairsOut = (float2 *)malloc(n * sizeof(float2));
	float *dVec, *dVecOut, *dBytesOut;
	unsigned char *dBytes;
	short2 *dPairs;
	float2 *dPairsOut;

	for (int i = 0; i < n; i++) {
		hVec[i] = 0.25f * i - 7.0f;
		hBytes[i] = (unsigned char)(i * 7);
		hPairs[i] = make_short2((short)(i * 100 - 15000), (short)(-i * 3));
	}
	checkCudaErrors(cudaMalloc(&dVec, n * sizeof(float)));
	checkCudaErrors(cudaMalloc(&dVecOut, n * sizeof(float)));
	checkCudaErrors(cudaMalloc(&dBytes, n));
	checkCudaErrors(cudaMalloc(&dBytesOut, n * sizeof(float)));
	checkCudaErrors(cudaMalloc(&dPairs, n * sizeof(short2)));
	checkCudaErrors(cudaMalloc(&dPairsOut, n * sizeof(float2)));
	checkCudaErrors(cudaMemcpy(dVec, hVec, n * sizeof(float), cudaMemcpyHostToDevice));
	checkCudaErrors(cudaMemcpy(dBytes, hBytes, n, cudaMemcpyHostToDevice));
	checkCudaErrors(cudaMemcpy(dPairs, hPairs, n * sizeof(short2), cudaMemcpyHostToDevice));

	size_t offset = 99;
	checkCudaErrors(cudaBindTexture(&offset, texVec, dVec));	// the whole allocation
	expect(offset == 0, "cudaBindTexture's offset");
	checkCudaErrors(cudaBindTexture(0, texBytes, dBytes, n));
	checkCudaErrors(cudaBindTexture(0, texPairs, dPairs, texPairs.channelDesc, n * sizeof(short2)));
	fetch1D<<<(n + 127) / 128, 128>>>(dVecOut, dBytesOut, dPairsOut, n);
	checkCudaErrors(cudaGetLastError());
	checkCudaErrors(cudaMemcpy(hOut, dVecOut, n * sizeof(float), cudaMemcpyDeviceToHost));
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += hOut[i] != hVec[i];
	expect(!bad, "tex1Dfetch of float elements");
	checkCudaErrors(cudaMemcpy(hOut, dBytesOut, n * sizeof(float), cudaMemcpyDeviceToHost));
	for (int i = 0; i < n; i++)
		bad += std::fabs(hOut[i] - hBytes[i] / 255.0f) > 1e-6f;
	expect(!bad, "tex1Dfetch of unsigned char read as normalized float");
	checkCudaErrors(cudaMemcpy(hPairsOut, dPairsOut, n * sizeof(float2), cudaMemcpyDeviceToHost));
	for (int i = 0; i < n; i++)
		bad += std::fabs(hPairsOut[i].x - std::fmax(hPairs[i].x / 32767.0f, -1.0f)) > 1e-6f ||
		       std::fabs(hPairsOut[i].y - std::fmax(hPairs[i].y / 32767.0f, -1.0f)) > 1e-6f;
	expect(!bad, "tex1Dfetch of short2 read as normalized float2");

	// a rebind replaces the binding: texVec now reads the bytes' neighbour buffer
	checkCudaErrors(cudaBindTexture(0, texVec, dVecOut, 16 * sizeof(float)));
	checkCudaErrors(cudaMemset(dVecOut, 0, sizeof(float)));
	fetch1D<<<1, 32>>>(dVec, dBytesOut, dPairsOut, 32);
	checkCudaErrors(cudaMemcpy(hOut, dVec, 32 * sizeof(float), cudaMemcpyDeviceToHost));
	bad = hOut[0] != 0.0f;
	for (int i = 1; i < 16; i++)
		bad += hOut[i] != hVec[i];
	for (int i = 16; i < 32; i++)
		bad += hOut[i] != 0.0f;	// outside the bound 16 elements: zero
	expect(!bad, "a rebind to 16 elements; reads past them are zero");

	// pitched 2-D memory
	int *dPitch, *dPitchOut, *hPitch = (int *)malloc(w * h * sizeof(int));
	size_t pitch;
	for (int i = 0; i < w * h; i++)
		hPitch[i] = i * 31 - 400;
	checkCudaErrors(cudaMallocPitch(&dPitch, &pitch, w * sizeof(int), h));
	checkCudaErrors(cudaMalloc(&dPitchOut, w * h * sizeof(int)));
	checkCudaErrors(cudaMemcpy2D(dPitch, pitch, hPitch, w * sizeof(int), w * sizeof(int), h, cudaMemcpyHostToDevice));
	checkCudaErrors(cudaBindTexture2D(&offset, texPitch, dPitch, w, h, pitch));
	fetchPitch<<<dim3(1, h), 64>>>(dPitchOut, w, h);
	int *hPitchOut = (int *)malloc(w * h * sizeof(int));
	checkCudaErrors(cudaMemcpy(hPitchOut, dPitchOut, w * h * sizeof(int), cudaMemcpyDeviceToHost));
	bad = 0;
	for (int i = 0; i < w * h; i++)
		bad += hPitchOut[i] != hPitch[i];
	expect(!bad && offset == 0, "cudaBindTexture2D: tex2D of pitched int rows");

	// an array with linear filtering, normalized coordinates, wrapping
	float hImage[iw * ih];
	for (int i = 0; i < iw * ih; i++)
		hImage[i] = (float)((i * 37) % 11) - 3.0f;
	cudaArray_t arr;
	cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
	checkCudaErrors(cudaMallocArray(&arr, &desc, iw, ih));
	checkCudaErrors(cudaMemcpy2DToArray(arr, 0, 0, hImage, iw * sizeof(float), iw * sizeof(float), ih,
					    cudaMemcpyHostToDevice));
	checkCudaErrors(cudaBindTextureToArray(texImage, arr));
	const float2 hCoords[ns] = { { 0.0f, 0.0f }, { 0.3125f, 0.5f }, { 0.53125f, 0.8125f },
				     { -0.25f, 0.375f }, { 1.40625f, -0.0625f }, { 0.999f, 0.999f } };
	float2 *dCoords;
	float *dSamples, hSamples[ns];
	checkCudaErrors(cudaMalloc(&dCoords, sizeof(hCoords)));
	checkCudaErrors(cudaMalloc(&dSamples, sizeof(hSamples)));
	checkCudaErrors(cudaMemcpy(dCoords, hCoords, sizeof(hCoords), cudaMemcpyHostToDevice));
	sampleImage<<<1, 32>>>(dSamples, dCoords, ns);
	checkCudaErrors(cudaMemcpy(hSamples, dSamples, sizeof(hSamples), cudaMemcpyDeviceToHost));
	for (int s = 0; s < ns; s++) {
		int x0, x1, y0, y1;
		float a, b;
		linearTaps(hCoords[s].x, iw, &x0, &x1, &a);
		linearTaps(hCoords[s].y, ih, &y0, &y1, &b);
		float ref = (1 - a) * (1 - b) * hImage[y0 * iw + x0] + a * (1 - b) * hImage[y0 * iw + x1] +
			    (1 - a) * b * hImage[y1 * iw + x0] + a * b * hImage[y1 * iw + x1];
		if (std::fabs(hSamples[s] - ref) > 1e-5f) {
			printf("  sample %d at (%g, %g): %g, CUDA's formula %g\n", s, hCoords[s].x, hCoords[s].y,
			       hSamples[s], ref);
			bad++;
		}
	}
	expect(!bad, "cudaBindTextureToArray: linear filtering, normalized wrapped coordinates");

	// error answers
	expect(cudaGetTextureAlignmentOffset(&offset, texImage) == cudaSuccess && offset == 0,
	       "cudaGetTextureAlignmentOffset of a bound reference");
	checkCudaErrors(cudaUnbindTexture(texImage));
	expect(cudaGetTextureAlignmentOffset(&offset, texImage) == cudaErrorInvalidTextureBinding,
	       "cudaGetTextureAlignmentOffset of an unbound reference: cudaErrorInvalidTextureBinding");
	expect(cudaUnbindTexture(texImage) == cudaSuccess, "unbinding an unbound reference");
	expect(cudaBindTexture(0, (const textureReference *)0, dVec, &desc, 4) == cudaErrorInvalidTexture,
	       "cudaBindTexture of no reference: cudaErrorInvalidTexture");
	expect(cudaGetLastError() == cudaErrorInvalidTexture, "... recorded as the last error");
	expect(cudaBindTexture(0, texVec, dVec, (268435456 + 1) * sizeof(float)) == cudaErrorInvalidValue,
	       "cudaBindTexture of more than maxTexture1DLinear elements: cudaErrorInvalidValue");
	expect(cudaBindTexture(0, texVec, dVec, 6) == cudaErrorInvalidValue,
	       "cudaBindTexture of a size not a whole number of elements: cudaErrorInvalidValue");
	cudaChannelFormatDesc wide = cudaCreateChannelDesc<float2>();
	expect(cudaBindTextureToArray(texImage, arr, wide) == cudaErrorInvalidChannelDescriptor,
	       "cudaBindTextureToArray with elements of another size: cudaErrorInvalidChannelDescriptor");
	cudaGetLastError();
	const textureReference *ref = 0;
	expect(cudaGetTextureReference(&ref, &texVec) == cudaSuccess && ref == &texVec,
	       "cudaGetTextureReference: the reference itself");

	checkCudaErrors(cudaUnbindTexture(texVec));
	checkCudaErrors(cudaUnbindTexture(texBytes));
	checkCudaErrors(cudaUnbindTexture(texPairs));
	checkCudaErrors(cudaUnbindTexture(texPitch));
	checkCudaErrors(cudaFreeArray(arr));
	cudaFree(dVec);
	cudaFree(dVecOut);
	cudaFree(dBytes);
	cudaFree(dBytesOut);
	cudaFree(dPairs);
	cudaFree(dPairsOut);
	cudaFree(dPitch);
	cudaFree(dPitchOut);
	cudaFree(dCoords);
	cudaFree(dSamples);
	free(hVec);
	free(hOut);
	free(hBytes);
	free(hPairs);
	free(hPairsOut);
	free(hPitch);
	free(hPitchOut);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
