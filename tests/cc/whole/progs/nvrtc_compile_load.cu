// NVRTC as the official samples' nvrtc helper drives it: a kernel's source
// compiled at run time for the device's architecture (sm_NN: a cubin),
// loaded with cuModuleLoadData, launched with cuLaunchKernel and checked
// against the host.  The source includes a header handed to
// nvrtcCreateProgram and one found by --include-path or beside the file
// the program is named after, takes a -D value and uses assert() without
// an include (NVRTC declares it);
// a compile for a virtual architecture gives PTX only (no cubin), which
// loads too.  A source with an error answers NVRTC_ERROR_COMPILATION with
// a log that names the error, an unknown option NVRTC_ERROR_INVALID_OPTION.
// Built with -lcuda -lnvrtc as such samples link.
#include <cuda.h>
#include <nvrtc.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>
#include <string>
#include <vector>

#define NVRTC_SAFE_CALL(x)                                                              \
	do {                                                                            \
		nvrtcResult result_ = (x);                                              \
		if (result_ != NVRTC_SUCCESS) {                                         \
			fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,       \
				nvrtcGetErrorString(result_));                          \
			exit(1);                                                        \
		}                                                                       \
	} while (0)

#define checkCudaErrors(x)                                                              \
	do {                                                                            \
		CUresult r_ = (x);                                                      \
		if (r_ != CUDA_SUCCESS) {                                               \
			const char *n_ = "?";                                           \
			cuGetErrorName(r_, &n_);                                        \
			fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, n_); \
			exit(1);                                                        \
		}                                                                       \
	} while (0)

static const char kernel_src[] =
	"#include \"scale.h\"\n"
	"#include \"offset.h\"\n"
	"extern \"C\" __global__ void scale_offset(const float *in, float *out, int n)\n"
	"{\n"
	"  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"  assert(n > 0);\n"
	"  if (i < n) out[i] = scaled(in[i]) + OFFSET + EXTRA;\n"
	"}\n";
static const char scale_h[] = "__device__ inline float scaled(float x) { return x * 3.0f; }\n";

static int failures;

static void check(bool ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAILED", what);
	failures += !ok;
}

static std::string program_log(nvrtcProgram prog)
{
	size_t size = 0;
	NVRTC_SAFE_CALL(nvrtcGetProgramLogSize(prog, &size));
	std::string log(size, '\0');
	NVRTC_SAFE_CALL(nvrtcGetProgramLog(prog, &log[0]));
	return log;
}

// The kernel compiled with arch; the cubin (real arch) or the PTX.  The
// cubin's compile names the program as a file in incdir, whose headers its
// "..." includes then find; the PTX's names it plainly and gives the folder
// by --include-path.
static std::vector<char> compile(const char *arch, const char *incdir, bool want_cubin)
{
	std::string name = want_cubin ? std::string(incdir) + "/scale_offset.cu" : "scale_offset.cu";
	const char *headers[] = { scale_h };
	const char *names[] = { "scale.h" };
	std::string arch_opt = std::string("--gpu-architecture=") + arch;
	std::string inc_opt = std::string("--include-path=") + incdir;
	const char *opts[] = { arch_opt.c_str(), "-DEXTRA=0.5f", "--std=c++17", "-lineinfo",
			       "--use_fast_math", inc_opt.c_str() };
	nvrtcProgram prog;
	NVRTC_SAFE_CALL(nvrtcCreateProgram(&prog, kernel_src, name.c_str(), 1, headers, names));
	nvrtcResult res = nvrtcCompileProgram(prog, want_cubin ? 5 : 6, opts);
	if (res != NVRTC_SUCCESS)
		fprintf(stderr, "compile log:\n%s\n", program_log(prog).c_str());
	NVRTC_SAFE_CALL(res);
	size_t cubin_size = 1, ptx_size = 0;
	NVRTC_SAFE_CALL(nvrtcGetCUBINSize(prog, &cubin_size));
	NVRTC_SAFE_CALL(nvrtcGetPTXSize(prog, &ptx_size));
	std::vector<char> code;
	if (want_cubin) {
		code.resize(cubin_size);
		if (cubin_size)
			NVRTC_SAFE_CALL(nvrtcGetCUBIN(prog, code.data()));
	} else {
		check(cubin_size == 0, "a virtual architecture gives no cubin");
		code.resize(ptx_size);
		if (ptx_size)
			NVRTC_SAFE_CALL(nvrtcGetPTX(prog, code.data()));
	}
	NVRTC_SAFE_CALL(nvrtcDestroyProgram(&prog));
	return code;
}

