// Legacy surface references as CUDA 11's samples used them
// (simpleSurfaceWrite before CUDA 12): file-scope surface<void, dim>
// variables bound to CUDA arrays with cudaBindSurfaceToArray, written with
// surf2Dwrite(value, ref, x * sizeof(T), y) and read back with surf2Dread
// (the value and the pointer forms), a 1-D reference of uchar4, a 3-D one,
// the boundary modes (zero and clamp) at the edges, a rebind to another
// array, cudaGetSurfaceReference and the API's error answers.  Expected
// values come from the formulas on the host and from the arrays copied
// back with cudaMemcpy2DFromArray/cudaMemcpy3D, not from the surface code.
// nvcc 13 no longer compiles this program (CUDA 12 removed surface
// references, which is why the runtime keeps them): it is written against
// CUDA 11's API.
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
	if (!ok && failed++ < 20)
		printf("FAILED: %s\n", what);
}

const int W = 37, H = 19, L = 50, D = 5;

surface<void, 2> inSurf;
surface<void, 2> outSurf;
surface<void, cudaSurfaceType1D> lineSurf;
surface<void, 3> volSurf;

static float source(int x, int y)
{
	return (float)(x * 3 - y * 7) + 0.25f;
}

// writes the source image through a reference
__global__ void fill(int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x < w && y < h)
		surf2Dwrite((float)(x * 3 - y * 7) + 0.25f, inSurf, x * (int)sizeof(float), y);
}

// out(x, y) = in(x, y) * 2 + in(x + 1, y) (zero past the right edge) + in(x, y - 1) (clamped at the top)
__global__ void transform(int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x >= w || y >= h)
		return;
	float here = surf2Dread<float>(inSurf, x * 4, y);
	float right, up;
	surf2Dread(&right, inSurf, (x + 1) * 4, y, cudaBoundaryModeZero);
	up = surf2Dread<float>(inSurf, x * 4, y - 1, cudaBoundaryModeClamp);
	surf2Dwrite(here * 2 + right + up, outSurf, x * 4, y);
}

__global__ void line(int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		uchar4 v = surf1Dread<uchar4>(lineSurf, i * 4);
		surf1Dwrite(make_uchar4(v.w, v.z, v.y, (unsigned char)(v.x + i)), lineSurf, i * 4);
	}
}

__global__ void volume(int w, int h, int d)
{
	int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
	if (x < w && y < h && z < d)
		surf3Dwrite(x + 100 * y + 10000 * z, volSurf, x * 4, y, z);
}

