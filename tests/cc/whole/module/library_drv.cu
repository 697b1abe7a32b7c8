// Libraries and the JIT linker of the driver API, in the style of the
// official samples' driver programs: library_kernels.cu is built on its own
// (library_kernels.fatbin, and library_kernels.ptx as `nvcc -ptx` writes a
// kernel file), loaded with cuLibraryLoadFromFile / cudaLibraryLoadData,
// its kernels found by name (those of internal linkage by the names nvcc
// gives them) and launched through both APIs; linked with cuLinkCreate /
// cuLinkAddFile / cuLinkComplete and loaded as a module; unloaded (kept
// handles are CUDA_ERROR_INVALID_HANDLE then, a graph made before keeps its
// kernels).  NVIDIA's device code and other bytes get CUDA's error codes.
// Expected values are computed on the host.  Last line PASS.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fstream>
#include <sstream>
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

// the program's own kernel: it belongs to no library
__global__ void ownKernel(float *x)
{
    x[threadIdx.x] = 0.0f;
}

// a file beside the executable, as the samples' findModulePath looks for it
static std::string besideExe(const char *argv0, const char *name)
{
    std::string exe = argv0;
    size_t slash = exe.rfind('/');
    return slash == std::string::npos ? std::string(name) : exe.substr(0, slash + 1) + name;
}

