// A program in the style of the official samples, with their helper-header
// habits (helper_style.h, our own): checkCudaErrors and getLastCudaError,
// findCudaDevice (-device=N, else the device with the most SM cores),
// checkCmdLineFlag/getCmdLineArgumentInt (-n=N), sdkFindFilePath for its
// input (written first into ./data/ of a fresh folder), and a stopwatch
// timer whose value is printed, never compared.  y = a x + b from the
// file's a and b, checked against the CPU's loop.
#include <cuda_runtime.h>
#include <cuda.h>

#include <sys/stat.h>

#include "helper_style.h"

__global__ void affine(const float *x, float *y, float a, float b, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + b;
}

// the input the sample reads: "a b" in data/affine.txt of a fresh folder dir, made the working one
static bool write_input(char *dir, float a, float b)
{
	if (!mkdtemp(dir) || chdir(dir) || mkdir("data", 0700))
		return false;
	FILE *f = fopen("data/affine.txt", "w");
	if (!f)
		return false;
	fprintf(f, "%g %g\n", a, b);
	return fclose(f) == 0;
}

int main(int argc, char **argv)
{
	printf("[%s] - Starting...\n", argv[0]);
	int n = checkCmdLineFlag(argc, (const char **)argv, "n") ? getCmdLineArgumentInt(argc, (const char **)argv, "n")
								  : 1 << 16;
	int dev = findCudaDevice(argc, (const char **)argv);
	char dir[] = "/tmp/sample_helpers.XXXXXX";
	if (!write_input(dir, 2.5f, -1.0f)) {
		printf("could not write the input\nFAIL\n");
		return 1;
	}
	char *path = sdkFindFilePath("affine.txt", argv[0]);
	float a = 0, b = 0;
	FILE *f = path ? fopen(path, "r") : NULL;
	if (!f || fscanf(f, "%f %f", &a, &b) != 2) {
		printf("input not found (%s)\nFAIL\n", path ? path : "no path");
		return 1;
	}
	fclose(f);
	bool missing = sdkFindFilePath("no_such_file.txt", argv[0]) == NULL;
	unlink("data/affine.txt");
	rmdir("data");
	if (chdir("/") == 0)
		rmdir(dir);
	printf("input %s: a = %g, b = %g, n = %d, device %d\n", path, a, b, n, dev);

	float *hx = (float *)malloc(n * sizeof(float)), *hy = (float *)malloc(n * sizeof(float));
	float *dx, *dy;
	for (int i = 0; i < n; i++)
		hx[i] = (float)(i % 1000) * 0.25f;
	checkCudaErrors(cudaMalloc((void **)&dx, n * sizeof(float)));
	checkCudaErrors(cudaMalloc((void **)&dy, n * sizeof(float)));
	checkCudaErrors(cudaMemcpy(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice));

	StopWatchInterface *timer = NULL;
	sdkCreateTimer(&timer);
	sdkStartTimer(&timer);
	affine<<<(n + 255) / 256, 256>>>(dx, dy, a, b, n);
	getLastCudaError("affine kernel execution failed");
	checkCudaErrors(cudaDeviceSynchronize());
	sdkStopTimer(&timer);
	printf("Processing time: %f (ms)\n", sdkGetTimerValue(&timer));
	sdkDeleteTimer(&timer);

	checkCudaErrors(cudaMemcpy(hy, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
	int wrong = 0;
	for (int i = 0; i < n; i++)
		wrong += hy[i] != a * hx[i] + b;
	checkCudaErrors(cudaFree(dx));
	checkCudaErrors(cudaFree(dy));
	free(hx);
	free(hy);
	free(path);
	printf("%d of %d wrong, a missing file not found: %s\n", wrong, n, missing ? "yes" : "no");
	bool ok = wrong == 0 && missing && a == 2.5f && b == -1.0f;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
