// Memory allocated in kernels, as public programs do it: a scratch buffer
// per thread from malloc (its size the same for every thread), new/delete
// of a class with a constructor and destructor, new[]/delete[], placement
// new into a thread's own storage, and one buffer per block that thread 0
// allocates, shares through a __shared__ pointer and frees after a
// barrier (the CUDA programming guide's pattern), with the heap sized by
// cudaDeviceSetLimit(cudaLimitMallocHeapSize).
#include <cstdio>
#include <cstdlib>
#include <new>

#define CHECK(x)                                                              \
	do {                                                                  \
		cudaError_t e_ = (x);                                         \
		if (e_ != cudaSuccess) {                                      \
			printf("%s: %s\nFAIL\n", #x, cudaGetErrorString(e_)); \
			return 1;                                             \
		}                                                             \
	} while (0)

const int SCRATCH = 8;

__device__ int live_objects;

struct Accumulator {
	int sum, count;
	__device__ Accumulator(int first) : sum(first), count(1) { atomicAdd(&live_objects, 1); }
	__device__ ~Accumulator() { atomicSub(&live_objects, 1); }
	__device__ void add(int v) { sum += v, count++; }
};

// every thread: its own scratch of the same size, then objects on the heap
__global__ void per_thread(int *out, int n)
{
	int *scratch = (int *)malloc(SCRATCH * sizeof(int));
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (scratch == NULL) {
		out[i] = -1;
		return;
	}
	for (int k = 0; k < SCRATCH; k++)
		scratch[k] = i * k;
	Accumulator *acc = new Accumulator(scratch[1]);
	for (int k = 2; k < SCRATCH; k++)
		acc->add(scratch[k]);
	free(scratch);
	int *squares = new int[4];
	for (int k = 0; k < 4; k++)
		squares[k] = k * k;
	alignas(Accumulator) unsigned char storage[sizeof(Accumulator)];
	Accumulator *inplace = new (storage) Accumulator(squares[3]);
	inplace->add(acc->count);
	if (i < n)
		out[i] = acc->sum + inplace->sum;
	inplace->~Accumulator();
	delete[] squares;
	delete acc;
}

// an allocation that names no thread index is still each thread's own
// (idxgen-cc once ran `new int[3]` and its delete[] once per block, the
// delete[] before the threads' last use)
__global__ void objects_then_array(int *out)
{
	int *p = (int *)malloc(4 * sizeof(int));
	for (int i = 0; i < 4; i++)
		p[i] = threadIdx.x + i;
	int s = p[0] + p[3];
	free(p);
	Accumulator *q = new Accumulator(s);
	Accumulator *r = new Accumulator(q->sum + 1);
	out[threadIdx.x] = r->sum;
	delete q;
	delete r;
	int *arr = new int[3];
	arr[2] = 5;
	out[threadIdx.x] += arr[2];
	delete[] arr;
}

// one buffer per block: thread 0 allocates, every thread uses it, thread 0 frees
__global__ void per_block(int *out)
{
	__shared__ int *buffer;
	if (threadIdx.x == 0)
		buffer = (int *)malloc(blockDim.x * sizeof(int));
	__syncthreads();
	buffer[threadIdx.x] = threadIdx.x * 2;
	__syncthreads();
	out[blockIdx.x * blockDim.x + threadIdx.x] = buffer[blockDim.x - 1 - threadIdx.x];
	__syncthreads();
	if (threadIdx.x == 0)
		free(buffer);
}

int main()
{
	const int blocks = 8, threads = 64, n = blocks * threads;
	CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 8 << 20));
	size_t heap = 0;
	CHECK(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize));
	int *out;
	CHECK(cudaMallocManaged(&out, n * sizeof(int)));
	int zero = 0;
	CHECK(cudaMemcpyToSymbol(live_objects, &zero, sizeof(int)));

	per_thread<<<blocks, threads>>>(out, n);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
	bool ok = heap >= (8 << 20);
	for (int i = 0; i < n; i++) {
		int sum = 0;	// i*1 + ... + i*7, then 9 + the count (7)
		for (int k = 1; k < SCRATCH; k++)
			sum += i * k;
		if (out[i] != sum + 9 + 7) {
			printf("per_thread: out[%d] = %d, expected %d\n", i, out[i], sum + 16);
			ok = false;
			break;
		}
	}
	int live = -1;
	CHECK(cudaMemcpyFromSymbol(&live, live_objects, sizeof(int)));
	printf("objects left after the kernel: %d\n", live);
	ok &= live == 0;

	objects_then_array<<<1, threads>>>(out);
	CHECK(cudaDeviceSynchronize());
	for (int i = 0; i < threads && ok; i++)
		if (out[i] != 2 * i + 3 + 1 + 5) {
			printf("objects_then_array: out[%d] = %d, expected %d\n", i, out[i], 2 * i + 9);
			ok = false;
		}

	per_block<<<blocks, threads>>>(out);
	CHECK(cudaDeviceSynchronize());
	for (int i = 0; i < n && ok; i++)
		if (out[i] != (threads - 1 - i % threads) * 2) {
			printf("per_block: out[%d] = %d\n", i, out[i]);
			ok = false;
		}
	CHECK(cudaFree(out));
	printf(ok ? "PASS\n" : "FAIL\n");
	return ok ? 0 : 1;
}
