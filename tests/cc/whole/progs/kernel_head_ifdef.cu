// Kernels whose heads a preprocessor conditional chooses, in the style of
// GPGPU-Sim's ispass2009 RAY (rayTracing_kernel.cu): `#ifdef DEBUG_RT_CUDA`
// picks a head with debug buffers, `#else` the plain one, `#endif` before the
// body.  A kernel that runs as fibers keeps its text, directives and all,
// and its host stub copied the head again, `#endif` too: "#endif without #if"
// (exit 2, internal error); a template kernel's copies of its head did the
// same under loop fission (a link error).  shade and scale wait at a barrier
// only some threads reach, so that they run as fibers under auto; offset has
// none.  Build with -DDEBUG_SHADE for the other branches.  Checked against
// host loops.
#include <cstdio>
#include <cuda_runtime.h>

#define TILE 64

// a head chosen whole, as RAY's render
#ifdef DEBUG_SHADE
__global__ void shade(int *debug_hits, float *out, const float *in, int n)
#else
__global__ void shade(float *out, const float *in, int n)
#endif
{
    __shared__ float tile[TILE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x < TILE) {
        tile[threadIdx.x] = i < n ? in[i] : 0.0f;
        __syncthreads();	// reached by the first TILE threads only (all of them here)
        if (i < n)
            out[i] = tile[threadIdx.x] + tile[(threadIdx.x + 1) % TILE];
#ifdef DEBUG_SHADE
        if (i < n)
            atomicAdd(debug_hits, 1);
#endif
    }
}

// a conditional inside the parameter list, and a template kernel
template <typename T>
__global__ void scale(T *out,
#if defined(DEBUG_SHADE)
                      int *debug_hits,
#else
                      const T *in,
#endif
                      T by, int n)
{
    __shared__ T tile[TILE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x < TILE) {
#ifdef DEBUG_SHADE
        tile[threadIdx.x] = i < n ? out[i] : T(0);
#else
        tile[threadIdx.x] = i < n ? in[i] : T(0);
#endif
        __syncthreads();
        if (i < n)
            out[i] = tile[TILE - 1 - threadIdx.x] * by;
#ifdef DEBUG_SHADE
        if (i < n)
            atomicAdd(debug_hits, 1);
#endif
    }
}

// a template whose whole head is chosen, with no barrier: loop fission under auto
#ifdef DEBUG_SHADE
template <typename T> __global__ void offset(int *debug_hits, T *out, T by, int n)
#else
template <typename T> __global__ void offset(T *out, T by, int n)
#endif
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] += by;
#ifdef DEBUG_SHADE
    if (i < n)
        atomicAdd(debug_hits, 1);
#endif
}

int main()
{
    const int n = 1000, blocks = (n + TILE - 1) / TILE;
    static float h_in[n], h_out[n], ref[n], prev[n];
    for (int i = 0; i < n; i++)
        h_in[i] = (float)(i % 97) * 0.5f;
    float *d_in, *d_out;
    int *d_hits, hits = 0;
    cudaMalloc(&d_in, sizeof(h_in));
    cudaMalloc(&d_out, sizeof(h_out));
    cudaMalloc(&d_hits, sizeof(int));
    cudaMemset(d_hits, 0, sizeof(int));
    cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
    int passed = 0, failed = 0, bad = 0;

    for (int i = 0; i < n; i++) {
        int b = i / TILE * TILE, t = i % TILE, j = b + (t + 1) % TILE;
        ref[i] = h_in[i] + (j < n ? h_in[j] : 0.0f);
    }
#ifdef DEBUG_SHADE
    shade<<<blocks, TILE>>>(d_hits, d_out, d_in, n);
#else
    shade<<<blocks, TILE>>>(d_out, d_in, n);
#endif
    cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        bad += h_out[i] != ref[i];
    printf("shade: %d of %d wrong\n", bad, n);
    bad ? failed++ : passed++;

    for (int i = 0; i < n; i++)
        prev[i] = ref[i];
    for (int i = 0; i < n; i++) {
        int b = i / TILE * TILE, j = b + TILE - 1 - i % TILE;
#ifdef DEBUG_SHADE
        ref[i] = (j < n ? prev[j] : 0.0f) * 3.0f;	// scales shade's output in place
#else
        ref[i] = (j < n ? h_in[j] : 0.0f) * 3.0f;
#endif
    }
#ifdef DEBUG_SHADE
    scale<float><<<blocks, TILE>>>(d_out, d_hits, 3.0f, n);
#else
    scale<float><<<blocks, TILE>>>(d_out, d_in, 3.0f, n);
#endif
    cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
    bad = 0;
    for (int i = 0; i < n; i++)
        bad += h_out[i] != ref[i];
    printf("scale: %d of %d wrong\n", bad, n);
    bad ? failed++ : passed++;

    for (int i = 0; i < n; i++)
        ref[i] += 0.25f;
#ifdef DEBUG_SHADE
    offset<float><<<blocks, TILE>>>(d_hits, d_out, 0.25f, n);
#else
    offset<float><<<blocks, TILE>>>(d_out, 0.25f, n);
#endif
    cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
    bad = 0;
    for (int i = 0; i < n; i++)
        bad += h_out[i] != ref[i];
    printf("offset: %d of %d wrong\n", bad, n);
    bad ? failed++ : passed++;

#ifdef DEBUG_SHADE
    cudaMemcpy(&hits, d_hits, sizeof(int), cudaMemcpyDeviceToHost);
    printf("debug hits: %d (expected %d)\n", hits, 3 * n);
    hits == 3 * n ? passed++ : failed++;
#else
    (void)hits;
#endif
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_hits);
    printf("%d passed, %d failed\n", passed, failed);
    printf("%s\n", failed ? "FAIL" : "PASS");
    return failed ? 1 : 0;
}
