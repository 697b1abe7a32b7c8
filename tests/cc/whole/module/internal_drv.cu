// A library's kernels that its file keeps to itself, found by the names
// nvcc gives them, and its __managed__ variables, in the style of the
// official samples' driver programs: internal_kernels.cu is built on its
// own (internal_kernels.fatbin), loaded with cuLibraryLoadFromFile and
// cuModuleLoad; kernels of an anonymous namespace are asked for by their
// names in `nvcc -ptx internal_kernels.cu` (nvcc 13) and launched;
// cuLibraryGetManaged finds the __managed__ variables and not the
// __device__ one (CUDA_ERROR_NOT_FOUND, as CUDA answers), and
// cuModuleGetGlobal the static and anonymous-namespace ones.  Expected
// values are computed on the host.  Last line PASS.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string>

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

static int passed = 0, failed = 0;
static void expect(bool ok, const char *what)
{
    if (ok) {
        passed++;
    } else {
        printf("FAILED: %s\n", what);
        failed++;
    }
}

static void expectCode(CUresult got, CUresult want, const char *what)
{
    const char *g = "?", *w = "?";
    cuGetErrorName(got, &g);
    cuGetErrorName(want, &w);
    if (got != want)
        printf("FAILED: %s: %s, expected %s\n", what, g, w);
    got == want ? passed++ : failed++;
}

// nvcc 13's names of the kernels (`nvcc -ptx internal_kernels.cu`, the .entry lines)
static const char *kSquare = "_ZN51_GLOBAL__N__d8bb1de1_19_internal_kernels_cu_weights6squareEPfi";
static const char *kAddBias = "_ZN51_GLOBAL__N__d8bb1de1_19_internal_kernels_cu_weights6detail7addBiasEPfi";
static const char *kWeigh = "_ZN3ops51_GLOBAL__N__d8bb1de1_19_internal_kernels_cu_weights5weighEPfi";

// a file beside the executable, as the samples' findModulePath looks for it
static std::string besideExe(const char *argv0, const char *name)
{
    std::string exe = argv0;
    size_t slash = exe.rfind('/');
    return slash == std::string::npos ? std::string(name) : exe.substr(0, slash + 1) + name;
}

static const int N = 1000;
static float hX[N], want[N];

static void upload(CUdeviceptr d)
{
    for (int i = 0; i < N; i++)
        hX[i] = want[i] = (float)(i % 13) - 6.0f;
    checkCudaErrors(cuMemcpyHtoD(d, hX, sizeof(hX)));
}

static bool matches(CUdeviceptr d)
{
    checkCudaErrors(cuMemcpyDtoH(hX, d, sizeof(hX)));
    for (int i = 0; i < N; i++)
        if (hX[i] != want[i]) {
            printf("  element %d: %g, expected %g\n", i, hX[i], want[i]);
            return false;
        }
    return true;
}

static void launch(CUfunction f, CUdeviceptr dX)
{
    int n = N;
    void *args[] = { &dX, &n };
    checkCudaErrors(cuLaunchKernel(f, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, args, NULL));
    checkCudaErrors(cuCtxSynchronize());
}

