// Streams and events as the overlap samples use them: pinned host memory
// (cudaMallocHost, cudaHostAlloc), work split over 4 streams with
// cudaMemcpyAsync / kernel / cudaMemcpyAsync per chunk, cudaMemsetAsync,
// events recorded in streams, cudaStreamWaitEvent between streams,
// cudaEventSynchronize / cudaEventQuery / cudaEventElapsedTime,
// cudaStreamSynchronize / cudaStreamQuery, and the legacy default stream.
#include <cfloat>
#include <cstdio>
#include <cuda_runtime.h>

#define NSTREAMS 4

#define CHECK(x)                                                               \
	do {                                                                   \
		cudaError_t e_ = (x);                                          \
		if (e_ != cudaSuccess) {                                       \
			printf("%s:%d %s\nFAIL\n", __FILE__, __LINE__,         \
			       cudaGetErrorString(e_));                        \
			return 1;                                              \
		}                                                              \
	} while (0)

__global__ void poly(float *x, int n, float a)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] = (x[i] * a + 1.0f) * x[i];
}

__global__ void add_arrays(const float *a, float *b, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		b[i] += a[i];
}

int main()
{
	const int n = 1 << 16, chunk = n / NSTREAMS;
	float *h_a, *h_b;
	CHECK(cudaMallocHost(&h_a, n * sizeof(float)));
	CHECK(cudaHostAlloc((void **)&h_b, n * sizeof(float), cudaHostAllocDefault));
	for (int i = 0; i < n; i++)
		h_a[i] = (float)(i % 1000) / 1000.0f;
	float *d_a, *d_b;
	CHECK(cudaMalloc(&d_a, n * sizeof(float)));
	CHECK(cudaMalloc(&d_b, n * sizeof(float)));

	cudaStream_t s[NSTREAMS];
	for (int k = 0; k < NSTREAMS; k++)
		CHECK(cudaStreamCreate(&s[k]));
	cudaStream_t nb;
	CHECK(cudaStreamCreateWithFlags(&nb, cudaStreamNonBlocking));
	cudaEvent_t start, stop, done_a;
	CHECK(cudaEventCreate(&start));
	CHECK(cudaEventCreate(&stop));
	CHECK(cudaEventCreateWithFlags(&done_a, cudaEventDisableTiming));

	CHECK(cudaEventRecord(start, 0));
	for (int k = 0; k < NSTREAMS; k++) {
		int off = k * chunk;
		CHECK(cudaMemcpyAsync(d_a + off, h_a + off, chunk * sizeof(float), cudaMemcpyHostToDevice, s[k]));
		poly<<<chunk / 256, 256, 0, s[k]>>>(d_a + off, chunk, 0.5f);
		CHECK(cudaMemsetAsync(d_b + off, 0, chunk * sizeof(float), s[k]));
	}
	// Stream nb adds every chunk of a into b, after all four streams.
	for (int k = 0; k < NSTREAMS; k++) {
		CHECK(cudaEventRecord(done_a, s[k]));
		CHECK(cudaStreamWaitEvent(nb, done_a, 0));
	}
	add_arrays<<<n / 256, 256, 0, nb>>>(d_a, d_b, n);
	CHECK(cudaMemcpyAsync(h_b, d_b, n * sizeof(float), cudaMemcpyDeviceToHost, nb));
	CHECK(cudaStreamSynchronize(nb));
	CHECK(cudaStreamQuery(nb));
	CHECK(cudaEventRecord(stop, 0));
	CHECK(cudaEventSynchronize(stop));
	CHECK(cudaEventQuery(stop));
	float ms = -1.0f;
	CHECK(cudaEventElapsedTime(&ms, start, stop));

	bool ok = ms >= 0.0f && ms <= FLT_MAX;	// a number, whatever the time taken
	for (int i = 0; i < n; i++) {
		float x = h_a[i];
		float want = (x * 0.5f + 1.0f) * x;
		if (h_b[i] != want) {
			printf("b[%d] = %f, want %f\n", i, h_b[i], want);
			ok = false;
			break;
		}
	}
	// Default-stream ordering: a synchronous copy after a launch sees it.
	poly<<<n / 256, 256>>>(d_b, n, 0.0f);
	CHECK(cudaMemcpy(h_a, d_b, n * sizeof(float), cudaMemcpyDeviceToHost));
	for (int i = 0; i < n && ok; i++)
		ok &= h_a[i] == h_b[i];

	for (int k = 0; k < NSTREAMS; k++)
		CHECK(cudaStreamDestroy(s[k]));
	CHECK(cudaStreamDestroy(nb));
	CHECK(cudaEventDestroy(start));
	CHECK(cudaEventDestroy(stop));
	CHECK(cudaEventDestroy(done_a));
	CHECK(cudaFree(d_a));
	CHECK(cudaFree(d_b));
	CHECK(cudaFreeHost(h_a));
	CHECK(cudaFreeHost(h_b));
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
