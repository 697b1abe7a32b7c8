// expect: 17:12: error: 'i' is live into a later thread loop that an interchanged grid-stride loop starts (no barrier between) and is used inside a macro: not supported
// exec-model: fission
// A grid-stride loop whose index a macro's argument names, forced to loop
// fission.  No barrier is involved: the stride loop is interchanged (its
// rounds are a thread loop of their own), so its index is promoted, and a
// macro's text is copied as written, so loop fission could not rename it.
// Before the twenty-eighth session the refusal said "'i' lives across
// __syncthreads()", a barrier the kernel does not have
// (lib/cc/plan_vars.c, promoted_why()).  By default the kernel runs as
// fibers (golden/macro_promoted.cu).
#define SCALED(p, i) ((p)[i] * 2.0f)

__global__ void scale(const float *in, float *out, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
	     i += blockDim.x * gridDim.x)
		out[i] = SCALED(in, i);
}

int main(void)
{
	return 0;
}
