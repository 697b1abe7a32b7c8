// Device variables of a program built without -rdc=true (whole.c,
// per_file_linkage): nvcc compiles each .cu file on its own, its
// namespace-scope __device__, __constant__ and __managed__ variables that
// file's (the host shadow has internal linkage), so two .cu files that
// include a header defining one link (Altis kmeans: "multiple definition"
// before).  Each becomes static; an extern declaration with no definition
// in the file is, as nvcc takes it, a static definition (its warning 20044);
// one already static stays.  (A definition after an extern declaration of
// the same file, which nvcc rejects without -rdc as a redefinition, keeps
// its external linkage.)
// (-rdc=true keeps them all: device_var_rdc.cu.)
#include <cuda_runtime.h>

__constant__ float c_scale[4];
__device__ int d_a, d_b;
static __device__ int d_mine;
extern __device__ int d_elsewhere;
namespace ns {
__device__ float d_in_ns;
}

__global__ void use(float *out)
{
	out[threadIdx.x] = c_scale[threadIdx.x % 4] + d_a + d_b + d_mine + d_elsewhere + ns::d_in_ns;
}

// CXX: static __constant__ float c_scale[4];
// CXX-NEXT: static __device__ int d_a, d_b;
// CXX-NEXT: static __device__ int d_mine;
// CXX-NEXT: static __device__ int d_elsewhere;
// CXX-NEXT: namespace ns {
// CXX-NEXT: static __device__ float d_in_ns;
