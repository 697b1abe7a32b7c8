// Kernels declared in pairs by one macro, each of its declarations whole,
// ';' and all, then defined further down: a halo code's pack and unpack
// kernels per face (`#define HALO_PAIR(face) __global__ void
// pack_##face(...); __global__ void unpack_##face(...);`), and a
// template's pair.  The translator's parse makes every function __host__
// __device__ and takes each kernel declaration out of that; a macro
// holding two declarations was not taken ("'device' and 'global'
// attributes are not compatible", exit 1).  Checked against host loops.
#include <cstdio>
#include <cuda_runtime.h>

#define HALO_PAIR(face)                                                         \
    __global__ void pack_##face(const double *field, double *buf, int n, int at); \
    __global__ void unpack_##face(double *field, const double *buf, int n, int at);

HALO_PAIR(left)
HALO_PAIR(right)

#define SCALE_PAIR(T)                                          \
    template <typename T> __global__ void scale_up(T *a, T by, int n); \
    template <typename T> __global__ void scale_down(T *a, T by, int n);

SCALE_PAIR(Elem)

__global__ void pack_left(const double *field, double *buf, int n, int at)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        buf[i] = field[at + i];
}

__global__ void unpack_left(double *field, const double *buf, int n, int at)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        field[at + i] = buf[i];
}

__global__ void pack_right(const double *field, double *buf, int n, int at)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        buf[i] = field[at - i];
}

__global__ void unpack_right(double *field, const double *buf, int n, int at)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        field[at - i] = buf[i];
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

int main()
{
    const int n = 500, depth = 9;
    static double h[n], ref[n];
    static float hf[n], reff[n];
    double *d_field, *d_buf;
    float *d_f;
    for (int i = 0; i < n; i++) {
        h[i] = ref[i] = 0.25 * i - 3.0;
        hf[i] = reff[i] = (float)(i % 13) + 0.5f;
    }
    cudaMalloc(&d_field, sizeof(h));
    cudaMalloc(&d_buf, depth * sizeof(double));
    cudaMalloc(&d_f, sizeof(hf));
    cudaMemcpy(d_field, h, sizeof(h), cudaMemcpyHostToDevice);
    cudaMemcpy(d_f, hf, sizeof(hf), cudaMemcpyHostToDevice);
    int passed = 0, failed = 0, bad = 0;

    // the first cells inside the left edge onto the right halo, and back mirrored
    pack_left<<<1, 32>>>(d_field, d_buf, depth, 2);
    unpack_right<<<1, 32>>>(d_field, d_buf, depth, n - 1);
    pack_right<<<1, 32>>>(d_field, d_buf, depth, n - 20);
    unpack_left<<<1, 32>>>(d_field, d_buf, depth, 30);
    cudaMemcpy(h, d_field, sizeof(h), cudaMemcpyDeviceToHost);
    static double buf[depth];
    for (int i = 0; i < depth; i++)
        buf[i] = ref[2 + i];
    for (int i = 0; i < depth; i++)
        ref[n - 1 - i] = buf[i];
    for (int i = 0; i < depth; i++)
        buf[i] = ref[n - 20 - i];
    for (int i = 0; i < depth; i++)
        ref[30 + i] = buf[i];
    for (int i = 0; i < n; i++)
        bad += h[i] != ref[i];
    printf("halo pairs: %d of %d cells wrong\n", bad, n);
    bad ? failed++ : passed++;

    scale_up<float><<<(n + 127) / 128, 128>>>(d_f, 4.0f, n);
    scale_down<float><<<(n + 63) / 64, 64>>>(d_f, 2.0f, n - 100);
    cudaMemcpy(hf, d_f, sizeof(hf), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        reff[i] *= 4.0f;
    for (int i = 0; i < n - 100; i++)
        reff[i] /= 2.0f;
    bad = 0;
    for (int i = 0; i < n; i++)
        bad += hf[i] != reff[i];
    printf("template pair: %d of %d wrong\n", bad, n);
    bad ? failed++ : passed++;

    cudaFree(d_field);
    cudaFree(d_buf);
    cudaFree(d_f);
    printf("%d passed, %d failed\n", passed, failed);
    printf("%s\n", failed ? "FAIL" : "PASS");
    return failed ? 1 : 0;
}
