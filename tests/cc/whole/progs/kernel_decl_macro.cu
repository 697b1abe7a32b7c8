// Kernels declared through macros whose bodies are whole declarations, the
// ';' included, then defined further down, in the style of TeaLeaf_CUDA's
// cuda_common.hpp (`#define CUDA_PACK_KERNEL_FUNC_DEF(_name_) __global__
// void _name_ (kernel_info_t kernel_info, ...);` and one use a kernel).
// The translator's parse makes every function __host__ __device__ and takes
// each kernel declaration out of that; a use of such a macro was not found
// as one ("'device' and 'global' attributes are not compatible", exit 1).
// Checked against the host's own loops.
#include <cstdio>
#include <cuda_runtime.h>

struct halo_info_t {
    int x_min, x_max, depth;
};

#define HALO_KERNEL_DEF(_name_) \
    __global__ void _name_      \
    (halo_info_t info,          \
     double * __restrict field, \
     double * __restrict buffer);

HALO_KERNEL_DEF(pack_left)
HALO_KERNEL_DEF(unpack_left)

#define SCALE_KERNEL_DECL __global__ void scale_field(double *field, double by, int n);
SCALE_KERNEL_DECL

// copy the first depth cells of the field into the buffer, and back
__global__ void pack_left(halo_info_t info, double * __restrict field, double * __restrict buffer)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < info.depth)
        buffer[i] = field[info.x_min + i];
}

__global__ void unpack_left(halo_info_t info, double * __restrict field, double * __restrict buffer)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < info.depth)
        field[info.x_max - info.depth + i] = buffer[i];
}

__global__ void scale_field(double *field, double by, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        field[i] *= by;
}

int main()
{
    const int n = 300, depth = 7;
    halo_info_t info = { 3, n - 1, depth };
    static double h_field[n], ref[n];
    double *d_field, *d_buffer;
    for (int i = 0; i < n; i++)
        h_field[i] = ref[i] = 0.5 * i;
    cudaMalloc(&d_field, sizeof(h_field));
    cudaMalloc(&d_buffer, depth * sizeof(double));
    cudaMemcpy(d_field, h_field, sizeof(h_field), cudaMemcpyHostToDevice);

    pack_left<<<1, 32>>>(info, d_field, d_buffer);
    unpack_left<<<1, 32>>>(info, d_field, d_buffer);
    scale_field<<<(n + 127) / 128, 128>>>(d_field, 2.0, n);
    cudaMemcpy(h_field, d_field, sizeof(h_field), cudaMemcpyDeviceToHost);

    for (int i = 0; i < depth; i++)
        ref[info.x_max - depth + i] = ref[info.x_min + i];
    for (int i = 0; i < n; i++)
        ref[i] *= 2.0;
    int passed = 0, failed = 0, bad = 0;
    for (int i = 0; i < n; i++)
        bad += h_field[i] != ref[i];
    printf("halo exchange and scale: %d of %d cells wrong\n", bad, n);
    bad ? failed++ : passed++;
    cudaFree(d_field);
    cudaFree(d_buffer);
    printf("%d passed, %d failed\n", passed, failed);
    printf("%s\n", failed ? "FAIL" : "PASS");
    return failed ? 1 : 0;
}
