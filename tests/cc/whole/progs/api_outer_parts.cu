// The runtime API's later calls as a program in the official samples'
// style uses them (checkCudaErrors, a findCudaDevice-like start): a memcpy
// node into a __constant__ symbol ahead of a kernel node in a graph, a
// batched upload on a stream, a kernel launched through its cudaGetKernel
// handle, a 3-D batch through a CUDA array and back; each result checked
// against the host's.
#include <cstdio>
#include <cstdlib>
#include <cstring>
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

static int findDevice()
{
	int n = 0, dev = 0;
	cudaDeviceProp prop;

	checkCudaErrors(cudaGetDeviceCount(&n));
	if (n == 0) {
		fprintf(stderr, "no CUDA device\n");
		exit(EXIT_FAILURE);
	}
	checkCudaErrors(cudaSetDevice(dev));
	checkCudaErrors(cudaGetDeviceProperties(&prop, dev));
	printf("GPU Device %d: \"%s\" with compute capability %d.%d\n", dev, prop.name, prop.major, prop.minor);
	return dev;
}

__constant__ float weights[4];

__global__ void weigh(float *y, const float *x, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] = x[i] * weights[i % 4];
}

__global__ void add(float *y, const float *a, const float *b, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] = a[i] + b[i];
}

int main()
{
	const int n = 1000;
	const float w[4] = { 0.5f, 1.0f, 2.0f, -1.0f };
	float *hx = (float *)malloc(n * sizeof(float)), *hy = (float *)malloc(n * sizeof(float));
	float *dx, *dy, *da, *db;
	int bad = 0, driver = 0;
	cudaStream_t s;

	findDevice();
	checkCudaErrors(cudaDriverGetVersion(&driver));
	printf("Driver version %d.%d\n", driver / 1000, driver % 1000 / 10);
	for (int i = 0; i < n; i++)
		hx[i] = (float)(i % 17) - 8.0f;
	checkCudaErrors(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
	checkCudaErrors(cudaMalloc(&dx, n * sizeof(float)));
	checkCudaErrors(cudaMalloc(&dy, n * sizeof(float)));
	checkCudaErrors(cudaMalloc(&da, n * sizeof(float)));
	checkCudaErrors(cudaMalloc(&db, n * sizeof(float)));

	// a batch of three uploads, one attribute for all of them
	{
		void *dsts[3] = { dx, da, db };
		const void *srcs[3] = { hx, hx, hx };
		size_t sizes[3] = { n * sizeof(float), n * sizeof(float), n * sizeof(float) };
		cudaMemcpyAttributes attr;
		size_t idx = 0;

		memset(&attr, 0, sizeof(attr));
		attr.srcAccessOrder = cudaMemcpySrcAccessOrderStream;
		checkCudaErrors(cudaMemcpyBatchAsync(dsts, srcs, sizes, 3, &attr, &idx, 1, s));
	}

	// graph: weights into the __constant__ symbol, then the kernel that reads them
	{
		cudaGraph_t g;
		cudaGraphExec_t e;
		cudaGraphNode_t copy, kern;
		cudaKernelNodeParams kp;
		int nn = n;
		void *args[] = { &dy, &dx, &nn };

		checkCudaErrors(cudaGraphCreate(&g, 0));
		checkCudaErrors(cudaGraphAddMemcpyNodeToSymbol(&copy, g, NULL, 0, weights, w, sizeof(w), 0,
							       cudaMemcpyHostToDevice));
		memset(&kp, 0, sizeof(kp));
		kp.func = (void *)weigh;
		kp.gridDim = dim3((n + 127) / 128);
		kp.blockDim = dim3(128);
		kp.kernelParams = args;
		checkCudaErrors(cudaGraphAddKernelNode(&kern, g, &copy, 1, &kp));
		checkCudaErrors(cudaGraphInstantiate(&e, g, 0));
		checkCudaErrors(cudaGraphLaunch(e, s));
		checkCudaErrors(cudaStreamSynchronize(s));
		checkCudaErrors(cudaMemcpy(hy, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
		for (int i = 0; i < n; i++)
			bad += hy[i] != hx[i] * w[i % 4];
		printf("graph (weights to the symbol, then the kernel): %s\n", bad ? "FAILED" : "ok");
		checkCudaErrors(cudaGraphExecDestroy(e));
		checkCudaErrors(cudaGraphDestroy(g));
	}

	// the kernel through its handle
	{
		cudaKernel_t k;
		int nn = n;
		void *args[] = { &dy, &da, &db, &nn };
		int bad2 = 0;

		checkCudaErrors(cudaGetKernel(&k, (const void *)add));
		checkCudaErrors(cudaLaunchKernel((const void *)k, dim3((n + 255) / 256), dim3(256), args, 0, s));
		checkCudaErrors(cudaMemcpyAsync(hy, dy, n * sizeof(float), cudaMemcpyDeviceToHost, s));
		checkCudaErrors(cudaStreamSynchronize(s));
		for (int i = 0; i < n; i++)
			bad2 += hy[i] != 2 * hx[i];
		printf("cudaGetKernel's handle launched: %s\n", bad2 ? "FAILED" : "ok");
		bad += bad2;
	}

	// a 3-D batch: 40 x 25 floats into a CUDA array, then back
	{
		cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
		cudaArray_t arr;
		cudaMemcpy3DBatchOp op[2];
		int bad3 = 0;

		checkCudaErrors(cudaMallocArray(&arr, &fd, 40, 25));
		memset(op, 0, sizeof(op));
		op[0].src.type = cudaMemcpyOperandTypePointer;
		op[0].src.op.ptr.ptr = hx;
		op[0].dst.type = cudaMemcpyOperandTypeArray;
		op[0].dst.op.array.array = arr;
		op[0].extent = make_cudaExtent(40, 25, 1);
		op[0].srcAccessOrder = cudaMemcpySrcAccessOrderStream;
		op[1].src.type = cudaMemcpyOperandTypeArray;
		op[1].src.op.array.array = arr;
		op[1].dst.type = cudaMemcpyOperandTypePointer;
		op[1].dst.op.ptr.ptr = hy;
		op[1].extent = make_cudaExtent(40, 25, 1);
		op[1].srcAccessOrder = cudaMemcpySrcAccessOrderStream;
		memset(hy, 0, n * sizeof(float));
		checkCudaErrors(cudaMemcpy3DBatchAsync(1, &op[0], 0, s));
		checkCudaErrors(cudaMemcpy3DBatchAsync(1, &op[1], 0, s));
		checkCudaErrors(cudaStreamSynchronize(s));
		for (int i = 0; i < n; i++)
			bad3 += hy[i] != hx[i];
		printf("3-D batch through a CUDA array: %s\n", bad3 ? "FAILED" : "ok");
		bad += bad3;
		checkCudaErrors(cudaFreeArray(arr));
	}

	checkCudaErrors(cudaFree(dx));
	checkCudaErrors(cudaFree(dy));
	checkCudaErrors(cudaFree(da));
	checkCudaErrors(cudaFree(db));
	checkCudaErrors(cudaStreamDestroy(s));
	free(hx);
	free(hy);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
