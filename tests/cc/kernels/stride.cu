/*
 * Grid- and block-stride loops (issue 40, lib/cc/stride.c): interchanged,
 * their rounds once per block with every thread's next iteration in each.
 * What each thread carries from one iteration to the next (its index, a
 * sum, a count) and what it leaves for the code after the loop must be
 * its own, whatever the rounds.
 */

/* while form, a local stride, threads that return first, a per-thread sum and count after it */
__global__ void stride_sum(const int *in, int *sum, int *iters, int n, int active)
{
	int gid = blockIdx.x * blockDim.x + threadIdx.x;
	int stride = blockDim.x * gridDim.x;
	int i = gid, acc = 0, k = 0;

	if (threadIdx.x >= (unsigned)active)
		return;
	while (i < n) {
		acc += in[i] * (k + 1);
		k++;
		i += stride;
	}
	sum[gid] = acc;
	iters[gid] = k;
}

/* for form, the loop's own index; float a * x + y, element by element */
__global__ void stride_axpy(float a, const float *x, float *y, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		y[i] = a * x[i] + y[i];
}

/* a block-stride loop over rows with an inner loop over columns, then a barrier and a block total */
__global__ void stride_rows(const float *m, float *rowsum, float *total, int rows, int cols)
{
	__shared__ float part[256];
	float mine = 0.0f;

	for (int r = blockIdx.x * blockDim.x + threadIdx.x; r < rows; r += blockDim.x * gridDim.x) {
		float s = 0.0f;

		for (int c = 0; c < cols; c++)
			s += m[r * cols + c];
		rowsum[r] = s;
		mine += s;
	}
	part[threadIdx.x] = mine;
	__syncthreads();
	if (threadIdx.x == 0) {
		float t = 0.0f;

		for (unsigned j = 0; j < blockDim.x; j++)
			t += part[j];
		total[blockIdx.x] = t;
	}
}

/* trip counts far apart (thread t starts at 7 t): the rounds go on while any thread has an iteration left */
__global__ void stride_skew(const int *in, int *out, int n)
{
	int acc = 0;

	for (int i = 7 * threadIdx.x; i < n; i += blockDim.x)
		acc += in[i];
	out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
