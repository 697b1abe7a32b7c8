// Two kernel files linked into one image at run time, in the style of the
// official samples' driver programs: link_caller.cu's kernel calls a device
// function (and counts in a variable) that link_callee.cu defines, each
// built on its own with -rdc=true (link_caller.fatbin, link_callee.fatbin);
// cuLinkCreate / cuLinkAddFile of both / cuLinkComplete make one image that
// cuModuleLoadData loads as one module.  Either file alone does not load
// (its reference is unresolved: CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND,
// the name in the log), and each load of the image is a module of its own.
// Expected values are computed on the host.  Last line PASS.
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
        hX[i] = want[i] = (float)(i % 11) - 5.0f;
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

// cuLinkCreate .. cuLinkComplete of the two files: the image, owned by the link state
static CUmodule linkBoth(const std::string &caller, const std::string &callee)
{
    char info[1024] = "", error[1024] = "";
    CUjit_option opts[] = { CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_LOG_VERBOSE };
    void *vals[] = { info, (void *)(size_t)sizeof(info), error, (void *)(size_t)sizeof(error), (void *)1 };
    CUlinkState link;
    void *cubin = NULL;
    size_t size = 0;
    CUmodule mod;

    checkCudaErrors(cuLinkCreate(5, opts, vals, &link));
    checkCudaErrors(cuLinkAddFile(link, CU_JIT_INPUT_FATBINARY, caller.c_str(), 0, NULL, NULL));
    checkCudaErrors(cuLinkAddFile(link, CU_JIT_INPUT_FATBINARY, callee.c_str(), 0, NULL, NULL));
    checkCudaErrors(cuLinkComplete(link, &cubin, &size));
    expect(cubin && size > 0 && error[0] == 0 && strstr(info, "linked 2") != NULL,
           "cuLinkComplete of two files: an image, its size, the info log");
    checkCudaErrors(cuModuleLoadData(&mod, cubin));
    checkCudaErrors(cuLinkDestroy(link));
    return mod;
}

static void runLinked(CUmodule mod, CUdeviceptr dX, float g, unsigned int launches, float gainBefore)
{
    CUfunction apply, setGain;
    CUdeviceptr gain, calls;
    size_t bytes = 0;
    unsigned int count = 0, hCalls = 0;
    float hGain = 0.0f;
    int n = N;

    checkCudaErrors(cuModuleGetFunctionCount(&count, mod));
    expect(count == 2, "the linked module has both files' kernels");
    checkCudaErrors(cuModuleGetFunction(&apply, mod, "applyTransform"));
    checkCudaErrors(cuModuleGetFunction(&setGain, mod, "setGain"));
    checkCudaErrors(cuModuleGetGlobal(&gain, &bytes, mod, "gain"));
    expect(bytes == sizeof(float), "cuModuleGetGlobal of the callee's variable");
    checkCudaErrors(cuMemcpyDtoH(&hGain, gain, sizeof(hGain)));
    expect(hGain == gainBefore, "... with its value: each load has its own");
    checkCudaErrors(cuModuleGetGlobal(&calls, &bytes, mod, "calls"));
    checkCudaErrors(cuMemsetD32(calls, 0, 1));

    void *gainArgs[] = { &g };
    checkCudaErrors(cuLaunchKernel(setGain, 1, 1, 1, 1, 1, 1, 0, NULL, gainArgs, NULL));
    upload(dX);
    void *args[] = { &dX, &n };
    for (unsigned int k = 0; k < launches; k++) {
        checkCudaErrors(cuLaunchKernel(apply, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, args, NULL));
        for (int i = 0; i < N; i++)
            want[i] = want[i] * g + 1.0f;
    }
    checkCudaErrors(cuCtxSynchronize());
    expect(matches(dX), "the caller's kernel ran the callee's function with the gain its kernel set");
    checkCudaErrors(cuMemcpyDtoH(&hCalls, calls, sizeof(hCalls)));
    expect(hCalls == launches, "the caller counted in the callee's variable");
}

