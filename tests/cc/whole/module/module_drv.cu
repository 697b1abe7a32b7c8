// A driver-API program in the style of the official samples vectorAddDrv
// and matrixMulDrv: its kernels come from a module built on its own
// (vectorOps_kernel.cu -> vectorOps_kernel64.fatbin, `nvcc -fatbin` there,
// `idxgen-cc -fatbin` here), loaded at run time and found by name.  It
// also has a kernel of its own named as one of the module's: each runs
// its own code.  Last line PASS.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define FATBIN_FILE "vectorOps_kernel64.fatbin"

#define checkCudaErrors(err) __checkCudaErrors(err, __FILE__, __LINE__)
static void __checkCudaErrors(CUresult err, const char *file, int line)
{
    if (err != CUDA_SUCCESS) {
        const char *name = "?";
        cuGetErrorName(err, &name);
        fprintf(stderr, "checkCudaErrors() Driver API error = %04d \"%s\" from file <%s>, line %i.\n", err, name,
                file, line);
        exit(EXIT_FAILURE);
    }
}

static int failures = 0;
static void expect(bool ok, const char *what)
{
    if (!ok) {
        printf("FAILED: %s\n", what);
        failures++;
    }
}

static void expectCode(CUresult got, CUresult want, const char *what)
{
    if (got != want) {
        const char *g = "?", *w = "?";
        cuGetErrorName(got, &g);
        cuGetErrorName(want, &w);
        printf("FAILED: %s: %s, expected %s\n", what, g, w);
        failures++;
    }
}

// the program's own kernel of a name the module uses too
extern "C" __global__ void scaleVec(float *x, float s, int n)
{
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * s - 1.0f;
}

// the module's file beside the executable, as the samples' findModulePath looks
static bool findModulePath(const char *name, std::string &path, char **argv, std::string &image)
{
    std::string exe = argv[0];
    size_t slash = exe.rfind('/');
    path = slash == std::string::npos ? std::string(name) : exe.substr(0, slash + 1) + name;
    std::ifstream f(path.c_str(), std::ios::in | std::ios::binary);
    if (!f.good())
        return false;
    std::ostringstream s;
    s << f.rdbuf();
    image = s.str();
    printf("> findModulePath found file at <%s>\n", path.c_str());
    return true;
}

static void vectorAdd(CUmodule mod)
{
    const int N = 1000;
    CUfunction add;
    CUdeviceptr dA, dB, dC, coef, bias;
    size_t bytes = 0;
    std::vector<float> a(N), b(N), c(N);
    float k[4] = { 2.0f, 3.0f, 0.0f, 0.0f }, biasValue = 0.0f;

    checkCudaErrors(cuModuleGetFunction(&add, mod, "VecAdd_kernel"));
    checkCudaErrors(cuModuleGetGlobal(&coef, &bytes, mod, "coefficients"));
    expect(bytes == sizeof(k), "cuModuleGetGlobal: the __constant__ array's size");
    checkCudaErrors(cuMemcpyHtoD(coef, k, sizeof(k)));
    checkCudaErrors(cuModuleGetGlobal(&bias, NULL, mod, "bias"));
    checkCudaErrors(cuMemcpyDtoH(&biasValue, bias, sizeof(float)));
    expect(biasValue == 0.5f, "a __device__ variable's initial value read through cuModuleGetGlobal");
    for (int i = 0; i < N; i++) {
        a[i] = (float)i;
        b[i] = (float)(N - i);
    }
    checkCudaErrors(cuMemAlloc(&dA, N * sizeof(float)));
    checkCudaErrors(cuMemAlloc(&dB, N * sizeof(float)));
    checkCudaErrors(cuMemAlloc(&dC, N * sizeof(float)));
    checkCudaErrors(cuMemcpyHtoD(dA, a.data(), N * sizeof(float)));
    checkCudaErrors(cuMemcpyHtoD(dB, b.data(), N * sizeof(float)));
    int n = N, threads = 256, blocks = (N + threads - 1) / threads;
    void *args[] = { &dA, &dB, &dC, &n };
    checkCudaErrors(cuLaunchKernel(add, blocks, 1, 1, threads, 1, 1, 0, NULL, args, NULL));
    checkCudaErrors(cuCtxSynchronize());
    checkCudaErrors(cuMemcpyDtoH(c.data(), dC, N * sizeof(float)));
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += c[i] != 2.0f * i + 3.0f * (N - i) + 0.5f;
    expect(bad == 0, "VecAdd_kernel (extern \"C\", kernelParams): C = 2A + 3B + bias");
    checkCudaErrors(cuMemFree(dA));
    checkCudaErrors(cuMemFree(dB));
    checkCudaErrors(cuMemFree(dC));
}

