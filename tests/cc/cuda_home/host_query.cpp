// Host code that calls the runtime API and is compiled by the host compiler,
// not nvcc (g++ -I$(CUDA_DIR)/include, as SHOC's main.cpp and many .cpp
// files of public programs are): the CUDA folder's include/ must hold what
// cuda_runtime.h includes.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>

int main()
{
	int count = 0;
	int host[4] = { 1, 2, 3, 4 }, back[4] = { 0, 0, 0, 0 };
	int *dev = NULL;

	if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1 || cudaMalloc((void **)&dev, sizeof(host)) != cudaSuccess) {
		printf("FAIL\n");
		return 1;
	}
	cudaMemcpy(dev, host, sizeof(host), cudaMemcpyHostToDevice);
	cudaMemcpy(back, dev, sizeof(back), cudaMemcpyDeviceToHost);
	cudaFree(dev);
	printf("%d device(s), copied back %d %d %d %d\n", count, back[0], back[1], back[2], back[3]);
	printf("%s\n", back[3] == 4 && back[0] == 1 ? "PASS" : "FAIL");
	return 0;
}
