// tests/cc/whole.sh builds this as it is (no -I): see inc/dyn_shared_mem.h.
#include <cstdio>
#include <cuda_runtime.h>

#include "../inc/dyn_shared_mem.h"

// a block sum through the typed view of the launch's dynamic shared memory
template <typename T> __global__ void block_sums(const T *in, T *out)
{
    DynShared<T> sh;
    sh[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s)
            sh.ptr()[threadIdx.x] += sh[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = sh[0];
}

template <typename T> static int run(const char *name)
{
    const int blocks = 4, threads = 128;
    T *in, *out;
    int bad = 0;

    cudaMallocManaged(&in, blocks * threads * sizeof(T));
    cudaMallocManaged(&out, blocks * sizeof(T));
    for (int i = 0; i < blocks * threads; i++)
        in[i] = (T)(i % threads + 1000 * (i / threads));
    block_sums<T><<<blocks, threads, threads * sizeof(T)>>>(in, out);
    cudaDeviceSynchronize();
    for (int b = 0; b < blocks; b++) {
        T want = (T)(threads * (threads - 1) / 2 + 1000 * b * threads);
        if (out[b] != want && bad++ < 4)
            printf("%s: block %d sum %g, expected %g\n", name, b, (double)out[b], (double)want);
    }
    printf("%s: sums %g %g %g %g\n", name, (double)out[0], (double)out[1], (double)out[2], (double)out[3]);
    cudaFree(in);
    cudaFree(out);
    return bad;
}

int main()
{
    int bad = run<float>("float") + run<double>("double") + run<int>("int");
    printf("%s\n", bad ? "FAILED" : "PASS");
    return bad != 0;
}
