// Two .cu files that include one header defining a __constant__ array and a
// __device__ counter (constant_header/centers.h), built without -rdc=true:
// as nvcc builds them, each file has its copies, so this file's kernel
// sees this file's centres after the other file wrote its own, and each
// file counts its own launches.  Checked against labels computed on the host.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>
#include "centers.h"

__global__ void label_main(const float *points, int *label, int n)
{
	nearest(points, label, n);
}

static int host_label(float p, const float *centres)
{
	int best = 0;

	for (int c = 1; c < NCENTERS; c++)
		if (std::fabs(p - centres[c]) < std::fabs(p - centres[best]))
			best = c;
	return best;
}

int main()
{
	const int n = 1000;
	const float mine[NCENTERS] = { 0.0f, 10.0f, 20.0f, 30.0f };
	const float other[NCENTERS] = { 100.0f, 200.0f, 300.0f, 400.0f };
	static float points[n];
	static int label[n];
	float *d_points;
	int *d_label, passed = 0, failed = 0, bad = 0, launches = 0;

	for (int i = 0; i < n; i++)
		points[i] = (float)((i * 37) % 450);
	cudaMalloc(&d_points, sizeof(points));
	cudaMalloc(&d_label, sizeof(label));
	cudaMemcpy(d_points, points, sizeof(points), cudaMemcpyHostToDevice);
	cudaMemcpyToSymbol(c_centers, mine, sizeof(mine));

	int other_launches = label_with_other_centres(d_points, d_label, n);
	cudaMemcpy(label, d_label, sizeof(label), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		bad += label[i] != host_label(points[i], other);
	printf("the other file's centres: %d of %d labels wrong\n", bad, n);
	bad ? failed++ : passed++;

	label_main<<<(n + 63) / 64, 64>>>(d_points, d_label, n);
	cudaMemcpy(label, d_label, sizeof(label), cudaMemcpyDeviceToHost);
	bad = 0;
	for (int i = 0; i < n; i++)
		bad += label[i] != host_label(points[i], mine);
	printf("this file's centres after the other file set its own: %d of %d labels wrong\n", bad, n);
	bad ? failed++ : passed++;

	cudaMemcpyFromSymbol(&launches, d_launches, sizeof(int));
	printf("launches counted: %d here, %d in the other file\n", launches, other_launches);
	(launches == 1 && other_launches == 2) ? passed++ : failed++;

	cudaFree(d_points);
	cudaFree(d_label);
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? 1 : 0;
}
