// Two kernel files linked at run time with nvJitLink, in the style of the
// official sample jitLto (whose own inputs are LTO-IR from NVRTC, which
// idxgen does not compile): link_caller.fatbin and link_callee.fatbin
// (each built with -rdc=true; the caller's kernel calls the callee's device
// function) added by nvJitLinkAddFile and nvJitLinkAddData, linked by
// nvJitLinkComplete; nvJitLinkGetLinkedCubin's image loaded with
// cuModuleLoadData and its kernels launched.  The caller alone links but
// does not load (its reference is unresolved); the logs are read as the
// sample reads them.  Expected values are computed on the host.
// Last line PASS.
#include <cuda.h>
#include <nvJitLink.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <string>
#include <vector>

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

// the sample's NVJITLINK_SAFE_CALL: on an error, the handle's log
#define NVJITLINK_SAFE_CALL(h, x)                                                      \
    do {                                                                               \
        nvJitLinkResult result = x;                                                    \
        if (result != NVJITLINK_SUCCESS) {                                             \
            fprintf(stderr, "\nerror: %s failed with error %d\n", #x, (int)result);   \
            size_t lsize;                                                              \
            result = nvJitLinkGetErrorLogSize(h, &lsize);                              \
            if (result == NVJITLINK_SUCCESS && lsize > 0) {                            \
                std::vector<char> log(lsize);                                          \
                if (nvJitLinkGetErrorLog(h, log.data()) == NVJITLINK_SUCCESS)          \
                    fprintf(stderr, "error: %s\n", log.data());                        \
            }                                                                          \
            exit(EXIT_FAILURE);                                                        \
        }                                                                              \
    } while (0)

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

static std::string besideExe(const char *argv0, const char *name)
{
    std::string exe = argv0;
    size_t slash = exe.rfind('/');
    return slash == std::string::npos ? std::string(name) : exe.substr(0, slash + 1) + name;
}

static std::vector<char> readFile(const std::string &path)
{
    std::vector<char> bytes;
    FILE *f = fopen(path.c_str(), "rb");
    if (!f)
        return bytes;
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
        bytes.insert(bytes.end(), buf, buf + n);
    fclose(f);
    return bytes;
}

static const int N = 1000;
static float hX[N], want[N];

// nvJitLink of the caller (and the callee, if given): the linked image
static std::vector<char> link(const std::string &caller, const std::string *callee)
{
    const char *opts[] = { "-arch=sm_90", "-O3" };
    nvJitLinkHandle h;
    NVJITLINK_SAFE_CALL(h, nvJitLinkCreate(&h, 2, opts));
    NVJITLINK_SAFE_CALL(h, nvJitLinkAddFile(h, NVJITLINK_INPUT_FATBIN, caller.c_str()));
    if (callee) {
        std::vector<char> data = readFile(*callee);
        expect(!data.empty(), "the callee's module read");
        NVJITLINK_SAFE_CALL(h, nvJitLinkAddData(h, NVJITLINK_INPUT_ANY, data.data(), data.size(), "callee"));
    }
    NVJITLINK_SAFE_CALL(h, nvJitLinkComplete(h));
    size_t size = 0, infoSize = 0;
    NVJITLINK_SAFE_CALL(h, nvJitLinkGetLinkedCubinSize(h, &size));
    std::vector<char> cubin(size);
    NVJITLINK_SAFE_CALL(h, nvJitLinkGetLinkedCubin(h, cubin.data()));
    NVJITLINK_SAFE_CALL(h, nvJitLinkGetInfoLogSize(h, &infoSize));
    std::vector<char> info(infoSize + 1);
    NVJITLINK_SAFE_CALL(h, nvJitLinkGetInfoLog(h, info.data()));
    expect(size > 0 && strstr(info.data(), callee ? "linked 2" : "linked 1") != NULL,
           "nvJitLinkComplete: an image, its size, the info log");
    NVJITLINK_SAFE_CALL(h, nvJitLinkDestroy(&h));
    return cubin;
}

int main(int argc, char **argv)
{
    (void)argc;
    std::string caller = besideExe(argv[0], "link_caller.fatbin");
    std::string callee = besideExe(argv[0], "link_callee.fatbin");
    CUdevice dev;
    CUcontext ctx;
    CUdeviceptr dX, gain, calls;
    CUmodule mod;
    CUfunction apply, setGain;
    size_t bytes = 0;
    unsigned int hCalls = 0;
    float g = 1.5f;
    int n = N;

    checkCudaErrors(cuInit(0));
    checkCudaErrors(cuDeviceGet(&dev, 0));
    checkCudaErrors(cuCtxCreate(&ctx, NULL, 0, dev));
    checkCudaErrors(cuMemAlloc(&dX, sizeof(hX)));

    std::vector<char> image = link(caller, &callee);
    checkCudaErrors(cuModuleLoadData(&mod, image.data()));
    checkCudaErrors(cuModuleGetFunction(&apply, mod, "applyTransform"));
    checkCudaErrors(cuModuleGetFunction(&setGain, mod, "setGain"));
    checkCudaErrors(cuModuleGetGlobal(&gain, &bytes, mod, "gain"));
    checkCudaErrors(cuModuleGetGlobal(&calls, &bytes, mod, "calls"));
    checkCudaErrors(cuMemsetD32(calls, 0, 1));
    void *gainArgs[] = { &g };
    checkCudaErrors(cuLaunchKernel(setGain, 1, 1, 1, 1, 1, 1, 0, NULL, gainArgs, NULL));
    for (int i = 0; i < N; i++)
        hX[i] = (float)(i % 13) - 6.0f, want[i] = hX[i] * g + 1.0f;
    checkCudaErrors(cuMemcpyHtoD(dX, hX, sizeof(hX)));
    void *args[] = { &dX, &n };
    checkCudaErrors(cuLaunchKernel(apply, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, args, NULL));
    checkCudaErrors(cuCtxSynchronize());
    checkCudaErrors(cuMemcpyDtoH(hX, dX, sizeof(hX)));
    bool same = true;
    for (int i = 0; i < N; i++)
        same &= hX[i] == want[i];
    expect(same, "the linked caller's kernel ran the callee's function with the gain its kernel set");
    checkCudaErrors(cuMemcpyDtoH(&hCalls, calls, sizeof(hCalls)));
    expect(hCalls == 1, "the caller counted in the callee's variable");
    checkCudaErrors(cuModuleUnload(mod));

    std::vector<char> alone = link(caller, NULL);
    CUresult r = cuModuleLoadData(&mod, alone.data());
    expect(r == CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND, "the caller alone: linked, but does not load");

    checkCudaErrors(cuMemFree(dX));
    checkCudaErrors(cuCtxDestroy(ctx));
    printf("%d passed, %d failed\n", passed, failed);
    printf(failed ? "FAIL\n" : "PASS\n");
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
