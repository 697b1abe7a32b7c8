// Loop fission renames the per-thread variables in the arguments of
// overloaded operator calls on class parameters: operator[] and
// operator()'s callee spans the brackets around the arguments, and was
// copied as raw text (`in[i]` kept `i`, which the thread loop declares as
// `i_[__t]`: C++ that did not compile).  The operator's punctuation is
// copied, its arguments emitted in turn (whole/progs/accessor_operators.cu
// runs it).
// FLAGS: --exec-model=fission
struct View {
	float *p;
	__device__ float &operator[](int k) { return p[k]; }
};

struct Grid {
	float *p;
	int w;
	__device__ float &operator()(int r, int c) { return p[r * w + c]; }
};

__global__ void pass(View in, View out, Grid g)
{
	__shared__ float s[64];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	s[threadIdx.x] = in[i] + g(i, threadIdx.x);
	__syncthreads();
	out[i] = s[63 - threadIdx.x] + in[i];
}

int main()
{
	return 0;
}

// MODEL: kernel pass: fission
// CXX: s[threadIdx.x] = in[i_[__t]] + g(i_[__t], threadIdx.x);
// CXX: out[i_[__t]] = s[{{.*}}63 - threadIdx.x{{.*}}] + in[i_[__t]];
