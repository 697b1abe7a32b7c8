// tests/cc/whole.sh builds this with -I of ../inc: see inc/block_reduce.cuh.
#include <cstdio>

#include "block_reduce.cuh"

__global__ void row_sums(const int *in, int *out)
{
    int s = block_reduce_sum<int, 64>(in[blockIdx.x * 64 + threadIdx.x]);
    if (threadIdx.x == 0)
        out[blockIdx.x] = s;
}

int main()
{
    const int rows = 3;
    int *in, *out;
    cudaMallocManaged(&in, rows * 64 * sizeof(int));
    cudaMallocManaged(&out, rows * sizeof(int));
    for (int i = 0; i < rows * 64; i++)
        in[i] = i % 64 + 1000 * (i / 64);
    row_sums<<<rows, 64>>>(in, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int r = 0; r < rows; r++) {
        int want = 2016 + 64000 * r;
        if (out[r] != want) {
            printf("row %d: %d, want %d\n", r, out[r], want);
            bad++;
        }
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
