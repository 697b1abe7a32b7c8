// FLAGS: --exec-model=fibers
// As fibers, a kernel parameter CUDA copies bitwise (its class has a
// user-provided copy constructor or destructor; lib/cc/kernel_param_class.c)
// is declared a reference in the fiber copy of the kernel, and the entry
// binds it to the thread's own byte copy of the launch's bytes: no copy
// constructor or destructor per thread (before: the entry's by-value call
// copied it and destroyed the copy in every thread).  The kernel as the
// host sees it keeps its signature; a trivially copyable struct and a
// scalar are passed as before.
struct Owner {
	int *p;
	__host__ __device__ ~Owner() {}
};

struct Plain {
	int *q;
	int n;
};

__global__ void use(Owner o, Plain s, int k)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < s.n)
		s.q[i] = o.p[i] + k;
}

int main()
{
	return 0;
}

// CXX: __global__ void use(Owner &o, Plain s, int k)
// CXX: __idxgen_fiber_use::use(__idxgen_cc_bitwise_arg<Owner>(__b->args[0]).__get(), *(Plain *)__b->args[1], *(int *)__b->args[2]);
// CXX: __global__ void use(Owner o, Plain s, int k)
