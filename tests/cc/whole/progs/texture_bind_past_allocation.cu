// A texture reference bound with a size larger than its allocation, as
// molecular-dynamics benchmarks of the CUDA 11 era do: the positions are
// float4 in single precision, yet the double-precision reference (int4
// pairs read back into doubles) is bound to the same array with
// nAtom * sizeof(double4) bytes.  CUDA accepts the bind (only
// maxTexture1DLinear bounds it); the kernel here reads the float4 texture
// and, through the int4 one, the elements that do lie in the allocation
// (their bits are the float4s'), plus one read past the bound size (CUDA:
// zero).  Reads between the allocation's end and the bound size are the
// program's business on a GPU; nothing here depends on them.  nvcc 13 no
// longer compiles texture references (CUDA 12 removed them): written
// against CUDA 11's API, as texture_references.cu.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CUDA_SAFE_CALL(call)                                                               \
	do {                                                                               \
		cudaError_t err = (call);                                                  \
		if (err != cudaSuccess) {                                                  \
			fprintf(stderr, "Cuda error in file '%s' in line %i : %s.\n", __FILE__, \
				__LINE__, cudaGetErrorString(err));                        \
			exit(EXIT_FAILURE);                                                \
		}                                                                          \
	} while (0)

texture<float4, 1, cudaReadModeElementType> posTexture;
texture<int4, 1, cudaReadModeElementType> posTexture_dp;

// Each atom's squared distance from the origin, positions through the texture.
__global__ void distSq(float *out, int nAtom)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < nAtom) {
		float4 p = tex1Dfetch(posTexture, i);
		out[i] = p.x * p.x + p.y * p.y + p.z * p.z;
	}
}

// The int4 view of the same bytes: element i holds float4 number i.
__global__ void rawBits(int4 *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = tex1Dfetch(posTexture_dp, i);
}

// One read past the bound size: CUDA returns zeros.
__global__ void pastBound(int4 *out, int bound)
{
	out[0] = tex1Dfetch(posTexture_dp, bound);
}

int main()
{
	const int nAtom = 256, block = 64;
	float4 *position, *d_position;
	float *d_dist, dist[nAtom];
	int4 *d_bits, bits[nAtom], past;
	int failed = 0;

	position = (float4 *)malloc(nAtom * sizeof(float4));
	srand(8650341);
	for (int i = 0; i < nAtom; i++) {
		position[i].x = (float)(rand() % 64) / 4.0f;	// exact squares and sums
		position[i].y = (float)(rand() % 64) / 4.0f;
		position[i].z = (float)(rand() % 64) / 4.0f;
		position[i].w = 0.0f;
	}
	CUDA_SAFE_CALL(cudaMalloc((void **)&d_position, nAtom * sizeof(float4)));
	CUDA_SAFE_CALL(cudaMalloc((void **)&d_dist, nAtom * sizeof(float)));
	CUDA_SAFE_CALL(cudaMalloc((void **)&d_bits, (nAtom + 1) * sizeof(int4)));
	CUDA_SAFE_CALL(cudaMemcpy(d_position, position, nAtom * sizeof(float4), cudaMemcpyHostToDevice));

	cudaChannelFormatDesc channelDesc = cudaCreateChannelDesc<float4>();
	CUDA_SAFE_CALL(cudaBindTexture(0, posTexture, d_position, channelDesc, nAtom * sizeof(float4)));
	cudaChannelFormatDesc channelDesc2 = cudaCreateChannelDesc<int4>();
	CUDA_SAFE_CALL(cudaBindTexture(0, posTexture_dp, d_position, channelDesc2, nAtom * sizeof(double4)));

	distSq<<<nAtom / block, block>>>(d_dist, nAtom);
	rawBits<<<nAtom / block, block>>>(d_bits, nAtom);
	pastBound<<<1, 1>>>(d_bits + nAtom, 2 * nAtom);
	CUDA_SAFE_CALL(cudaGetLastError());
	CUDA_SAFE_CALL(cudaMemcpy(dist, d_dist, sizeof(dist), cudaMemcpyDeviceToHost));
	CUDA_SAFE_CALL(cudaMemcpy(bits, d_bits, sizeof(bits), cudaMemcpyDeviceToHost));
	CUDA_SAFE_CALL(cudaMemcpy(&past, d_bits + nAtom, sizeof(past), cudaMemcpyDeviceToHost));

	for (int i = 0; i < nAtom; i++) {
		float4 p = position[i];
		float want = p.x * p.x + p.y * p.y + p.z * p.z;

		if (dist[i] != want) {
			if (failed++ < 5)
				printf("distSq[%d] = %g, expected %g\n", i, dist[i], want);
		}
		if (memcmp(&bits[i], &position[i], sizeof(int4)) != 0) {
			if (failed++ < 5)
				printf("rawBits[%d] differs from the float4's bits\n", i);
		}
	}
	if (past.x || past.y || past.z || past.w) {
		printf("a read past the bound size: %d %d %d %d, expected zeros\n", past.x, past.y, past.z,
		       past.w);
		failed++;
	}
	CUDA_SAFE_CALL(cudaUnbindTexture(posTexture));
	CUDA_SAFE_CALL(cudaUnbindTexture(posTexture_dp));
	CUDA_SAFE_CALL(cudaFree(d_position));
	CUDA_SAFE_CALL(cudaFree(d_dist));
	CUDA_SAFE_CALL(cudaFree(d_bits));
	free(position);
	printf("%d passed, %d failed\n", 2 * nAtom + 1 - failed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
