// A header that defines device variables, included by both .cu files of
// the program (Altis kmeans's kmeansraw.h does so with its
// __constant__ centres).  nvcc without -rdc=true compiles each .cu on its
// own: each gets its copy.  idxgen-cc linked them as one global each:
// "multiple definition of `c_centers'".
#pragma once

#define NCENTERS 4

__constant__ float c_centers[NCENTERS];
__device__ int d_launches;

// which centre is nearest to each point, counting this file's launches
__device__ inline void nearest(const float *points, int *label, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i == 0)
		d_launches++;
	if (i >= n)
		return;
	int best = 0;
	for (int c = 1; c < NCENTERS; c++)
		if (fabsf(points[i] - c_centers[c]) < fabsf(points[i] - c_centers[best]))
			best = c;
	label[i] = best;
}

// the other .cu file's part: its own centres, its own launch count
int label_with_other_centres(const float *d_points, int *d_label, int n);