// cuLibraryLoadFromFile: the anonymous namespace's kernels by nvcc's names, the managed variables
static void libraryInternals(const std::string &fatbin, CUdeviceptr dX)
{
    CUlibrary lib;
    CUkernel square, addBias, weigh, k;
    CUfunction f;
    unsigned int count = 0;

    checkCudaErrors(cuLibraryLoadFromFile(&lib, fatbin.c_str(), NULL, NULL, 0, NULL, NULL, 0));
    checkCudaErrors(cuLibraryGetKernelCount(&count, lib));
    expect(count == 4, "cuLibraryGetKernelCount: the anonymous namespaces' three kernels and readInternals");
    expectCode(cuLibraryGetKernel(&square, lib, kSquare), CUDA_SUCCESS, "the anonymous namespace's square");
    expectCode(cuLibraryGetKernel(&addBias, lib, kAddBias), CUDA_SUCCESS, "... detail::addBias in it");
    expectCode(cuLibraryGetKernel(&weigh, lib, kWeigh), CUDA_SUCCESS, "... ops::<anonymous>::weigh");
    expect(square != addBias && addBias != weigh && square != weigh, "three different kernels");
    expectCode(cuLibraryGetKernel(&k, lib, "_ZN51_GLOBAL__N__d8bb1de1_19_internal_kernels_cu_weights6squareEPii"),
               CUDA_ERROR_NOT_FOUND, "the name with other parameter types");
    expectCode(cuLibraryGetKernel(&k, lib, "_ZN51_GLOBAL__N__d8bb1de1_19_internal_kernels_cu_weights5cubeEPfi"),
               CUDA_ERROR_NOT_FOUND, "a kernel the namespace does not have");
    expectCode(cuLibraryGetKernel(&k, lib, "_Z6squarePfi"), CUDA_ERROR_NOT_FOUND,
               "the name without its namespace");
    expectCode(cuLibraryGetKernel(&k, lib, "_ZN3ops5weighEPfi"), CUDA_ERROR_NOT_FOUND,
               "ops::weigh without the anonymous namespace");
    if (failed)
        return;

    unsigned int *hits = NULL;
    float *weights = NULL;
    CUdeviceptr at;
    size_t bytes = 0;
    checkCudaErrors(cuLibraryGetManaged(&at, &bytes, lib, "hits"));
    hits = (unsigned int *)(size_t)at;
    expect(bytes == sizeof(unsigned int), "cuLibraryGetManaged: hits and its size");
    checkCudaErrors(cuLibraryGetManaged(&at, &bytes, lib, "weights"));
    weights = (float *)(size_t)at;
    expect(bytes == 3 * sizeof(float) && weights[0] == 2.0f && weights[2] == -1.0f,
           "cuLibraryGetManaged: weights, its size, its initial values read on the host");
    expectCode(cuLibraryGetManaged(&at, &bytes, lib, "bias"), CUDA_ERROR_NOT_FOUND,
               "cuLibraryGetManaged of a __device__ variable");
    expectCode(cuLibraryGetManaged(&at, &bytes, lib, "nothere"), CUDA_ERROR_NOT_FOUND, "no such variable");
    expectCode(cuLibraryGetManaged(&at, &bytes, lib, NULL), CUDA_ERROR_INVALID_VALUE, "no name");
    checkCudaErrors(cuLibraryGetGlobal(&at, &bytes, lib, "bias"));
    expect(bytes == sizeof(float), "cuLibraryGetGlobal finds the __device__ variable");
    checkCudaErrors(cuLibraryGetGlobal(&at, &bytes, lib, "hits"));
    expect((unsigned int *)(size_t)at == hits, "... and a managed one at the same address");

    // managed memory written on the host is what the kernels read
    weights[1] = 3.0f;
    upload(dX);
    checkCudaErrors(cuKernelGetFunction(&f, square));
    launch(f, dX);
    checkCudaErrors(cuKernelGetFunction(&f, addBias));
    launch(f, dX);
    checkCudaErrors(cuKernelGetFunction(&f, weigh));
    launch(f, dX);
    const float w[3] = { 2.0f, 3.0f, -1.0f };
    for (int i = 0; i < N; i++)
        want[i] = (want[i] * want[i] + 0.25f) * w[i % 3];
    expect(matches(dX), "square, addBias, weigh found by nvcc's names, run in order");
    expect(*hits == 3, "the kernels counted their launches in the managed variable, read on the host");
    checkCudaErrors(cuLibraryUnload(lib));
}

// nvcc 13's names of the variables of internal linkage (`nvcc -ptx internal_kernels.cu`)
static const char *vOpsCounter = "_ZN49_INTERNAL_d8bb1de1_19_internal_kernels_cu_weights3ops10opsCounterE";
static const char *vHidden = "_ZN49_INTERNAL_d8bb1de1_19_internal_kernels_cu_weights"
                             "51_GLOBAL__N__d8bb1de1_19_internal_kernels_cu_weights6hiddenE";

static int readInt(CUmodule mod, const char *name, size_t *bytes)
{
    CUdeviceptr at;
    int v = -1;
    *bytes = 0;
    if (cuModuleGetGlobal(&at, bytes, mod, name) == CUDA_SUCCESS)
        checkCudaErrors(cuMemcpyDtoH(&v, at, sizeof(v)));
    return v;
}

