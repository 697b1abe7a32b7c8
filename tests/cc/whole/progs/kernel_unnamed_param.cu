// Column sums whose kernel picks between a plain store and an atomic one by
// an unnamed tag parameter, `std::bool_constant<Atomic>` (the style of
// llm.c's dev/cuda matmul_backward_bias), and a kernel that ignores an
// unnamed `int` it keeps for a common signature.  idxgen-cc refused them
// ("unnamed kernel parameters are not supported", exit 1).  Checked against
// sums computed on the host.
#include <cstdio>
#include <type_traits>
#include <cuda_runtime.h>

template <bool Atomic>
__global__ void column_sums(float *sums, const float *m, int rows, int cols, std::bool_constant<Atomic>)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (col >= cols)
        return;
    // blockIdx.y takes a slice of the rows; the atomic form adds the slices
    int per = (rows + gridDim.y - 1) / gridDim.y;
    int r0 = blockIdx.y * per, r1 = min(rows, r0 + per);
    float acc = 0.0f;
    for (int r = r0; r < r1; r++)
        acc += m[r * cols + col];
    if constexpr (Atomic)
        atomicAdd(&sums[col], acc);
    else
        sums[col] = acc;
}

__global__ void scale_columns(float *sums, int cols, float by, int /* unused: same signature as its siblings */)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (col < cols)
        sums[col] *= by;
}

int main()
{
    const int rows = 40, cols = 100;
    static float h_m[rows * cols], h_s[cols], ref[cols];
    for (int i = 0; i < rows * cols; i++)
        h_m[i] = (float)(i % 9);
    for (int c = 0; c < cols; c++) {
        int s = 0;
        for (int r = 0; r < rows; r++)
            s += (r * cols + c) % 9;
        ref[c] = (float)s;  // small integers: exact in any order
    }
    float *d_m, *d_s;
    cudaMalloc(&d_m, sizeof(h_m));
    cudaMalloc(&d_s, sizeof(h_s));
    cudaMemcpy(d_m, h_m, sizeof(h_m), cudaMemcpyHostToDevice);
    int passed = 0, failed = 0;
    for (int k = 0; k < 3; k++) {
        cudaMemset(d_s, 0, sizeof(h_s));
        if (k == 0) {
            column_sums<<<dim3((cols + 31) / 32, 1), 32>>>(d_s, d_m, rows, cols, std::bool_constant<false>{});
        } else {
            column_sums<<<dim3((cols + 31) / 32, 4), 32>>>(d_s, d_m, rows, cols, std::bool_constant<true>{});
        }
        if (k == 2)
            scale_columns<<<(cols + 31) / 32, 32>>>(d_s, cols, 0.5f, 7);
        cudaMemcpy(h_s, d_s, sizeof(h_s), cudaMemcpyDeviceToHost);
        int bad = 0;
        for (int c = 0; c < cols; c++)
            bad += h_s[c] != (k == 2 ? 0.5f * ref[c] : ref[c]);
        const char *name[] = { "plain", "atomic", "atomic then scaled" };
        printf("%s: %d of %d columns wrong\n", name[k], bad, cols);
        bad ? failed++ : passed++;
    }
    cudaFree(d_m);
    cudaFree(d_s);
    printf("%d passed, %d failed\n", passed, failed);
    printf("%s\n", failed ? "FAIL" : "PASS");
    return failed ? 1 : 0;
}
