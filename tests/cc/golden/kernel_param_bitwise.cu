// A kernel parameter whose class has a user-provided copy constructor or
// destructor is CUDA's bitwise argument: bound to an aligned byte copy of
// the launch's bytes, never copy-constructed or destroyed on the device
// (lib/cc/kernel_param_class.c).  Before, the block function wrote
// `Owner o = *(Owner *)__b->args[0];`: a copy per block and its destructor
// at the block's end (CUDA by Example's lock: a hang).  A trivially
// copyable struct and a scalar stay plain copies.
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

// CXX: alignas(Owner) unsigned char __idxgen_arg_o[sizeof(Owner)];
// CXX-NEXT: __builtin_memcpy(__idxgen_arg_o, __b->args[0], sizeof(Owner));
// CXX-NEXT: Owner &o = *reinterpret_cast<Owner *>(__idxgen_arg_o);
// CXX-NEXT: Plain s = *(Plain *)__b->args[1];
// CXX-NEXT: int k = *(int *)__b->args[2];
