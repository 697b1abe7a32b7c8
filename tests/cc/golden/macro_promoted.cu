// A variable that lives across __syncthreads() and is named in a macro's
// argument (Rodinia lavaMD's `DOT(rA_shared[wtx], rB_shared[j])`) or in its
// body: the macro's text is copied as written, so loop fission would leave
// the name unrenamed (C++ that did not compile); the kernel runs as fibers.
#define DOT(a, b) ((a) * (b))
#define AT_J s[j & 63]

__global__ void dot_arg(const float *in, float *out)
{
	__shared__ float s[64];
	int t = threadIdx.x, j = 0;

	while (j < t)
		j += 2;
	s[t] = in[t];
	__syncthreads();
	out[t] = DOT(s[t], s[j & 63]);
}
// MODEL: kernel dot_arg: fibers (loop fission cannot run it: 'j' lives across __syncthreads() and is used inside a macro: not supported)

__global__ void dot_body(const float *in, float *out)
{
	__shared__ float s[64];
	int t = threadIdx.x, j = 0;

	while (j < t)
		j += 2;
	s[t] = in[t];
	__syncthreads();
	out[t] = s[t] + AT_J;
}
// MODEL: kernel dot_body: fibers (loop fission cannot run it: 'j' lives across __syncthreads() and is used inside a macro: not supported)

// No barrier at all: the grid-stride loop is interchanged (its rounds a
// thread loop of their own), so its index, set in the thread loop before it,
// is promoted.  Loop fission said "'i' lives across __syncthreads()" before
// the twenty-eighth session; the reason is the stride loop, and the message
// says so (tests/cc/whole/bad/macro_promoted_stride_fission.cu forced).
#define AT(a, i) ((a)[(i)&63])

__global__ void stride_at(const float *in, float *out, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		out[i] = AT(in, i) * 2.0f;
}
// MODEL: kernel stride_at: fibers (loop fission cannot run it: 'i' is live into a later thread loop that an interchanged grid-stride loop starts (no barrier between) and is used inside a macro: not supported)
