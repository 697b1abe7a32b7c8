// A three-point stencil, in its own header with its neighbours.
#pragma once
#include "coeffs.h"
#include "../include_sibling_grid.h"

__global__ void stencil3(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float l = i > 0 ? in[i - 1] : 0.0f, r = i < n - 1 ? in[i + 1] : 0.0f;
	out[i] = w_side * l + w_mid * in[i] + w_side * r;
}