// blockSum through `extra` (one parameter buffer), as CUDA 3's samples pass it
static void blockSums(CUmodule mod)
{
    const int N = 1000, BLOCK = 128, blocks = (N + BLOCK - 1) / BLOCK;
    CUfunction sum;
    CUdeviceptr dIn, dOut, done;
    std::vector<float> in(N), out(blocks);
    unsigned int zero = 0, count = 0;

    checkCudaErrors(cuModuleGetFunction(&sum, mod, "blockSum"));
    checkCudaErrors(cuModuleGetGlobal(&done, NULL, mod, "blocksDone"));
    checkCudaErrors(cuMemcpyHtoD(done, &zero, sizeof(zero)));
    for (int i = 0; i < N; i++)
        in[i] = (float)(i % 7);
    checkCudaErrors(cuMemAlloc(&dIn, N * sizeof(float)));
    checkCudaErrors(cuMemAlloc(&dOut, blocks * sizeof(float)));
    checkCudaErrors(cuMemcpyHtoD(dIn, in.data(), N * sizeof(float)));
    struct {
        CUdeviceptr in, out;
        int n;
    } params = { dIn, dOut, N };
    size_t size = sizeof(params);
    void *extra[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, &params, CU_LAUNCH_PARAM_BUFFER_SIZE, &size,
                      CU_LAUNCH_PARAM_END };
    checkCudaErrors(cuLaunchKernel(sum, blocks, 1, 1, BLOCK, 1, 1, 0, NULL, NULL, extra));
    checkCudaErrors(cuCtxSynchronize());
    checkCudaErrors(cuMemcpyDtoH(out.data(), dOut, blocks * sizeof(float)));
    checkCudaErrors(cuMemcpyDtoH(&count, done, sizeof(count)));
    int bad = 0;
    for (int b = 0; b < blocks; b++) {
        float want = 0.0f;
        for (int i = b * BLOCK; i < (b + 1) * BLOCK && i < N; i++)
            want += in[i];
        bad += out[b] != want;
    }
    expect(bad == 0, "blockSum (shared memory, barriers; extra): each block's sum");
    expect(count == (unsigned int)blocks, "blockSum: atomicAdd on the module's __device__ counter");
    checkCudaErrors(cuMemFree(dIn));
    checkCudaErrors(cuMemFree(dOut));
}

// the module's scaleVec and the program's: two kernels, each its own code
static void sameName(CUmodule mod)
{
    const int N = 300;
    CUfunction scale;
    float *x, *y, s = 2.0f;
    int n = N;

    checkCudaErrors(cuModuleGetFunction(&scale, mod, "scaleVec"));
    expect((const void *)scale != (const void *)scaleVec, "the module's scaleVec is not the program's");
    checkCudaErrors(cuMemAllocManaged((CUdeviceptr *)&x, N * sizeof(float), CU_MEM_ATTACH_GLOBAL));
    checkCudaErrors(cuMemAllocManaged((CUdeviceptr *)&y, N * sizeof(float), CU_MEM_ATTACH_GLOBAL));
    for (int i = 0; i < N; i++)
        x[i] = y[i] = (float)i;
    void *args[] = { &x, &s, &n };
    checkCudaErrors(cuLaunchKernel(scale, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, args, NULL));
    scaleVec<<<(N + 127) / 128, 128>>>(y, s, n);
    checkCudaErrors(cuCtxSynchronize());
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += x[i] != 2.0f * i + 1.0f || y[i] != 2.0f * i - 1.0f;
    expect(bad == 0, "scaleVec: the module's adds 1, the program's subtracts 1");
    checkCudaErrors(cuMemFree((CUdeviceptr)x));
    checkCudaErrors(cuMemFree((CUdeviceptr)y));
}

