// Names of cuda.h that driver-API programs write beyond its calls, in the
// style of the official samples' driver programs and of code that loads the
// driver through function pointers: CUDAAPI in a function-pointer type
// filled by cuGetProcAddress, the versioned type names (CUdevice_v1,
// CUdeviceptr_v2), the JIT's option values (CU_TARGET_COMPUTE_*,
// CU_PREFER_PTX, CU_JIT_CACHE_OPTION_*) given to cuLinkCreate, the
// shared-memory carveout values, occupancy and event-record flags, IPC
// handle sizes, and an array format of newer GPUs (refused with CUDA's
// code).  Each value is checked against the number CUDA 13.0 documents.
// Last line PASS.
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>

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

// a dynamic loader's function-pointer types, as programs that load the driver write them
typedef CUresult CUDAAPI tcuDeviceGetCount(int *count);
typedef CUresult(CUDAAPI *PFN_cuDriverGetVersion)(int *version);

__global__ void fill(int *out, int v)
{
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

int main(void)
{
    CUdevice_v1 dev;
    CUcontext ctx;
    CUfunction f;
    int count = 0, version = 0;

    checkCudaErrors(cuInit(0));
    checkCudaErrors(cuDeviceGet(&dev, 0));
    checkCudaErrors(cuCtxCreate(&ctx, NULL, 0, dev));

    tcuDeviceGetCount *getCount = NULL;
    PFN_cuDriverGetVersion getVersion = NULL;
    CUdriverProcAddressQueryResult found;
    checkCudaErrors(cuGetProcAddress("cuDeviceGetCount", (void **)&getCount, 12000, CU_GET_PROC_ADDRESS_DEFAULT,
                                     &found));
    checkCudaErrors(cuGetProcAddress("cuDriverGetVersion", (void **)&getVersion, 12000,
                                     CU_GET_PROC_ADDRESS_DEFAULT, &found));
    expect(getCount && getCount(&count) == CUDA_SUCCESS && count == 1, "cuDeviceGetCount through a CUDAAPI pointer");
    expect(getVersion && getVersion(&version) == CUDA_SUCCESS && version > 0, "cuDriverGetVersion likewise");

    expect(sizeof(CUdevice_v1) == sizeof(int) && sizeof(CUdeviceptr_v2) == 8, "versioned type names");
    expect(sizeof(CUipcMemHandle) == 64 && sizeof(CUipcEventHandle) == CU_IPC_HANDLE_SIZE,
           "IPC handles: 64 opaque bytes");
    expect(CU_TARGET_COMPUTE_80 == 80 && CU_TARGET_COMPUTE_90A == 0x10000 + 90 &&
               CU_TARGET_COMPUTE_100F == 0x20000 + 100,
           "JIT targets: CUDA's numbers");
    expect(CU_PREFER_PTX == 0 && CU_PREFER_BINARY == 1 && CU_JIT_CACHE_OPTION_CA == 2, "JIT fallback and cache");
    expect(CU_CUBEMAP_FACE_NEGATIVE_Z == 5 && CU_SHAREDMEM_CARVEOUT_MAX_SHARED == 100 &&
               CU_SHAREDMEM_CARVEOUT_DEFAULT == -1,
           "cubemap faces and carveouts");
    expect(CU_EVENT_WAIT_EXTERNAL == 1 && CU_EVENT_SCHED_BLOCKING_SYNC == 4 && CUDA_ARRAY3D_SPARSE == 0x40,
           "event and 3-D array flags");

    // the JIT's options as a program gives them to the linker (accepted; there is no JIT)
    CUjit_option opts[] = { CU_JIT_TARGET, CU_JIT_FALLBACK_STRATEGY, CU_JIT_CACHE_MODE };
    void *vals[] = { (void *)(size_t)CU_TARGET_COMPUTE_80, (void *)(size_t)CU_PREFER_PTX,
                     (void *)(size_t)CU_JIT_CACHE_OPTION_CA };
    CUlinkState link;
    expect(cuLinkCreate(3, opts, vals, &link) == CUDA_SUCCESS && cuLinkDestroy(link) == CUDA_SUCCESS,
           "cuLinkCreate with a target, a fallback strategy and a cache mode");

    // the program's own kernel: carveout and occupancy flags
    int carveout = 0, blocks = 0, blocksDefault = 0;
    expect(cudaGetFuncBySymbol(&f, (const void *)fill) == cudaSuccess, "cudaGetFuncBySymbol of the kernel");
    checkCudaErrors(cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
                                       CU_SHAREDMEM_CARVEOUT_MAX_SHARED));
    checkCudaErrors(cuFuncGetAttribute(&carveout, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT, f));
    expect(carveout == 100, "the carveout set as CU_SHAREDMEM_CARVEOUT_MAX_SHARED reads back 100");
    checkCudaErrors(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocks, f, 128, 0,
                                                                       CU_OCCUPANCY_DISABLE_CACHING_OVERRIDE));
    checkCudaErrors(cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&blocksDefault, f, 128, 0,
                                                                       CU_OCCUPANCY_DEFAULT));
    expect(blocks > 0 && blocks == blocksDefault, "occupancy: the caching override changes nothing here");

    CUdeviceptr_v2 d;
    int h[256];
    CUstream s;
    CUevent e;
    checkCudaErrors(cuMemAlloc(&d, sizeof(h)));
    checkCudaErrors(cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
    checkCudaErrors(cuEventCreate(&e, CU_EVENT_DEFAULT));
    int v = 7;
    void *args[] = { &d, &v };
    checkCudaErrors(cuLaunchKernel(f, 2, 1, 1, 128, 1, 1, 0, s, args, NULL));
    checkCudaErrors(cuEventRecordWithFlags(e, s, CU_EVENT_RECORD_DEFAULT));
    checkCudaErrors(cuEventSynchronize(e));
    checkCudaErrors(cuMemcpyDtoH(h, d, sizeof(h)));
    bool all = true;
    for (int i = 0; i < 256; i++)
        all = all && h[i] == 7;
    expect(all, "the kernel ran, its event recorded with CU_EVENT_RECORD_DEFAULT");

    // a format of newer GPUs: named, and refused as CUDA refuses what a device lacks
    CUDA_ARRAY_DESCRIPTOR desc = {};
    CUarray array;
    desc.Width = 64;
    desc.Height = 64;
    desc.Format = CU_AD_FORMAT_BC1_UNORM;
    desc.NumChannels = 4;
    expect(cuArrayCreate(&array, &desc) == CUDA_ERROR_INVALID_VALUE, "cuArrayCreate of BC1: CUDA_ERROR_INVALID_VALUE");

    checkCudaErrors(cuEventDestroy(e));
    checkCudaErrors(cuStreamDestroy(s));
    checkCudaErrors(cuMemFree(d));
    checkCudaErrors(cuCtxDestroy(ctx));
    printf("%d passed, %d failed\n", passed, failed);
    printf(failed ? "FAIL\n" : "PASS\n");
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
