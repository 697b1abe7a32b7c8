// Declarations loop fission must lay out per block, as HeCBench-style
// kernels write them:
// - a kernel body that is one macro of several statements (a benchmark's
//   "do not optimise away" macro): the declaration came out twice and the
//   C++ did not compile; such a kernel now runs as fibers;
// - a typedef between per-thread arrays and the __shared__ storage that
//   names it (`typedef Load<...> L; __shared__ typename L::Storage s;`):
//   the storage went in front of the loop without the typedef;
// - `static __shared__`: one object for the whole process, so two blocks on
//   two workers overwrote each other's value (run with 2 workers).
#include <cstdio>

#define TOUCH_ARGS                                      \
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x; \
    if (out)                                            \
        out[i] = args.bytes[i % 16] + 1;

struct SmallArgs {
    char bytes[16];
};

__global__ void touch(SmallArgs args, int *out) { TOUCH_ARGS; }

template <int N> struct Stage {
    struct Storage {
        float v[N];
    };
};

template <int N> __global__ void shift_left(const float *in, float *out)
{
    float mine[2];
    mine[0] = in[blockIdx.x * N + threadIdx.x];
    typedef Stage<N> S;
    __shared__ typename S::Storage stage;
    mine[1] = 2.0f * mine[0];
    stage.v[threadIdx.x] = mine[1];
    __syncthreads();
    out[blockIdx.x * N + threadIdx.x] = stage.v[(threadIdx.x + 1) % N] + mine[0];
}

__global__ void tag_blocks(int *out, const float *in, float *sink)
{
    static __shared__ int owner;
    if (threadIdx.x == 0)
        owner = blockIdx.x;
    __syncthreads();
    float acc = 0;
    for (int r = 0; r < 500; r++)
        acc += in[(threadIdx.x * 7 + r) % 64] * r;
    sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
    __syncthreads();
    if (threadIdx.x == blockDim.x - 1)
        out[blockIdx.x] = owner;
}

int main()
{
    const int nb = 400, bs = 64;
    int *touched, *owners;
    float *in, *out, *sink;
    SmallArgs a;
    for (int i = 0; i < 16; i++)
        a.bytes[i] = (char)(3 * i);
    cudaMallocManaged(&touched, 256 * sizeof(int));
    cudaMallocManaged(&owners, nb * sizeof(int));
    cudaMallocManaged(&in, nb * bs * sizeof(float));
    cudaMallocManaged(&out, nb * bs * sizeof(float));
    cudaMallocManaged(&sink, nb * bs * sizeof(float));
    for (int i = 0; i < nb * bs; i++)
        in[i] = (float)(i % 97);
    touch<<<2, 128>>>(a, touched);
    shift_left<64><<<nb, 64>>>(in, out);
    tag_blocks<<<nb, bs>>>(owners, in, sink);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < 256; i++)
        if (touched[i] != 3 * (i % 16) + 1) {
            printf("touch %d: %d\n", i, touched[i]);
            bad++;
            break;
        }
    for (int i = 0; i < nb * 64; i++) {
        int b = i / 64, t = i % 64;
        float want = 2.0f * in[b * 64 + (t + 1) % 64] + in[i];
        if (out[i] != want) {
            printf("shift_left %d: %g, want %g\n", i, out[i], want);
            bad++;
            break;
        }
    }
    int wrong = 0;
    for (int b = 0; b < nb; b++)
        wrong += owners[b] != b;
    if (wrong) {
        printf("static __shared__: %d of %d blocks read another block's value\n", wrong, nb);
        bad++;
    }
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
