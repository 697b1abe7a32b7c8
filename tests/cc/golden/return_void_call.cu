// `return f(...);` in a void kernel, f a void __device__ function (the CUDA
// Handbook's AddKernel hands on to a template's instantiation so): the call
// runs, then the thread leaves.  Loop fission wrote the jump to the next
// thread alone and dropped the call; an `if (c) return f();` at the top was
// taken for a guard's bare exit, and the last return of an `if` block was
// left out with the call in it.
template <int U>
__device__ void add_n(int *out, const int *in, int n)
{
	for (int i = U * (blockIdx.x * blockDim.x + threadIdx.x); i < n; i += U * blockDim.x * gridDim.x)
		out[i] = in[i] + U;
}

__device__ void mark(int *flags, int i) { flags[i] = -1; }

__global__ void add_switch(int *out, const int *in, int n, int unroll)
{
	switch (unroll) {
	case 1: return add_n<1>(out, in, n);
	case 2: return add_n<2>(out, in, n);
	}
}

__global__ void add_guard(int *out, const int *in, int n, int *flags)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return mark(flags, i);
	out[i] = in[i] + 2;
}

__global__ void add_odd(int *out, const int *in, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n && (i & 1)) {
		out[i] = in[i];
		return mark(out, i);
	}
	if (i < n)
		out[i] = in[i] * 3;
}

int main()
{
	return 0;
}

// CXX: case 1: do { add_n<1>(out, in, n); goto __next_thread_0l; } while (0);
// CXX-NEXT: case 2: do { add_n<2>(out, in, n); goto __next_thread_0l; } while (0);
// CXX: case 1: do { add_n<1>(out, in, n); goto __next_thread_0; } while (0);
// CXX: if (i >= n) {
// CXX-NEXT: mark(flags, i);
// CXX-NEXT: } else {
// CXX-NEXT: out[i] = in[i] + 2;
// CXX: if (i < n && (i & 1)) {
// CXX-NEXT: out[i] = in[i];
// CXX-NEXT: mark(out, i);
// CXX-NEXT: } else {
