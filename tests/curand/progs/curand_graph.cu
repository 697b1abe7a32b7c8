// cuRAND's host API inside a CUDA graph, in the style of public code: a
// generator bound to a stream, its uniform draw and a kernel that uses the
// numbers captured once into a graph, the graph launched twice.  As in CUDA,
// each launch draws fresh numbers (the generator's offset advances per
// launch): launch k must equal a second generator with the same seed called
// directly for the k-th time, passed through the same kernel.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <curand.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)
#define CURAND_CHECK(x) do { curandStatus_t s_ = (x); if (s_ != CURAND_STATUS_SUCCESS) { \
	printf("cuRAND error %d at %s:%d\n", (int)s_, __FILE__, __LINE__); return 1; } } while (0)

__global__ void to_range(const float *u, float *x, int n, float lo, float hi)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] = lo + (hi - lo) * u[i];
}

int main()
{
	const int n = 1 << 16, threads = 256, blocks = (n + threads - 1) / threads;
	float *d_u, *d_x, *d_ref, *got[2], *want[2];
	cudaStream_t stream;
	cudaGraph_t graph;
	cudaGraphExec_t exec;
	curandGenerator_t gen, ref;
	int bad = 0;

	for (int k = 0; k < 2; k++) {
		got[k] = new float[n];
		want[k] = new float[n];
	}
	CHECK(cudaStreamCreate(&stream));
	CHECK(cudaMalloc(&d_u, n * sizeof(float)));
	CHECK(cudaMalloc(&d_x, n * sizeof(float)));
	CHECK(cudaMalloc(&d_ref, n * sizeof(float)));
	CURAND_CHECK(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
	CURAND_CHECK(curandSetPseudoRandomGeneratorSeed(gen, 2024ULL));
	CURAND_CHECK(curandSetStream(gen, stream));
	CURAND_CHECK(curandCreateGenerator(&ref, CURAND_RNG_PSEUDO_DEFAULT));
	CURAND_CHECK(curandSetPseudoRandomGeneratorSeed(ref, 2024ULL));

	CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
	CURAND_CHECK(curandGenerateUniform(gen, d_u, n));
	to_range<<<blocks, threads, 0, stream>>>(d_u, d_x, n, -1.0f, 3.0f);
	CHECK(cudaStreamEndCapture(stream, &graph));
	CHECK(cudaGraphInstantiate(&exec, graph, 0));

	for (int k = 0; k < 2; k++) {
		CHECK(cudaGraphLaunch(exec, stream));
		CHECK(cudaStreamSynchronize(stream));
		CHECK(cudaMemcpy(got[k], d_x, n * sizeof(float), cudaMemcpyDeviceToHost));
		CURAND_CHECK(curandGenerateUniform(ref, d_ref, n));
		to_range<<<blocks, threads>>>(d_ref, d_ref, n, -1.0f, 3.0f);
		CHECK(cudaMemcpy(want[k], d_ref, n * sizeof(float), cudaMemcpyDeviceToHost));
		if (memcmp(got[k], want[k], n * sizeof(float)) != 0) {
			printf("launch %d: not the generator's draw %d\n", k + 1, k + 1);
			bad++;
		}
	}
	if (memcmp(got[0], got[1], n * sizeof(float)) == 0) {
		printf("the two launches drew the same numbers\n");
		bad++;
	}
	printf("launch 1: x[0] = %f, launch 2: x[0] = %f\n", got[0][0], got[1][0]);

	CHECK(cudaGraphExecDestroy(exec));
	CHECK(cudaGraphDestroy(graph));
	CURAND_CHECK(curandDestroyGenerator(gen));
	CURAND_CHECK(curandDestroyGenerator(ref));
	CHECK(cudaFree(d_u));
	CHECK(cudaFree(d_x));
	CHECK(cudaFree(d_ref));
	CHECK(cudaStreamDestroy(stream));
	for (int k = 0; k < 2; k++) {
		delete[] got[k];
		delete[] want[k];
	}
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
