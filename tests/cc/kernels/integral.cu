/* Integral image in two passes: prefix sums along rows, then along columns.
 * One block per row (or column), blockDim.x threads stride over it; the
 * running carry between chunks is uniform (updated once per block). */
#define CHUNK 128

__global__ void integral_rows(const unsigned int *in, unsigned int *out, int w, int h)
{
	__shared__ unsigned int s[CHUNK];
	unsigned int carry = 0;
	int y = blockIdx.x;

	if (y >= h)
		return;
	for (int base = 0; base < w; base += CHUNK) {
		int t = threadIdx.x;

		s[t] = base + t < w ? in[y * w + base + t] : 0;
		__syncthreads();
		if (t == 0)
			for (int k = 1; k < CHUNK; k++)
				s[k] += s[k - 1];
		__syncthreads();
		if (base + t < w)
			out[y * w + base + t] = s[t] + carry;
		__syncthreads();
		carry += s[CHUNK - 1];
	}
}

__global__ void integral_cols(const unsigned int *in, unsigned int *out, int w, int h)
{
	__shared__ unsigned int s[CHUNK];
	unsigned int carry = 0;
	int x = blockIdx.x;

	for (int base = 0; base < h; base += CHUNK) {
		int t = threadIdx.x;

		s[t] = base + t < h ? in[(base + t) * w + x] : 0;
		__syncthreads();
		for (int off = 1; off < CHUNK; off *= 2) {
			unsigned int v = t >= off ? s[t - off] : 0;

			__syncthreads();
			s[t] += v;
			__syncthreads();
		}
		if (base + t < h)
			out[(base + t) * w + x] = s[t] + carry;
		carry += s[CHUNK - 1];
		__syncthreads();
	}
}