// C++ kernels by their mangled names (templates, a namespace)
static void mangled(CUmodule mod)
{
    const int N = 500;
    CUfunction fillInt, fillDouble, sq;
    CUdeviceptr dI, dD, dS;
    std::vector<int> hi(N), hs(N);
    std::vector<double> hd(N);
    int n = N, iv = 7;
    double dv = 0.25;

    checkCudaErrors(cuModuleGetFunction(&fillInt, mod, "_ZN3ops4fillIiEEvPT_S1_i"));
    checkCudaErrors(cuModuleGetFunction(&fillDouble, mod, "_ZN3ops4fillIdEEvPT_S1_i"));
    checkCudaErrors(cuModuleGetFunction(&sq, mod, "_Z7squaresPii"));
    checkCudaErrors(cuMemAlloc(&dI, N * sizeof(int)));
    checkCudaErrors(cuMemAlloc(&dD, N * sizeof(double)));
    checkCudaErrors(cuMemAlloc(&dS, N * sizeof(int)));
    void *a1[] = { &dI, &iv, &n }, *a2[] = { &dD, &dv, &n }, *a3[] = { &dS, &n };
    checkCudaErrors(cuLaunchKernel(fillInt, (N + 63) / 64, 1, 1, 64, 1, 1, 0, NULL, a1, NULL));
    checkCudaErrors(cuLaunchKernel(fillDouble, (N + 63) / 64, 1, 1, 64, 1, 1, 0, NULL, a2, NULL));
    checkCudaErrors(cuLaunchKernel(sq, 3, 1, 1, 32, 1, 1, 0, NULL, a3, NULL));	// grid-stride
    checkCudaErrors(cuCtxSynchronize());
    checkCudaErrors(cuMemcpyDtoH(hi.data(), dI, N * sizeof(int)));
    checkCudaErrors(cuMemcpyDtoH(hd.data(), dD, N * sizeof(double)));
    checkCudaErrors(cuMemcpyDtoH(hs.data(), dS, N * sizeof(int)));
    int bad = 0;
    for (int i = 0; i < N; i++)
        bad += hi[i] != 7 + i || hd[i] != 0.25 + i || hs[i] != i * i;
    expect(bad == 0, "ops::fill<int>, ops::fill<double>, squares by their mangled names");
    checkCudaErrors(cuMemFree(dI));
    checkCudaErrors(cuMemFree(dD));
    checkCudaErrors(cuMemFree(dS));
}

// names the module does not have: CUDA_ERROR_NOT_FOUND
static void missing(CUmodule mod)
{
    CUfunction f;
    CUdeviceptr p;
    size_t bytes;

    expectCode(cuModuleGetFunction(&f, mod, "noSuchKernel"), CUDA_ERROR_NOT_FOUND, "a kernel the module lacks");
    expectCode(cuModuleGetFunction(&f, mod, "squares"), CUDA_ERROR_NOT_FOUND,
               "a C++ kernel by its unmangled name");
    expectCode(cuModuleGetFunction(&f, mod, "coefficients"), CUDA_ERROR_NOT_FOUND, "a variable as a kernel");
    expectCode(cuModuleGetFunction(&f, mod, "cuInit"), CUDA_ERROR_NOT_FOUND, "a function of the program");
    expectCode(cuModuleGetGlobal(&p, &bytes, mod, "noSuchVariable"), CUDA_ERROR_NOT_FOUND,
               "a variable the module lacks");
    expectCode(cuModuleGetGlobal(&p, &bytes, mod, "VecAdd_kernel"), CUDA_ERROR_NOT_FOUND, "a kernel as a variable");
    expectCode(cuModuleGetFunction(&f, mod, NULL), CUDA_ERROR_INVALID_VALUE, "no name");
}

static void moduleQueries(CUmodule mod)
{
    CUfunction add, all[8];
    CUmodule owner = NULL;
    unsigned int count = 0;
    int maxThreads = 0;

    checkCudaErrors(cuModuleGetFunction(&add, mod, "VecAdd_kernel"));
    checkCudaErrors(cuFuncGetModule(&owner, add));
    expect(owner == mod, "cuFuncGetModule: the module");
    checkCudaErrors(cuModuleGetFunctionCount(&count, mod));
    expect(count == 6, "cuModuleGetFunctionCount: 6 kernels");
    checkCudaErrors(cuModuleEnumerateFunctions(all, count < 8 ? count : 8, mod));
    bool listed = false;
    for (unsigned int i = 0; i < count && i < 8; i++)
        listed |= all[i] == add;
    expect(listed, "cuModuleEnumerateFunctions lists VecAdd_kernel");
    checkCudaErrors(cuFuncGetAttribute(&maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, add));
    expect(maxThreads >= 1024, "cuFuncGetAttribute of a module's kernel");
}

