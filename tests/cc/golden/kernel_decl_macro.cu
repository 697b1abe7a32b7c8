// A kernel declared through a macro whose body is the whole declaration,
// its ';' included (TeaLeaf_CUDA's CUDA_PACK_KERNEL_FUNC_DEF), and defined
// below.  The parse makes every function __host__ __device__, and each
// kernel declaration is taken out of that (lib/cc/kernel_decls.c); such a
// use, with no ';' of its own, was not: "'device' and 'global' attributes
// are not compatible".  The declarations stay as written.
#define PACK_KERNEL_DEF(_name_) \
	__global__ void _name_ \
	(int n, double * __restrict field, double * __restrict buffer);

PACK_KERNEL_DEF(pack_left)
PACK_KERNEL_DEF(unpack_left)

__global__ void pack_left(int n, double * __restrict field, double * __restrict buffer)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		buffer[i] = field[i];
}

__global__ void unpack_left(int n, double * __restrict field, double * __restrict buffer)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		field[i] = buffer[i];
}

void exchange(int n, double *field, double *buffer)
{
	pack_left<<<1, 32>>>(n, field, buffer);
	unpack_left<<<1, 32>>>(n, field, buffer);
}

// MODEL: kernel pack_left: fission
// MODEL: kernel unpack_left: fission
// CXX: PACK_KERNEL_DEF(pack_left)
// CXX-NEXT: PACK_KERNEL_DEF(unpack_left)
// CXX: static void pack_left__block(struct idxgen_rt_block *__b)
// CXX: __idxgenLaunchStub((const void *)&pack_left, &pack_left__kernel, __args);
// CXX: static void unpack_left__block(struct idxgen_rt_block *__b)
// CXX: __idxgenLaunchStub((const void *)&unpack_left, &unpack_left__kernel, __args);
