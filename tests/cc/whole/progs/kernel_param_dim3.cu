// A 4-D permutation whose kernel names its sizes dim1 ... dim4, so that its
// parameter dim3 hides CUDA's dim3 type inside the body (the style of
// llm.c's dev/cuda permute.cu).  The translation's thread loops declared
// `const dim3 threadIdx` after the parameter and did not compile (exit 2,
// internal error).  Checked against the permutation done on the host.
#include <cstdio>
#include <cuda_runtime.h>

// (d1, d2, d3, d4) -> (d4, d3, d1, d2)
__global__ void permute_kernel(const float *matrix, float *out, int dim1, int dim2, int dim3, int dim4)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < dim1 * dim2 * dim3 * dim4) {
        int i1 = (idx / (dim2 * dim3 * dim4)) % dim1;
        int i2 = (idx / (dim3 * dim4)) % dim2;
        int i3 = (idx / dim4) % dim3;
        int i4 = idx % dim4;
        out[i4 * (dim3 * dim1 * dim2) + i3 * (dim1 * dim2) + i1 * dim2 + i2] = matrix[idx];
    }
}

// the same through a local named dim3 and a barrier between its two halves
__global__ void permute_staged(const float *matrix, float *out, int d1, int d2, int d3, int d4)
{
    __shared__ float stage[128];
    int dim3 = d3;
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int n = d1 * d2 * dim3 * d4;
    stage[threadIdx.x] = idx < n ? matrix[idx] : 0.0f;
    __syncthreads();
    if (idx < n) {
        int i1 = (idx / (d2 * dim3 * d4)) % d1;
        int i2 = (idx / (dim3 * d4)) % d2;
        int i3 = (idx / d4) % dim3;
        int i4 = idx % d4;
        out[i4 * (dim3 * d1 * d2) + i3 * (d1 * d2) + i1 * d2 + i2] = stage[threadIdx.x];
    }
}

int main()
{
    const int d1 = 3, d2 = 5, d3 = 4, d4 = 7, n = d1 * d2 * d3 * d4;
    static float h_in[n], h_out[n], ref[n];
    for (int i = 0; i < n; i++)
        h_in[i] = (float)i;
    for (int a = 0; a < d1; a++)
        for (int b = 0; b < d2; b++)
            for (int c = 0; c < d3; c++)
                for (int d = 0; d < d4; d++)
                    ref[((d * d3 + c) * d1 + a) * d2 + b] = h_in[((a * d2 + b) * d3 + c) * d4 + d];
    float *d_in, *d_out;
    cudaMalloc(&d_in, sizeof(h_in));
    cudaMalloc(&d_out, sizeof(h_out));
    cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
    int passed = 0, failed = 0;
    for (int k = 0; k < 2; k++) {
        cudaMemset(d_out, 0, sizeof(h_out));
        if (k == 0)
            permute_kernel<<<(n + 127) / 128, 128>>>(d_in, d_out, d1, d2, d3, d4);
        else
            permute_staged<<<(n + 127) / 128, 128>>>(d_in, d_out, d1, d2, d3, d4);
        cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
        int bad = 0;
        for (int i = 0; i < n; i++)
            bad += h_out[i] != ref[i];
        printf("%s: %d of %d elements wrong\n", k ? "permute_staged" : "permute_kernel", bad, n);
        bad ? failed++ : passed++;
    }
    cudaFree(d_in);
    cudaFree(d_out);
    printf("%d passed, %d failed\n", passed, failed);
    printf("%s\n", failed ? "FAIL" : "PASS");
    return failed ? 1 : 0;
}