// each load is a module of its own: its own variables
static void twoLoads(const std::string &path, CUmodule first)
{
    CUmodule second;
    CUdeviceptr b1, b2;
    float one = 0.0f, two = 9.0f;

    checkCudaErrors(cuModuleLoad(&second, path.c_str()));
    checkCudaErrors(cuModuleGetGlobal(&b1, NULL, first, "bias"));
    checkCudaErrors(cuModuleGetGlobal(&b2, NULL, second, "bias"));
    expect(b1 != b2, "two loads: two copies of a __device__ variable");
    checkCudaErrors(cuMemcpyHtoD(b2, &two, sizeof(two)));
    checkCudaErrors(cuMemcpyDtoH(&one, b1, sizeof(one)));
    expect(one == 0.5f, "a write to one load's variable leaves the other's");
    checkCudaErrors(cuModuleUnload(second));
}

static void badImages(char **argv)
{
    CUmodule m;
    char log[256] = "";
    CUjit_option opts[] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
    void *vals[] = { log, (void *)(size_t)sizeof(log) };
    const char ptx[] = "//\n// Generated by NVIDIA NVVM Compiler\n.version 8.0\n.target sm_80\n.address_size 64\n";

    expectCode(cuModuleLoad(&m, argv[0]), CUDA_ERROR_INVALID_IMAGE, "the program itself (ELF, no module)");
    expectCode(cuModuleLoad(&m, "no/such/module.fatbin"), CUDA_ERROR_FILE_NOT_FOUND, "a file that is not there");
    expectCode(cuModuleLoadDataEx(&m, ptx, 2, opts, vals), CUDA_ERROR_NO_BINARY_FOR_GPU, "NVIDIA's PTX");
    expect(strstr(log, "PTX") != NULL, "the error log says PTX");
    expectCode(cuModuleLoad(&m, "/dev/null"), CUDA_ERROR_INVALID_IMAGE, "an empty file");
    std::string garbage(256, 'x');
    expectCode(cuModuleLoadData(&m, garbage.c_str()), CUDA_ERROR_INVALID_IMAGE, "bytes that are no image");
}

int main(int argc, char **argv)
{
    CUdevice dev;
    CUcontext ctx;
    CUmodule mod;
    std::string path, image;
    (void)argc;

    checkCudaErrors(cuInit(0));
    checkCudaErrors(cuDeviceGet(&dev, 0));
    checkCudaErrors(cuCtxCreate(&ctx, NULL, 0, dev));
    if (!findModulePath(FATBIN_FILE, path, argv, image)) {
        printf("%s not found\n", FATBIN_FILE);
        return EXIT_FAILURE;
    }
    printf("> initCUDA loading module: <%s>\n", path.c_str());
    checkCudaErrors(cuModuleLoadData(&mod, image.c_str()));
    vectorAdd(mod);
    blockSums(mod);
    sameName(mod);
    mangled(mod);
    missing(mod);
    moduleQueries(mod);
    twoLoads(path, mod);
    badImages(argv);

    // the JIT's logs after a load: no error, the info log says what was loaded
    CUmodule ex;
    char info[256], error[256];
    memset(info, 'x', sizeof(info));
    memset(error, 'x', sizeof(error));
    CUjit_option opts[] = { CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
    void *vals[] = { info, (void *)(size_t)sizeof(info), error, (void *)(size_t)sizeof(error) };
    checkCudaErrors(cuModuleLoadDataEx(&ex, image.c_str(), 4, opts, vals));
    expect(error[0] == 0 && (size_t)vals[3] == 0, "cuModuleLoadDataEx: an empty error log");
    expect(memchr(info, 0, sizeof(info)) && strlen(info) == (size_t)vals[1] && strlen(info) > 0,
           "cuModuleLoadDataEx: the info log and its length");
    checkCudaErrors(cuModuleUnload(ex));

    CUmodule fat;
    checkCudaErrors(cuModuleLoadFatBinary(&fat, image.data()));
    CUfunction f;
    checkCudaErrors(cuModuleGetFunction(&f, fat, "blockSum"));
    checkCudaErrors(cuModuleUnload(fat));
    checkCudaErrors(cuModuleUnload(mod));
    expectCode(cuModuleGetFunction(&f, mod, "blockSum"), CUDA_ERROR_INVALID_HANDLE, "a module unloaded");
    expectCode(cuModuleUnload(mod), CUDA_ERROR_INVALID_HANDLE, "unloaded twice");
    checkCudaErrors(cuCtxDestroy(ctx));
    printf("%d failures\n", failures);
    printf(failures ? "FAIL\n" : "PASS\n");
    return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
