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

/*
 * Round r's index computed (stride.c, stride_index): i <= U written U >= i,
 * a stride times a parameter so that a bound near INT_MAX is reached in a
 * few rounds (the per-thread rounds then: i + stride could leave int in
 * the computed form's arithmetic), a count per thread.
 */
__global__ void stride_le(int *cnt, int last, int mul)
{
	int k = 0;

	for (int i = blockIdx.x * blockDim.x + threadIdx.x; last >= i; i += blockDim.x * gridDim.x * mul)
		k++;
	cnt[blockIdx.x * blockDim.x + threadIdx.x] = k;
}

/* the index on threadIdx.y: each round a range of rows, every column */
__global__ void stride_y(const int *in, int *out, int n)
{
	int acc = 0;

	for (int j = threadIdx.y; j < n; j += blockDim.y)
		acc += in[j] * (int)(threadIdx.x + 1);
	out[(blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x] = acc;
}

/* a uniform loop with a barrier runs the stride loop twice: the second time from where the first ended */
__global__ void stride_again(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, acc = 0;

	for (int r = 0; r < 2; r++) {
		while (i < n) {
			acc += in[i] * (r + 1);
			i += blockDim.x * gridDim.x;
		}
		__syncthreads();
	}
	out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

/* a size_t index and bound (an unsigned 64-bit comparison): computed while the bound is below INT64_MAX */
__global__ void stride_size(const float *x, float *y, size_t n)
{
	for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		y[i] = 2.0f * x[i] + 1.0f;
}
