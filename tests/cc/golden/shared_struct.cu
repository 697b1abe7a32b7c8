// Regression (issue 21): a __shared__ array of a plain struct was reported
// as "cannot have an initializer" (C++'s implicit default construction);
// a local struct variable, live across a barrier, is promoted.
struct pt {
	float x, y;
};

__global__ void shared_struct(struct pt *p)
{
	__shared__ struct pt s[64];
	struct pt q;

	q = p[threadIdx.x];
	s[threadIdx.x] = q;
	__syncthreads();
	p[threadIdx.x].x = s[63 - threadIdx.x].x + q.y;
}
// CHECK-LABEL: static void shared_struct__block(
// CHECK: struct pt *const q_ = IDXGEN_RT_PRIV(__b, struct pt, 0); /* per-thread 'q' */
// CHECK: __shared__ struct pt s[64];
// the declaration of q moved away entirely
// CHECK-NOT: struct pt q
// CHECK: q_[__t] = p[threadIdx.x];
// CHECK: p[threadIdx.x].x = s[(int32_t)(63 - threadIdx.x)].x + q_[__t].y;
