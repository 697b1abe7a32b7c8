// Kernels of a driver-API program, built on their own into a module
// (`nvcc -fatbin -o vectorOps_kernel64.fatbin vectorOps_kernel.cu`, here
// `idxgen-cc -fatbin ...`) that module_drv.cu loads at run time, as the
// official samples vectorAddDrv and matrixMulDrv load theirs.

#define BLOCK 128

__constant__ float coefficients[4];
__device__ unsigned int blocksDone;
__device__ float bias = 0.5f;

// C linkage: found by its plain name
extern "C" __global__ void VecAdd_kernel(const float *A, const float *B, float *C, int N)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < N)
        C[i] = coefficients[0] * A[i] + coefficients[1] * B[i] + bias;
}

// the host program defines a kernel of this name too: its own code must
// not stand in for this one (nor this one for its)
extern "C" __global__ void scaleVec(float *x, float s, int n)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * s + 1.0f;
}

// a block-wide reduction through shared memory and barriers
extern "C" __global__ void blockSum(const float *in, float *out, int n)
{
    __shared__ float partial[BLOCK];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    partial[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            partial[threadIdx.x] += partial[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) {
        out[blockIdx.x] = partial[0];
        atomicAdd(&blocksDone, 1u);
    }
}

// C++ linkage: found by its mangled name, as CUDA's loader finds it
namespace ops {
template <typename T> __global__ void fill(T *p, T v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] = v + (T)i;
}
template __global__ void fill<int>(int *, int, int);
template __global__ void fill<double>(double *, double, int);
}

__global__ void squares(int *p, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        p[i] = i * i;
}
