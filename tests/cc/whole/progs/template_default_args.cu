// A kernel template with default arguments (HeCBench kalman's
// `int fc_steps = 0, bool conf_int = false` after the data pointers),
// launched with and without them.  The stub of a template kernel is
// declared, then defined: written twice with its defaults, the C++ did not
// compile ("redefinition of default argument").
#include <cstdio>

template <int ORDER>
__global__ void scale_rows(const float *in, float *out, int n, float factor = 2.0f, int offset = 0,
                           bool square = false)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = in[i] * factor * ORDER + offset;
        out[i] = square ? v * v : v;
    }
}

int main()
{
    const int n = 200;
    float *in, *a, *b, *c;
    cudaMallocManaged(&in, n * sizeof(float));
    cudaMallocManaged(&a, n * sizeof(float));
    cudaMallocManaged(&b, n * sizeof(float));
    cudaMallocManaged(&c, n * sizeof(float));
    for (int i = 0; i < n; i++)
        in[i] = (float)(i % 13);
    scale_rows<1><<<(n + 63) / 64, 64>>>(in, a, n);
    scale_rows<2><<<(n + 63) / 64, 64>>>(in, b, n, 3.0f, 1);
    scale_rows<3><<<(n + 63) / 64, 64>>>(in, c, n, 0.5f, 2, true);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < n; i++) {
        float x = (float)(i % 13), vc = x * 0.5f * 3 + 2;
        if (a[i] != x * 2.0f || b[i] != x * 6.0f + 1 || c[i] != vc * vc) {
            printf("at %d: %g %g %g\n", i, a[i], b[i], c[i]);
            bad++;
            break;
        }
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