// either file alone: its reference has no definition
static void alone(const std::string &caller)
{
    char error[1024] = "";
    CUjit_option opts[] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
    void *vals[] = { error, (void *)(size_t)sizeof(error) };
    CUlinkState link;
    CUmodule mod;
    void *cubin = NULL;
    size_t size = 0;

    expectCode(cuModuleLoad(&mod, caller.c_str()), CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND,
               "cuModuleLoad of the caller alone");
    checkCudaErrors(cuLinkCreate(2, opts, vals, &link));
    checkCudaErrors(cuLinkAddFile(link, CU_JIT_INPUT_FATBINARY, caller.c_str(), 0, NULL, NULL));
    checkCudaErrors(cuLinkComplete(link, &cubin, &size));
    char loadError[1024] = "";
    void *loadVals[] = { loadError, (void *)(size_t)sizeof(loadError) };
    expectCode(cuModuleLoadDataEx(&mod, cubin, 2, opts, loadVals), CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND,
               "a link of the caller alone, loaded");
    expect(strstr(loadError, "transform") != NULL || strstr(loadError, "calls") != NULL,
           "... the error log names the missing definition");
    checkCudaErrors(cuLinkDestroy(link));
}

// a linked image whose head is changed is no image
static void damaged(const std::string &caller, const std::string &callee)
{
    CUlinkState link;
    void *cubin = NULL;
    size_t size = 0;
    CUmodule mod;

    checkCudaErrors(cuLinkCreate(0, NULL, NULL, &link));
    checkCudaErrors(cuLinkAddFile(link, CU_JIT_INPUT_FATBINARY, caller.c_str(), 0, NULL, NULL));
    checkCudaErrors(cuLinkAddFile(link, CU_JIT_INPUT_FATBINARY, callee.c_str(), 0, NULL, NULL));
    checkCudaErrors(cuLinkComplete(link, &cubin, &size));
    std::string copy((const char *)cubin, size);
    copy[16] = 1;    // the count of parts (after the 16-byte tag): one is no linked image
    expectCode(cuModuleLoadData(&mod, copy.data()), CUDA_ERROR_INVALID_IMAGE, "a linked image of one part");
    copy[16] = 2;
    copy[32 + 5] = 1;    // the second part's size (after the first's): 2^40 bytes more
    expectCode(cuModuleLoadData(&mod, copy.data()), CUDA_ERROR_INVALID_IMAGE, "a part larger than any image");
    copy = std::string((const char *)cubin, size);
    copy[0] = 'X';    // the tag: then no image of any kind
    expectCode(cuModuleLoadData(&mod, copy.data()), CUDA_ERROR_INVALID_IMAGE, "a linked image without its tag");
    checkCudaErrors(cuLinkDestroy(link));
}

int main(int argc, char **argv)
{
    (void)argc;
    std::string caller = besideExe(argv[0], "link_caller.fatbin");
    std::string callee = besideExe(argv[0], "link_callee.fatbin");
    CUdevice dev;
    CUcontext ctx;
    CUdeviceptr dX;

    checkCudaErrors(cuInit(0));
    checkCudaErrors(cuDeviceGet(&dev, 0));
    checkCudaErrors(cuCtxCreate(&ctx, NULL, 0, dev));
    checkCudaErrors(cuMemAlloc(&dX, sizeof(hX)));

    CUmodule first = linkBoth(caller, callee);
    runLinked(first, dX, 2.0f, 2, 3.0f);
    CUmodule second = linkBoth(caller, callee);
    runLinked(second, dX, -0.5f, 1, 3.0f);
    checkCudaErrors(cuModuleUnload(first));
    CUfunction f;
    expectCode(cuModuleGetFunction(&f, first, "applyTransform"), CUDA_ERROR_INVALID_HANDLE, "the unloaded module");
    runLinked(second, dX, 4.0f, 1, -0.5f);    // the other load is untouched
    checkCudaErrors(cuModuleUnload(second));
    alone(caller);
    damaged(caller, callee);

    checkCudaErrors(cuMemFree(dX));
    checkCudaErrors(cuCtxDestroy(ctx));
    printf("%d passed, %d failed\n", passed, failed);
    printf(failed ? "FAIL\n" : "PASS\n");
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
