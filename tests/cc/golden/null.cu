// Regression (issue 21): NULL was "GNUNullExpr is outside the subset" (with a
// header that defines it) or undeclared (without).
__global__ void opt_null(float *d, const float *opt)
{
	if (opt != NULL)
		d[threadIdx.x] = opt[threadIdx.x];
}
// CHECK-LABEL: static void opt_null__block(
// CHECK: if (opt != NULL)
