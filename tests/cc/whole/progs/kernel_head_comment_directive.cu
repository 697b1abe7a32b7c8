// Kernel heads whose comments hold preprocessor lines: a parameter kept
// commented out with the `#ifdef` that chose it, and a conditional whose
// directive line carries a comment over two lines, the second starting with
// `#endif`.  A kernel run as fibers keeps its text where it was and its
// host stub copies the head again, balancing the conditional groups the
// copy closes or leaves open (lib/cc/head_text.c; kernel_head_ifdef.cu);
// a template kernel's registration repeats its head under loop fission
// too.  The directives inside the comments were counted: an `#endif` too
// many or one missing in the copy ("#endif without #if", "unterminated
// conditional directive": exit 2).  smooth waits at a barrier only some
// threads reach, so it runs as fibers under auto; scale has none.  Build
// with -DIN_PLACE for the other branches.  Checked against host loops.
#include <cstdio>
#include <cuda_runtime.h>

#define TILE 64

__global__ void smooth(float *out,
/* a debug counter, off since the tile grew:
#ifdef DEBUG_SMOOTH
                       int *debug_hits,
*/
                       const float *in, int n)
{
    __shared__ float tile[TILE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x < TILE) {
        tile[threadIdx.x] = i < n ? in[i] : 0.0f;
        __syncthreads();	// reached by the first TILE threads only (all of them here)
        if (i < n)
            out[i] = 0.5f * (tile[threadIdx.x] + tile[(threadIdx.x + TILE - 1) % TILE]);
    }
}

template <typename T>
__global__ void scale(T *out,
#if defined(IN_PLACE) /* out is scaled where it is; the input
#endif                   of the other branch is a separate array */
                      T by,
#else
                      const T *in, T by,
#endif
                      int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
#ifdef IN_PLACE
        out[i] *= by;
#else
        out[i] = in[i] * by;
#endif
    }
}

int main()
{
    const int n = 1000, blocks = (n + TILE - 1) / TILE;
    static float h_in[n], h_out[n], ref[n];
    for (int i = 0; i < n; i++)
        h_in[i] = (float)(i % 89) * 0.25f;
    float *d_in, *d_out;
    cudaMalloc(&d_in, sizeof(h_in));
    cudaMalloc(&d_out, sizeof(h_out));
    cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
    int passed = 0, failed = 0, bad = 0;

    for (int i = 0; i < n; i++) {
        int b = i / TILE * TILE, j = b + (i % TILE + TILE - 1) % TILE;
        ref[i] = 0.5f * (h_in[i] + (j < n ? h_in[j] : 0.0f));
    }
    smooth<<<blocks, TILE>>>(d_out, d_in, n);
    cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        bad += h_out[i] != ref[i];
    printf("smooth: %d of %d wrong\n", bad, n);
    bad ? failed++ : passed++;

#ifdef IN_PLACE
    for (int i = 0; i < n; i++)
        ref[i] *= 3.0f;
    scale<float><<<blocks, TILE>>>(d_out, 3.0f, n);
#else
    for (int i = 0; i < n; i++)
        ref[i] = h_in[i] * 3.0f;
    scale<float><<<blocks, TILE>>>(d_out, d_in, 3.0f, n);
#endif
    cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
    bad = 0;
    for (int i = 0; i < n; i++)
        bad += h_out[i] != ref[i];
    printf("scale: %d of %d wrong\n", bad, n);
    bad ? failed++ : passed++;

    cudaFree(d_in);
    cudaFree(d_out);
    printf("%d passed, %d failed\n", passed, failed);
    printf("%s\n", failed ? "FAIL" : "PASS");
    return failed ? 1 : 0;
}
