// Kernels of a library built on its own (`nvcc -fatbin -o
// internal_kernels.fatbin internal_kernels.cu`, here `idxgen-cc -fatbin`)
// that a program finds by name although the file keeps them to itself:
// kernels in an anonymous namespace, which nvcc 13 names after a hash of
// the file, its name and its first external symbol (`nvcc -ptx`:
// _ZN51_GLOBAL__N__d8bb1de1_19_internal_kernels_cu_weights6squareEPfi),
// and __managed__ variables beside a plain __device__ one, for
// cuLibraryGetManaged, and variables of internal linkage for
// cuModuleGetGlobal.  internal_drv.cu loads it.

__managed__ unsigned int hits;                      // counted by every kernel's first thread
__managed__ float weights[3] = { 2.0f, 0.5f, -1.0f };
__device__ float bias = 0.25f;                      // a device variable, not a managed one

namespace {
__global__ void square(float *x, int n)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * x[i];
    if (i == 0)
        atomicAdd(&hits, 1u);
}

namespace detail {
__global__ void addBias(float *x, int n)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n)
        x[i] += bias;
    if (i == 0)
        atomicAdd(&hits, 1u);
}
} // namespace detail
} // namespace

namespace ops {
namespace {
__global__ void weigh(float *x, int n)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n)
        x[i] *= weights[i % 3];
    if (i == 0)
        atomicAdd(&hits, 1u);
}
} // namespace
} // namespace ops

// variables the file keeps to itself, which cuModuleGetGlobal still finds
// by the names nvcc gives them: a file-scope static by its plain name, one
// of a namespace or of an anonymous namespace after a part of nvcc's own
static __device__ int version = 3;
static __constant__ float scales[2] = { 1.5f, -2.0f };
namespace ops {
static __device__ int opsCounter = 11;
}
namespace {
__device__ int hidden = 42;
}

__global__ void readInternals(int *out)
{
    out[0] = version + ops::opsCounter + hidden + (int)scales[0];
}

// keeps the kernels referenced, as a file that also launches them would
void launchInternals(float *x, int n)
{
    square<<<(n + 127) / 128, 128>>>(x, n);
    detail::addBias<<<(n + 127) / 128, 128>>>(x, n);
    ops::weigh<<<(n + 127) / 128, 128>>>(x, n);
}
