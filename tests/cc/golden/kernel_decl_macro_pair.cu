// Kernels declared two by one macro, each declaration whole, ';' and all,
// then defined below (a halo code's pack and unpack per face).  The parse
// makes every function __host__ __device__, and each kernel declaration is
// taken out of that (lib/cc/kernel_decls.c); a macro holding two
// declarations was not ("'device' and 'global' attributes are not
// compatible").  A use of a macro whose declarations are all kernels' is
// now taken out whole, the declarations staying as written; one whose
// macro also declares a helper is refused (whole/bad/kernel_macro_decl.cu).
#define HALO_PAIR(face) \
	__global__ void pack_##face(const double *field, double *buf, int n); \
	__global__ void unpack_##face(double *field, const double *buf, int n);

HALO_PAIR(left)

#define SCALE_PAIR(T) \
	template <typename T> __global__ void scale_up(T *a, T by, int n); ; \
	template <typename T> __global__ void scale_down(T *a, T by, int n);
SCALE_PAIR(Elem)

__global__ void pack_left(const double *field, double *buf, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		buf[i] = field[i];
}

__global__ void unpack_left(double *field, const double *buf, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		field[i] = buf[i];
}

template <typename T> __global__ void scale_up(T *a, T by, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] *= by;
}

template <typename T> __global__ void scale_down(T *a, T by, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] /= by;
}

void exchange(int n, double *field, double *buf, float *f)
{
	pack_left<<<1, 32>>>(field, buf, n);
	unpack_left<<<1, 32>>>(field, buf, n);
	scale_up<float><<<1, 32>>>(f, 2.0f, n);
	scale_down<float><<<1, 32>>>(f, 2.0f, n);
}

// MODEL: kernel pack_left: fission
// MODEL: kernel unpack_left: fission
// CXX: __idxgen_hd_off HALO_PAIR(left) __idxgen_hd_on
// CXX: __idxgen_hd_off SCALE_PAIR(Elem) __idxgen_hd_on
// CXX: static void pack_left__block(struct idxgen_rt_block *__b)
// CXX: __idxgenLaunchStub((const void *)&pack_left, &pack_left__kernel, __args);
// CXX: static void unpack_left__block(struct idxgen_rt_block *__b)
// CXX: __idxgenLaunchStub((const void *)&unpack_left, &unpack_left__kernel, __args);
