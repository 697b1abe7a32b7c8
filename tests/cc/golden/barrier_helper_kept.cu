// Helpers with __syncthreads() that are not inlined (barrier_helper.cu):
// one called inside an expression, one also called from another __device__
// function.  They stay as written, undiagnosed, and their callers run as
// fibers (loop fission would run their barriers as no-ops).
__device__ int exchange(int *buf, int v)
{
	buf[threadIdx.x] = v;
	__syncthreads();
	int r = buf[(threadIdx.x + 1) % blockDim.x];
	__syncthreads();
	return r;
}

__device__ int exchange_twice(int *buf, int v)
{
	int a = exchange(buf, v);
	return exchange(buf, a);
}

__global__ void in_expression(int *out)
{
	__shared__ int buf[64];
	out[threadIdx.x] = 1 + exchange(buf, threadIdx.x);
}
// MODEL: kernel in_expression: fibers (calls 'exchange', which suspends the thread (a barrier, warp-level function or cooperative group in it))

__global__ void nested(int *out)
{
	__shared__ int buf[64];
	int v = exchange_twice(buf, threadIdx.x);
	out[threadIdx.x] = v;
}
// MODEL: kernel nested: fibers (calls 'exchange_twice', which suspends the thread (a barrier, warp-level function or cooperative group in it))

__device__ void store_pair(int *buf, int v)
{
	buf[threadIdx.x] = v;
	__syncthreads();
}

// a statement call, but the helper's other use (in_header) is not
__global__ void statement_call(int *out)
{
	__shared__ int buf[64];
	store_pair(buf, threadIdx.x);
	out[threadIdx.x] = buf[63 - threadIdx.x];
}
// MODEL: kernel statement_call: fibers (calls 'store_pair', which suspends the thread (a barrier, warp-level function or cooperative group in it))

// in a loop's header (an unbraced body, `if (n > 0) store_pair(buf, n);`,
// is a statement of its own and inlined: golden/warp_helper_unbraced.cu)
__global__ void in_header(int *out, int n)
{
	__shared__ int buf[64];
	for (store_pair(buf, n); n > 0; n--)
		out[threadIdx.x] += buf[threadIdx.x];
}
// MODEL: kernel in_header: fibers (calls 'store_pair', which suspends the thread (a barrier, warp-level function or cooperative group in it))

// __shared__ memory of a helper is one per block for all its calls (a
// second call may read what the first left: here the previous total), a
// copy per inlined call would not be: called twice in one kernel, it stays
__device__ int running_total(int v)
{
	__shared__ int total;
	if (threadIdx.x == 0)
		total += v;
	__syncthreads();
	int t = total;
	__syncthreads();
	return t;
}

__global__ void twice(int *out)
{
	int a = running_total(1);
	int b = running_total(2);
	out[threadIdx.x] = a + b;
}
// MODEL: kernel twice: fibers (calls 'running_total', which suspends the thread (a barrier, warp-level function or cooperative group in it))