static void run(const std::vector<char> &image, const char *what)
{
	const int n = 1000;
	std::vector<float> in(n), out(n, -1.0f);
	for (int i = 0; i < n; i++)
		in[i] = (float)(i % 37) - 12.0f;
	CUmodule module;
	CUfunction fn;
	CUdeviceptr d_in, d_out;
	checkCudaErrors(cuModuleLoadData(&module, image.data()));
	checkCudaErrors(cuModuleGetFunction(&fn, module, "scale_offset"));
	checkCudaErrors(cuMemAlloc(&d_in, n * sizeof(float)));
	checkCudaErrors(cuMemAlloc(&d_out, n * sizeof(float)));
	checkCudaErrors(cuMemcpyHtoD(d_in, in.data(), n * sizeof(float)));
	int nn = n;
	void *args[] = { &d_in, &d_out, &nn };
	checkCudaErrors(cuLaunchKernel(fn, (n + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, args, NULL));
	checkCudaErrors(cuCtxSynchronize());
	checkCudaErrors(cuMemcpyDtoH(out.data(), d_out, n * sizeof(float)));
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += out[i] != in[i] * 3.0f + 2.0f + 0.5f;
	check(bad == 0, what);
	checkCudaErrors(cuMemFree(d_in));
	checkCudaErrors(cuMemFree(d_out));
	checkCudaErrors(cuModuleUnload(module));
}

// A source that does not compile, and an option NVRTC does not know.
static void refusals()
{
	const char *bad_src = "extern \"C\" __global__ void k(int *p) { p[0] = undeclared_name; }\n";
	const char *arch[] = { "--gpu-architecture=sm_90" };
	const char *unknown[] = { "--no-such-option" };
	nvrtcProgram prog;
	NVRTC_SAFE_CALL(nvrtcCreateProgram(&prog, bad_src, "bad.cu", 0, NULL, NULL));
	check(nvrtcCompileProgram(prog, 1, arch) == NVRTC_ERROR_COMPILATION,
	      "an undeclared name: NVRTC_ERROR_COMPILATION");
	check(program_log(prog).find("undeclared_name") != std::string::npos, "the log names it");
	size_t size = 0;
	check(nvrtcGetCUBINSize(prog, &size) == NVRTC_ERROR_INVALID_PROGRAM,
	      "no cubin after a failed compile: NVRTC_ERROR_INVALID_PROGRAM");
	NVRTC_SAFE_CALL(nvrtcDestroyProgram(&prog));
	NVRTC_SAFE_CALL(nvrtcCreateProgram(&prog, kernel_src, "k.cu", 0, NULL, NULL));
	check(nvrtcCompileProgram(prog, 1, unknown) == NVRTC_ERROR_INVALID_OPTION,
	      "an unknown option: NVRTC_ERROR_INVALID_OPTION");
	NVRTC_SAFE_CALL(nvrtcDestroyProgram(&prog));
}

int main()
{
	CUdevice dev;
	CUcontext ctx;
	int major = 0, minor = 0;
	checkCudaErrors(cuInit(0));
	checkCudaErrors(cuDeviceGet(&dev, 0));
	checkCudaErrors(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
	checkCudaErrors(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
	checkCudaErrors(cuDevicePrimaryCtxRetain(&ctx, dev));
	checkCudaErrors(cuCtxSetCurrent(ctx));

	// offset.h lives in a folder of its own, found by --include-path
	const char *tmp = getenv("TMPDIR");
	std::string tmpl = std::string(tmp && *tmp ? tmp : "/tmp") + "/nvrtc-inc.XXXXXX";
	std::vector<char> incdir(tmpl.begin(), tmpl.end());
	incdir.push_back('\0');
	if (!mkdtemp(incdir.data()))
		return 1;
	std::string header = std::string(incdir.data()) + "/offset.h";
	FILE *f = fopen(header.c_str(), "w");
	if (!f)
		return 1;
	fputs("#define OFFSET 2.0f\n", f);
	fclose(f);

	char arch[32];
	snprintf(arch, sizeof(arch), "sm_%d%d", major, minor);
	std::vector<char> cubin = compile(arch, incdir.data(), true);
	check(!cubin.empty(), "a real architecture gives a cubin");
	if (!cubin.empty())
		run(cubin, "the cubin's kernel equals the host");
	snprintf(arch, sizeof(arch), "compute_%d%d", major, minor);
	std::vector<char> ptx = compile(arch, incdir.data(), false);
	check(ptx.size() > 1 && ptx.back() == '\0', "the PTX is a string");
	if (!ptx.empty())
		run(ptx, "the PTX's kernel equals the host");
	refusals();
	remove(header.c_str());
	rmdir(incdir.data());

	checkCudaErrors(cuDevicePrimaryCtxRelease(dev));
	printf("%d failed\n%s\n", failures, failures ? "FAIL" : "PASS");
	return failures != 0;
}
