// Host code with OpenMP beside a kernel, built with -Xcompiler -fopenmp as
// nvcc users build it: omp.h, a parallel loop, the runtime's calls.
#include <cstdio>
#include <omp.h>

__global__ void square(float *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = a[i] * a[i];
}

int main()
{
	const int n = 1000;
	float *a;
	cudaMallocManaged(&a, n * sizeof(float));
#pragma omp parallel for
	for (int i = 0; i < n; i++)
		a[i] = (float)i;
	square<<<(n + 127) / 128, 128>>>(a, n);
	cudaDeviceSynchronize();
	double sum = 0;
#pragma omp parallel for reduction(+ : sum)
	for (int i = 0; i < n; i++)
		sum += a[i];
	bool ok = omp_get_max_threads() >= 1 && sum == 332833500.0;
	cudaFree(a);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