static std::string readFile(const std::string &path)
{
    std::ifstream f(path.c_str(), std::ios::in | std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

static const int N = 1000;
static float hX[N], want[N];

static void upload(CUdeviceptr d)
{
    for (int i = 0; i < N; i++)
        hX[i] = want[i] = (float)(i % 17);
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

// cuLibraryLoadFromFile: kernels by name, launched with the driver and the runtime
static CUlibrary libraryKernels(const std::string &fatbin, CUdeviceptr dX)
{
    CUlibrary lib;
    CUkernel addTable, scale, offset, all[8];
    CUfunction f;
    unsigned int count = 0;
    int n = N;
    float s = 3.0f, d = -0.5f;

    checkCudaErrors(cuLibraryLoadFromFile(&lib, fatbin.c_str(), NULL, NULL, 0, NULL, NULL, 0));
    checkCudaErrors(cuLibraryGetKernelCount(&count, lib));
    expect(count == 3, "cuLibraryGetKernelCount: the library's three kernels");
    checkCudaErrors(cuLibraryEnumerateKernels(all, count, lib));
    checkCudaErrors(cuLibraryGetKernel(&addTable, lib, "addTable"));
    checkCudaErrors(cuLibraryGetKernel(&scale, lib, "_Z11scaleStaticPffi"));
    checkCudaErrors(cuLibraryGetKernel(&offset, lib, "_ZN3ops12offsetStaticEPffi"));
    bool listed = true;
    for (CUkernel k : { addTable, scale, offset }) {
        bool in = false;
        for (unsigned int i = 0; i < count; i++)
            in = in || all[i] == k;
        listed = listed && in;
    }
    expect(listed, "cuLibraryEnumerateKernels lists the kernels found by name");
    expectCode(cuLibraryGetKernel(&scale, lib, "_ZL11scaleStaticPffi"), CUDA_ERROR_NOT_FOUND,
               "a static kernel by its host symbol (not CUDA's name)");
    expectCode(cuLibraryGetKernel(&scale, lib, "launchStatics"), CUDA_ERROR_NOT_FOUND, "a host function");
    checkCudaErrors(cuLibraryGetKernel(&scale, lib, "_Z11scaleStaticPffi"));

    upload(dX);
    checkCudaErrors(cuKernelGetFunction(&f, addTable));
    void *addArgs[] = { &dX, &n };
    checkCudaErrors(cuLaunchKernel(f, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, addArgs, NULL));
    for (int i = 0; i < N; i++)
        want[i] += (float)(i % 4 + 1);
    checkCudaErrors(cuCtxSynchronize());
    expect(matches(dX), "addTable through cuKernelGetFunction + cuLaunchKernel");

    // the runtime launches a CUkernel as the address of its kernel
    void *scaleArgs[] = { &dX, &s, &n };
    void *offsetArgs[] = { &dX, &d, &n };
    expect(cudaLaunchKernel((const void *)scale, dim3((N + 127) / 128), dim3(128), scaleArgs, 0, 0) ==
                   cudaSuccess,
           "cudaLaunchKernel of a static kernel's CUkernel");
    checkCudaErrors(cuKernelGetFunction(&f, offset));
    checkCudaErrors(cuLaunchKernel(f, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, offsetArgs, NULL));
    for (int i = 0; i < N; i++)
        want[i] = want[i] * s + d;
    checkCudaErrors(cuCtxSynchronize());
    expect(matches(dX), "the static kernels, found by nvcc's names");

    CUlibrary back = NULL;
    checkCudaErrors(cuKernelGetLibrary(&back, offset));
    expect(back == lib, "cuKernelGetLibrary: the kernel's library");
    cudaKernel_t own;
    expect(cudaGetKernel(&own, (const void *)ownKernel) == cudaSuccess, "cudaGetKernel of the program's kernel");
    expectCode(cuKernelGetLibrary(&back, (CUkernel)own), CUDA_ERROR_NOT_FOUND,
               "cuKernelGetLibrary of the program's own kernel");

    CUdeviceptr table;
    size_t bytes = 0;
    float t[4];
    checkCudaErrors(cuLibraryGetGlobal(&table, &bytes, lib, "table"));
    checkCudaErrors(cuMemcpyDtoH(t, table, sizeof(t)));
    expect(bytes == sizeof(t) && t[0] == 1.0f && t[3] == 4.0f, "cuLibraryGetGlobal: the table and its size");
    expectCode(cuLibraryGetGlobal(&table, &bytes, lib, "nothere"), CUDA_ERROR_NOT_FOUND, "no such variable");

    CUmodule mod;
    checkCudaErrors(cuLibraryGetModule(&mod, lib));
    checkCudaErrors(cuModuleGetFunction(&f, mod, "_ZN3ops12offsetStaticEPffi"));
    expectCode(cuModuleUnload(mod), CUDA_ERROR_NOT_PERMITTED, "cuModuleUnload of a library's module");
    return lib;
}

// cudaLibraryLoadData: the runtime's face of the same library
static void runtimeLibrary(const std::string &image)
{
    cudaLibrary_t lib;
    cudaKernel_t k;
    unsigned int count = 0;
    void *table = NULL;
    size_t bytes = 0;

    expect(cudaLibraryLoadData(&lib, image.data(), NULL, NULL, 0, NULL, NULL, 0) == cudaSuccess,
           "cudaLibraryLoadData of the module's bytes");
    expect(cudaLibraryGetKernelCount(&count, lib) == cudaSuccess && count == 3, "cudaLibraryGetKernelCount");
    expect(cudaLibraryGetKernel(&k, lib, "_Z11scaleStaticPffi") == cudaSuccess, "cudaLibraryGetKernel (static)");
    expect(cudaLibraryGetGlobal(&table, &bytes, lib, "table") == cudaSuccess && bytes == 4 * sizeof(float),
           "cudaLibraryGetGlobal");
    expect(cudaLibraryGetKernel(&k, lib, "missing") == cudaErrorSymbolNotFound,
           "cudaLibraryGetKernel of no kernel: cudaErrorSymbolNotFound");
    expect(cudaGetLastError() == cudaErrorSymbolNotFound, "... recorded as the last error");
    expect(cudaLibraryUnload(lib) == cudaSuccess, "cudaLibraryUnload");
    expect(cudaLibraryUnload(lib) == cudaErrorInvalidResourceHandle, "unloaded twice");
    cudaGetLastError();
}

// cuLinkCreate .. cuLinkComplete of the kernels' PTX file, then cuModuleLoadData of the result
static void linkAndLoad(const std::string &ptx, CUdeviceptr dX)
{
    char info[1024] = "", error[1024] = "";
    CUjit_option opts[] = { CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_LOG_VERBOSE };
    void *vals[] = { info, (void *)(size_t)sizeof(info), error, (void *)(size_t)sizeof(error), (void *)1 };
    CUlinkState link;
    void *cubin = NULL;
    size_t size = 0;
    CUmodule mod;
    CUfunction f;
    int n = N;

    checkCudaErrors(cuLinkCreate(5, opts, vals, &link));
    expectCode(cuLinkComplete(link, &cubin, &size), CUDA_ERROR_INVALID_IMAGE, "cuLinkComplete of nothing");
    expect(strstr(error, "nothing") != NULL, "... the error log says so");
    checkCudaErrors(cuLinkAddFile(link, CU_JIT_INPUT_PTX, ptx.c_str(), 0, NULL, NULL));
    checkCudaErrors(cuLinkComplete(link, &cubin, &size));
    expect(cubin && size > 0 && error[0] == 0 && strstr(info, "linked") != NULL,
           "cuLinkComplete: an image, its size, the info log");
    checkCudaErrors(cuModuleLoadData(&mod, cubin));
    checkCudaErrors(cuLinkDestroy(link));
    expectCode(cuLinkDestroy(link), CUDA_ERROR_INVALID_HANDLE, "cuLinkDestroy twice");

    checkCudaErrors(cuModuleGetFunction(&f, mod, "addTable"));
    upload(dX);
    void *args[] = { &dX, &n };
    checkCudaErrors(cuLaunchKernel(f, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, args, NULL));
    for (int i = 0; i < N; i++)
        want[i] += (float)(i % 4 + 1);
    checkCudaErrors(cuCtxSynchronize());
    expect(matches(dX), "the linked module's kernel");

    // a graph keeps its kernel: the module's code stays for it after the unload
    CUstream s;
    CUgraph g;
    CUgraphExec ge;
    checkCudaErrors(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
    checkCudaErrors(cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_GLOBAL));
    checkCudaErrors(cuLaunchKernel(f, (N + 127) / 128, 1, 1, 128, 1, 1, 0, s, args, NULL));
    checkCudaErrors(cuStreamEndCapture(s, &g));
    checkCudaErrors(cuGraphInstantiate(&ge, g, 0));
    checkCudaErrors(cuModuleUnload(mod));
    expectCode(cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, NULL, args, NULL), CUDA_ERROR_INVALID_HANDLE,
               "a kept CUfunction of an unloaded module");
    expectCode(cuModuleGetFunction(&f, mod, "addTable"), CUDA_ERROR_INVALID_HANDLE, "the unloaded module");
    checkCudaErrors(cuGraphLaunch(ge, s));
    checkCudaErrors(cuStreamSynchronize(s));
    for (int i = 0; i < N; i++)
        want[i] += (float)(i % 4 + 1);
    expect(matches(dX), "a graph made before the unload still runs the kernel");
    checkCudaErrors(cuGraphExecDestroy(ge));
    checkCudaErrors(cuGraphDestroy(g));
    checkCudaErrors(cuStreamDestroy(s));
}

// device code this device cannot run, and bytes that are no device code
static void foreignImages()
{
    static const char nvPtx[] = "//\n// Generated by NVIDIA NVVM Compiler\n.version 8.0\n.target sm_90\n"
                                ".address_size 64\n";
    static const char junk[] = "these bytes are not device code";
    char error[512] = "";
    CUjit_option opts[] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
    void *vals[] = { error, (void *)(size_t)sizeof(error) };
    CUlinkState link;
    CUlibrary lib;
    cudaLibrary_t rlib;

    expectCode(cuLibraryLoadData(&lib, nvPtx, NULL, NULL, 0, NULL, NULL, 0), CUDA_ERROR_NO_BINARY_FOR_GPU,
               "cuLibraryLoadData of NVIDIA's PTX");
    expectCode(cuLibraryLoadData(&lib, junk, NULL, NULL, 0, NULL, NULL, 0), CUDA_ERROR_INVALID_IMAGE,
               "cuLibraryLoadData of no device code");
    expectCode(cuLibraryLoadFromFile(&lib, "/nonexistent/k.fatbin", NULL, NULL, 0, NULL, NULL, 0),
               CUDA_ERROR_FILE_NOT_FOUND, "cuLibraryLoadFromFile of no file");
    expect(cudaLibraryLoadData(&rlib, nvPtx, NULL, NULL, 0, NULL, NULL, 0) == cudaErrorNoKernelImageForDevice,
           "cudaLibraryLoadData of NVIDIA's PTX: cudaErrorNoKernelImageForDevice");
    cudaGetLastError();
    checkCudaErrors(cuLinkCreate(2, opts, vals, &link));
    expectCode(cuLinkAddData(link, CU_JIT_INPUT_PTX, (void *)nvPtx, sizeof(nvPtx), "k.ptx", 0, NULL, NULL),
               CUDA_ERROR_NO_BINARY_FOR_GPU, "cuLinkAddData of NVIDIA's PTX");
    expect(strstr(error, "k.ptx") != NULL, "... the error log names the input");
    expectCode(cuLinkAddData(link, CU_JIT_INPUT_PTX, (void *)junk, sizeof(junk), "j.ptx", 0, NULL, NULL),
               CUDA_ERROR_INVALID_PTX, "cuLinkAddData of bytes that are no PTX, as PTX");
    expectCode(cuLinkAddData(link, CU_JIT_INPUT_CUBIN, (void *)junk, sizeof(junk), "j.cubin", 0, NULL, NULL),
               CUDA_ERROR_INVALID_IMAGE, "... as a cubin");
    expectCode(cuLinkAddFile(link, CU_JIT_INPUT_CUBIN, "/nonexistent/k.cubin", 0, NULL, NULL),
               CUDA_ERROR_FILE_NOT_FOUND, "cuLinkAddFile of no file");
    expectCode(cuLinkAddData(link, CU_JIT_NUM_INPUT_TYPES, (void *)junk, sizeof(junk), "x", 0, NULL, NULL),
               CUDA_ERROR_INVALID_VALUE, "an input type CUDA has not");
    checkCudaErrors(cuLinkDestroy(link));
    expectCode(cuLinkAddData(link, CU_JIT_INPUT_PTX, (void *)nvPtx, sizeof(nvPtx), "k.ptx", 0, NULL, NULL),
               CUDA_ERROR_INVALID_HANDLE, "a destroyed link state");
}

int main(int argc, char **argv)
{
    (void)argc;
    std::string fatbin = besideExe(argv[0], "library_kernels.fatbin");
    std::string ptx = besideExe(argv[0], "library_kernels.ptx");
    CUdevice dev;
    CUcontext ctx;
    CUdeviceptr dX;

    checkCudaErrors(cuInit(0));
    checkCudaErrors(cuDeviceGet(&dev, 0));
    checkCudaErrors(cuCtxCreate(&ctx, NULL, 0, dev));
    checkCudaErrors(cuMemAlloc(&dX, sizeof(hX)));

    CUlibrary lib = libraryKernels(fatbin, dX);
    CUkernel kept;
    CUfunction f;
    checkCudaErrors(cuLibraryGetKernel(&kept, lib, "addTable"));
    expect(cudaSetDevice(99) == cudaErrorInvalidDevice, "cudaSetDevice(99): cudaErrorInvalidDevice");
    checkCudaErrors(cuLibraryUnload(lib));
    expect(cudaPeekAtLastError() == cudaErrorInvalidDevice, "an unload leaves the runtime's last error alone");
    cudaGetLastError();
    expectCode(cuKernelGetFunction(&f, kept), CUDA_ERROR_INVALID_HANDLE, "a kept CUkernel of an unloaded library");
    expectCode(cuLibraryUnload(lib), CUDA_ERROR_INVALID_HANDLE, "cuLibraryUnload twice");

    runtimeLibrary(readFile(fatbin));
    linkAndLoad(ptx, dX);
    foreignImages();

    checkCudaErrors(cuMemFree(dX));
    checkCudaErrors(cuCtxDestroy(ctx));
    printf("%d passed, %d failed\n", passed, failed);
    printf(failed ? "FAIL\n" : "PASS\n");
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