// cuModuleGetGlobal of the variables the file keeps to itself, by nvcc's names
static void moduleVariables(CUmodule mod)
{
    CUdeviceptr at, dOut;
    size_t bytes = 0;
    float scales[2] = { 0, 0 };
    CUfunction f;

    expect(readInt(mod, "version", &bytes) == 3 && bytes == sizeof(int), "a file-scope static by its plain name");
    checkCudaErrors(cuModuleGetGlobal(&at, &bytes, mod, "scales"));
    checkCudaErrors(cuMemcpyDtoH(scales, at, sizeof(scales)));
    expect(bytes == sizeof(scales) && scales[0] == 1.5f && scales[1] == -2.0f, "a static __constant__ array");
    expect(readInt(mod, vOpsCounter, &bytes) == 11, "a namespace's static by nvcc's name");
    expect(readInt(mod, vHidden, &bytes) == 42, "an anonymous namespace's variable by nvcc's name");
    expectCode(cuModuleGetGlobal(&at, &bytes, mod, "_ZL7version"), CUDA_ERROR_NOT_FOUND,
               "the static by its host symbol (not CUDA's name)");
    expectCode(cuModuleGetGlobal(&at, &bytes, mod, "opsCounter"), CUDA_ERROR_NOT_FOUND,
               "the namespace's static without its namespace");
    expectCode(cuModuleGetGlobal(&at, &bytes, mod, "hidden"), CUDA_ERROR_NOT_FOUND,
               "the anonymous namespace's variable without its namespace");

    // what the host writes there is what the module's kernel reads
    int five = 5, out = 0;
    checkCudaErrors(cuModuleGetGlobal(&at, &bytes, mod, "version"));
    checkCudaErrors(cuMemcpyHtoD(at, &five, sizeof(five)));
    checkCudaErrors(cuMemAlloc(&dOut, sizeof(int)));
    checkCudaErrors(cuModuleGetFunction(&f, mod, "_Z13readInternalsPi"));
    void *args[] = { &dOut };
    checkCudaErrors(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL));
    checkCudaErrors(cuMemcpyDtoH(&out, dOut, sizeof(out)));
    expect(out == 5 + 11 + 42 + 1, "readInternals sees the value written through cuModuleGetGlobal");
    checkCudaErrors(cuMemFree(dOut));
}

// cuModuleLoad of the same file: a module of its own, the same names
static void moduleInternals(const std::string &fatbin, CUdeviceptr dX)
{
    CUmodule mod;
    CUfunction f;

    checkCudaErrors(cuModuleLoad(&mod, fatbin.c_str()));
    expectCode(cuModuleGetFunction(&f, mod, kWeigh), CUDA_SUCCESS, "cuModuleGetFunction by nvcc's name");
    if (failed)
        return;
    upload(dX);
    launch(f, dX);
    const float w[3] = { 2.0f, 0.5f, -1.0f };	// a new load: the variables' initial values
    for (int i = 0; i < N; i++)
        want[i] *= w[i % 3];
    expect(matches(dX), "weigh of the module, with its own weights");
    moduleVariables(mod);
    checkCudaErrors(cuModuleUnload(mod));
}

int main(int argc, char **argv)
{
    (void)argc;
    std::string fatbin = besideExe(argv[0], "internal_kernels.fatbin");
    CUdevice dev;
    CUcontext ctx;
    CUdeviceptr dX;

    checkCudaErrors(cuInit(0));
    checkCudaErrors(cuDeviceGet(&dev, 0));
    checkCudaErrors(cuCtxCreate(&ctx, NULL, 0, dev));
    checkCudaErrors(cuMemAlloc(&dX, sizeof(hX)));

    libraryInternals(fatbin, dX);
    moduleInternals(fatbin, dX);

    checkCudaErrors(cuMemFree(dX));
    checkCudaErrors(cuCtxDestroy(ctx));
    printf("%d passed, %d failed\n", passed, failed);
    printf(failed ? "FAIL\n" : "PASS\n");
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
