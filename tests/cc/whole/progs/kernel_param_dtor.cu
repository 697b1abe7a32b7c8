// A kernel parameter whose class owns device memory: constructed on the
// host with cudaMalloc, freed by its destructor.  CUDA copies kernel
// arguments bitwise and runs no copy constructor or destructor of them on
// the device, so every block sees the same live mutex and counter.  A
// translation that copied the parameter per block or per thread ran the
// destructor there: the first block to finish freed the mutex the other
// blocks were spinning on (a hang), and the copy constructor's count of
// copies moved.  The block sums meet under a spin lock, as classic
// teaching code does.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                                  \
	do {                                                                         \
		cudaError_t err_ = (call);                                           \
		if (err_ != cudaSuccess) {                                           \
			printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
			return 1;                                                    \
		}                                                                    \
	} while (0)

static int host_copies;	// copy constructions on the host (CUDA: only there)

struct SpinLock {
	int *mutex;
	int *copies_seen;	// device copies the kernel would count

	SpinLock() : mutex(nullptr), copies_seen(nullptr)
	{
		cudaMalloc(&mutex, sizeof(int));
		cudaMemset(mutex, 0, sizeof(int));
		cudaMalloc(&copies_seen, sizeof(int));
		cudaMemset(copies_seen, 0, sizeof(int));
		owner = true;
	}
	__host__ __device__ SpinLock(const SpinLock &o) : mutex(o.mutex), copies_seen(o.copies_seen), owner(false)
	{
#ifdef __CUDA_ARCH__
		atomicAdd(copies_seen, 1);
#else
		host_copies++;
#endif
	}
	~SpinLock()
	{
		if (owner) {
			cudaFree(mutex);
			cudaFree(copies_seen);
		}
	}
	__device__ void lock()
	{
		while (atomicCAS(mutex, 0, 1) != 0)
			;
	}
	__device__ void unlock() { atomicExch(mutex, 0); }

	bool owner;
};

struct Counter {
	double *sum;
	int *calls;

	__host__ __device__ Counter(double *s, int *c) : sum(s), calls(c) {}
	__host__ __device__ Counter(const Counter &o) : sum(o.sum), calls(o.calls) {}
	__host__ __device__ ~Counter()
	{
#ifdef __CUDA_ARCH__
		atomicAdd(calls, 1);	// never on the device: a kernel argument is not destroyed there
#endif
	}
};

#define THREADS 128

__global__ void block_sums(SpinLock lock, Counter out, const float *x, int n)
{
	__shared__ float part[THREADS];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	part[threadIdx.x] = i < n ? x[i] : 0.0f;
	__syncthreads();
	for (int s = blockDim.x / 2; s > 0; s >>= 1) {
		if (threadIdx.x < s)
			part[threadIdx.x] += part[threadIdx.x + s];
		__syncthreads();
	}
	if (threadIdx.x == 0) {
		lock.lock();
		*out.sum += part[0];
		lock.unlock();
	}
}

int main()
{
	const int n = 100000, blocks = (n + THREADS - 1) / THREADS;
	float *x, *hx = new float[n];
	double *sum, got, want = 0.0;
	int *calls, ncalls = -1, copies = -1, failed = 0;

	for (int i = 0; i < n; i++) {
		hx[i] = (float)(i % 7);
		want += hx[i];
	}
	CHECK(cudaMalloc(&x, n * sizeof(float)));
	CHECK(cudaMalloc(&sum, sizeof(double)));
	CHECK(cudaMalloc(&calls, sizeof(int)));
	CHECK(cudaMemcpy(x, hx, n * sizeof(float), cudaMemcpyHostToDevice));
	CHECK(cudaMemset(sum, 0, sizeof(double)));
	CHECK(cudaMemset(calls, 0, sizeof(int)));
	{
		SpinLock lock;
		Counter out(sum, calls);

		block_sums<<<blocks, THREADS>>>(lock, out, x, n);
		CHECK(cudaGetLastError());
		CHECK(cudaDeviceSynchronize());
		CHECK(cudaMemcpy(&copies, lock.copies_seen, sizeof(int), cudaMemcpyDeviceToHost));
	}
	CHECK(cudaMemcpy(&got, sum, sizeof(double), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(&ncalls, calls, sizeof(int), cudaMemcpyDeviceToHost));
	// the block sums are whole numbers below 2^24: exact in any order
	if (got != want) {
		printf("FAIL: sum %.1f, want %.1f\n", got, want);
		failed++;
	}
	if (ncalls != 0) {
		printf("FAIL: the parameter's destructor ran %d times on the device (CUDA: never)\n", ncalls);
		failed++;
	}
	if (copies != 0) {
		printf("FAIL: the parameter was copy-constructed %d times on the device (CUDA: never)\n", copies);
		failed++;
	}
	printf("%d blocks, sum %.1f, host copies %d\n", blocks, got, host_copies);
	cudaFree(x);
	cudaFree(sum);
	cudaFree(calls);
	delete[] hx;
	printf("%d passed, %d failed\n", 3 - failed, failed);
	if (failed)
		return 1;
	printf("PASS\n");
	return 0;
}
