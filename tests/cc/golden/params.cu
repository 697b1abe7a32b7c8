// Parameters are unpacked from the argument array in order; an unused one
// gets a (void) cast; blockIdx, blockDim and gridDim are locals only where used.
__global__ void params(float *out, const float *in, int n, double unused)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = in[i] * gridDim.x;
}

__global__ void noargs(void)
{
}
// CHECK-LABEL: static void params__block(struct idxgen_rt_block *__b)
// CHECK-NEXT: {
// CHECK-NEXT: const dim3 blockIdx = { __b->block_idx[0], __b->block_idx[1], __b->block_idx[2] };
// CHECK-NEXT: const dim3 blockDim = { __b->block_dim[0], __b->block_dim[1], __b->block_dim[2] };
// CHECK-NEXT: const dim3 gridDim = { __b->grid_dim[0], __b->grid_dim[1], __b->grid_dim[2] };
// CHECK-NEXT: float * out = *(float * *)__b->args[0];
// CHECK-NEXT: const float * in = *(const float * *)__b->args[1];
// CHECK-NEXT: int n = *(int *)__b->args[2];
// CHECK-NEXT: double unused = *(double *)__b->args[3];
// CHECK-NEXT: (void)unused;
// CHECK: int i = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK: static const size_t params__arg_sizes[] = { sizeof(float *), sizeof(const float *), sizeof(int), sizeof(double) };
// CHECK: .nargs = 4,
// a kernel without arguments or statements: no thread loop at all
// (regression, issue 21: __b was an unused parameter under -Wextra)
// CHECK-LABEL: static void noargs__block(struct idxgen_rt_block *__b)
// CHECK-NEXT: {
// CHECK-NEXT: (void)__b; /* no thread loop */
// CHECK-NEXT: }
// CHECK: static const size_t noargs__arg_sizes[] = { 0 };
// CHECK: .nargs = 0,
