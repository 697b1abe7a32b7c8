// The legacy calls that have no v2 counterpart, declared by hand as code
// that does not include cublas.h declares them, and as autoconf's
// AC_CHECK_LIB([cublas], [cublasInit]) links its probe (SHOC's configure):
// they are symbols of the library, not only names cublas.h renames.
#include <cuda_runtime.h>
#include <cstdio>

extern "C" int cublasInit(void);
extern "C" int cublasShutdown(void);
extern "C" int cublasGetError(void);
extern "C" int cublasAlloc(int n, int elemSize, void **devicePtr);
extern "C" int cublasFree(void *devicePtr);
extern "C" int cublasSetKernelStream(cudaStream_t stream);

static int failures;

static void expect(bool ok, const char *what)
{
	if (!ok) {
		printf("FAILED: %s\n", what);
		failures++;
	}
}

int main()
{
	float host[16], back[16];
	void *dev = NULL;
	cudaStream_t stream;

	for (int i = 0; i < 16; i++)
		host[i] = (float)(i * 3);
	expect(cublasInit() == 0, "cublasInit returns CUBLAS_STATUS_SUCCESS");
	expect(cublasAlloc(16, (int)sizeof(float), &dev) == 0 && dev, "cublasAlloc");
	expect(cublasAlloc(0, 4, &dev) != 0, "cublasAlloc of 0 elements is an error");
	cudaStreamCreate(&stream);
	expect(cublasSetKernelStream(stream) == 0, "cublasSetKernelStream");
	cudaMemcpy(dev, host, sizeof(host), cudaMemcpyHostToDevice);
	cudaMemcpy(back, dev, sizeof(back), cudaMemcpyDeviceToHost);
	expect(back[15] == 45.0f && back[1] == 3.0f, "the memory cublasAlloc gave holds what was copied");
	expect(cublasFree(dev) == 0, "cublasFree");
	expect(cublasGetError() == 0, "cublasGetError: no error kept");
	expect(cublasShutdown() == 0, "cublasShutdown");
	expect(cublasShutdown() != 0, "a second cublasShutdown: not initialized");
	cudaStreamDestroy(stream);
	printf("%d check(s) failed\n", failures);
	if (!failures)
		printf("PASSED\n");
	return failures != 0;
}