int main()
{
	cudaChannelFormatDesc fdesc = cudaCreateChannelDesc<float>();
	cudaArray_t inArr, outArr, outArr2, lineArr, volArr;
	checkCudaErrors(cudaMallocArray(&inArr, &fdesc, W, H, cudaArraySurfaceLoadStore));
	checkCudaErrors(cudaMallocArray(&outArr, &fdesc, W, H, cudaArraySurfaceLoadStore));
	checkCudaErrors(cudaMallocArray(&outArr2, &fdesc, W, H, cudaArraySurfaceLoadStore));
	checkCudaErrors(cudaBindSurfaceToArray(inSurf, inArr));
	checkCudaErrors(cudaBindSurfaceToArray(outSurf, outArr, fdesc));

	dim3 block(8, 8), grid((W + 7) / 8, (H + 7) / 8);
	fill<<<grid, block>>>(W, H);
	transform<<<grid, block>>>(W, H);
	checkCudaErrors(cudaGetLastError());
	checkCudaErrors(cudaDeviceSynchronize());

	static float img[H][W], out[H][W];
	checkCudaErrors(cudaMemcpy2DFromArray(img, W * sizeof(float), inArr, 0, 0, W * sizeof(float), H,
					      cudaMemcpyDeviceToHost));
	checkCudaErrors(cudaMemcpy2DFromArray(out, W * sizeof(float), outArr, 0, 0, W * sizeof(float), H,
					      cudaMemcpyDeviceToHost));
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			float right = x + 1 < W ? source(x + 1, y) : 0.0f, up = source(x, y > 0 ? y - 1 : 0);
			expect(img[y][x] == source(x, y), "surf2Dwrite through a reference");
			expect(out[y][x] == source(x, y) * 2 + right + up, "surf2Dread (value, pointer, zero, clamp)");
		}

	// a rebind: the kernel's writes go to the new array, the old one keeps what it had
	checkCudaErrors(cudaBindSurfaceToArray(outSurf, outArr2));
	transform<<<grid, block>>>(W, H);
	checkCudaErrors(cudaDeviceSynchronize());
	static float out2[H][W], again[H][W];
	checkCudaErrors(cudaMemcpy2DFromArray(out2, W * sizeof(float), outArr2, 0, 0, W * sizeof(float), H,
					      cudaMemcpyDeviceToHost));
	checkCudaErrors(cudaMemcpy2DFromArray(again, W * sizeof(float), outArr, 0, 0, W * sizeof(float), H,
					      cudaMemcpyDeviceToHost));
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			expect(out2[y][x] == out[y][x] && again[y][x] == out[y][x], "rebound reference");

	// 1-D uchar4, read and written in place
	cudaChannelFormatDesc cdesc = cudaCreateChannelDesc<uchar4>();
	checkCudaErrors(cudaMallocArray(&lineArr, &cdesc, L, 0, cudaArraySurfaceLoadStore));
	static uchar4 bytes[L], back[L];
	for (int i = 0; i < L; i++)
		bytes[i] = make_uchar4(i, 2 * i, 3 * i, 200 - i);
	checkCudaErrors(cudaMemcpy2DToArray(lineArr, 0, 0, bytes, L * 4, L * 4, 1, cudaMemcpyHostToDevice));
	checkCudaErrors(cudaBindSurfaceToArray(lineSurf, lineArr));
	line<<<2, 32>>>(L);
	checkCudaErrors(cudaDeviceSynchronize());
	checkCudaErrors(cudaMemcpy2DFromArray(back, L * 4, lineArr, 0, 0, L * 4, 1, cudaMemcpyDeviceToHost));
	for (int i = 0; i < L; i++)
		expect(back[i].x == bytes[i].w && back[i].y == bytes[i].z && back[i].z == bytes[i].y &&
			       back[i].w == (unsigned char)(bytes[i].x + i),
		       "surf1Dread/surf1Dwrite of uchar4");

	// 3-D
	cudaChannelFormatDesc idesc = cudaCreateChannelDesc<int>();
	checkCudaErrors(cudaMalloc3DArray(&volArr, &idesc, make_cudaExtent(W, H, D), cudaArraySurfaceLoadStore));
	checkCudaErrors(cudaBindSurfaceToArray(volSurf, volArr));
	volume<<<dim3(H, D), 64>>>(W, H, D);
	checkCudaErrors(cudaDeviceSynchronize());
	static int vol[D][H][W];
	cudaMemcpy3DParms p = {};
	p.srcArray = volArr;
	p.dstPtr = make_cudaPitchedPtr(vol, W * sizeof(int), W, H);
	p.extent = make_cudaExtent(W, H, D);
	p.kind = cudaMemcpyDeviceToHost;
	checkCudaErrors(cudaMemcpy3D(&p));
	for (int z = 0; z < D; z++)
		for (int y = 0; y < H; y++)
			for (int x = 0; x < W; x++)
				expect(vol[z][y][x] == x + 100 * y + 10000 * z, "surf3Dwrite through a reference");

	// the API: the symbol is the reference; CUDA's errors
	const surfaceReference *ref = NULL;
	checkCudaErrors(cudaGetSurfaceReference(&ref, &inSurf));
	expect(ref == &inSurf, "cudaGetSurfaceReference");
	expect(cudaGetSurfaceReference(&ref, NULL) == cudaErrorInvalidValue, "cudaGetSurfaceReference(NULL symbol)");
	expect(cudaBindSurfaceToArray(NULL, inArr, &fdesc) == cudaErrorInvalidSurface, "bind of a NULL reference");
	expect(cudaBindSurfaceToArray(ref, NULL, &fdesc) == cudaErrorInvalidResourceHandle, "bind of a NULL array");
	expect(cudaBindSurfaceToArray(ref, inArr, NULL) == cudaErrorInvalidValue, "bind without a format");
	expect(cudaBindSurfaceToArray(ref, inArr, &cdesc) == cudaSuccess, "bind with a format of the same size");
	cudaChannelFormatDesc sdesc = cudaCreateChannelDesc<short>();
	expect(cudaBindSurfaceToArray(ref, inArr, &sdesc) == cudaErrorInvalidChannelDescriptor,
	       "bind with a format of another size");
	expect(cudaGetLastError() == cudaErrorInvalidChannelDescriptor, "the last error");

	cudaFreeArray(inArr);
	cudaFreeArray(outArr);
	cudaFreeArray(outArr2);
	cudaFreeArray(lineArr);
	cudaFreeArray(volArr);
	printf("%d failed\n", failed);
	printf(failed ? "FAILED\n" : "PASS\n");
	return failed != 0;
}
