// Kernels of a program that loads them as a library (cuLibraryLoad*,
// cudaLibraryLoad*) and through the JIT linker (cuLink*), built on their
// own: `nvcc -fatbin -o library_kernels.fatbin library_kernels.cu` and
// `nvcc -ptx`, here `idxgen-cc -fatbin` and `idxgen-cc -ptx`.  Two of them
// have internal linkage: CUDA finds those by the names nvcc gives them
// (_Z11scaleStaticPffi, _ZN3ops12offsetStaticEPffi), as library_drv.cu
// asks for them.

__device__ float table[4] = { 1.0f, 2.0f, 3.0f, 4.0f };
__device__ unsigned int launches;

// C linkage: found by its plain name
extern "C" __global__ void addTable(float *x, int n)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n)
        x[i] += table[i % 4];
    if (i == 0)
        atomicAdd(&launches, 1u);
}

// internal linkage: not exported, yet CUDA's loader finds it by name
static __global__ void scaleStatic(float *x, float s, int n)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n)
        x[i] *= s;
}

namespace ops {
static __global__ void offsetStatic(float *x, float d, int n)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n)
        x[i] += d;
}
} // namespace ops

// keeps the static kernels referenced, as a file that also launches them would
void launchStatics(float *x, int n)
{
    scaleStatic<<<(n + 127) / 128, 128>>>(x, 2.0f, n);
    ops::offsetStatic<<<(n + 127) / 128, 128>>>(x, 1.0f, n);
}
