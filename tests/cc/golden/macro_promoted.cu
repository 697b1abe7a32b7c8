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
