// A construction whose type a template leaves dependent (`T(0)`): libclang
// counts -1 arguments for it, and the vectorisation analysis (contig.c)
// once read that count as 2^32 - 1 and looked at that many arguments, about
// a minute of CPU per such expression (issue 40); golden.sh runs every
// translation under a CPU-time limit far above the normal cost.  The loop
// reads and writes contiguously, so it is still forced to vectorise.
template <typename T> __global__ void scale_clamp(const T *in, T *out, T lo)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T v = in[i] * T(2) + T(1);

	out[i] = v < lo ? T(0) : v + T(3) * T(4) - T(5);
}

void run(const float *in, float *out)
{
	scale_clamp<<<4, 64>>>(in, out, 0.5f);
}
// CXX-LABEL: scale_clamp__block(
// CXX: IDXGEN_CC_INDEPENDENT /* contiguous or uniform accesses: vectorised, no order */
// CXX-NEXT: for (uint32_t __tx = 0; __tx < __bdx; __tx++) {
