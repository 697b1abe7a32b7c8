// Helpers in the style of the ones CUDA programs copy from the official
// samples' Common/ folder (our own code, written for this corpus): they test
// the toolkit headers' include guards before using the API behind them
// (__DRIVER_TYPES_H__ for runtime errors, __cuda_cuda_h__ for driver ones),
// read -name=value options, pick the device with the most SM cores by
// compute capability (skipping prohibited devices), find data files in the
// usual folders, and time with a stopwatch object.
#ifndef SAMPLE_HELPER_STYLE_H
#define SAMPLE_HELPER_STYLE_H

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <sys/time.h>
#include <unistd.h>

#ifdef __DRIVER_TYPES_H__
static const char *errorName(cudaError_t error)
{
	return cudaGetErrorName(error);
}
#endif

#ifdef __cuda_cuda_h__
static const char *errorName(CUresult error)
{
	const char *name = NULL;
	return cuGetErrorName(error, &name) == CUDA_SUCCESS ? name : "<unknown>";
}
#endif

template <typename T> void check(T result, const char *const what, const char *const file, int const line)
{
	if (result) {
		fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line, (int)result, errorName(result),
			what);
		exit(EXIT_FAILURE);
	}
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)

#define getLastCudaError(msg) lastError(msg, __FILE__, __LINE__)
inline void lastError(const char *msg, const char *file, const int line)
{
	cudaError_t err = cudaGetLastError();
	if (err != cudaSuccess) {
		fprintf(stderr, "%s(%i) : getLastCudaError() CUDA error : %s : (%d) %s.\n", file, line, msg, (int)err,
			cudaGetErrorString(err));
		exit(EXIT_FAILURE);
	}
}

// ---- command line: -name or --name, -name=value ----
inline const char *argValue(int argc, const char **argv, const char *name)
{
	size_t n = strlen(name);
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		while (*a == '-')
			a++;
		if (!strncmp(a, name, n) && (a[n] == '=' || a[n] == 0))
			return a[n] == '=' ? a + n + 1 : a + n;
	}
	return NULL;
}
inline bool checkCmdLineFlag(int argc, const char **argv, const char *name)
{
	return argValue(argc, argv, name) != NULL;
}
inline int getCmdLineArgumentInt(int argc, const char **argv, const char *name)
{
	const char *v = argValue(argc, argv, name);
	return v && *v ? atoi(v) : 0;
}

// ---- devices ----
inline int convertSMVer2Cores(int major, int minor)
{
	static const struct {
		int sm, cores;
	} table[] = {{0x50, 128}, {0x52, 128}, {0x60, 64},  {0x61, 128}, {0x70, 64},  {0x75, 64},
		     {0x80, 64},  {0x86, 128}, {0x89, 128}, {0x90, 128}, {0xa0, 128}, {-1, -1}};
	int i = 0;
	for (; table[i].sm != -1; i++)
		if (table[i].sm == ((major << 4) + minor))
			return table[i].cores;
	printf("MapSMtoCores for SM %d.%d is undefined.  Default to use %d Cores/SM\n", major, minor,
	       table[i - 1].cores);
	return table[i - 1].cores;
}

inline int gpuGetMaxGflopsDeviceId()
{
	int count = 0, best = -1, prohibited = 0;
	unsigned long long best_perf = 0;
	checkCudaErrors(cudaGetDeviceCount(&count));
	for (int dev = 0; dev < count; dev++) {
		int mode, major, minor, sms, clock;
		checkCudaErrors(cudaDeviceGetAttribute(&mode, cudaDevAttrComputeMode, dev));
		if (mode == cudaComputeModeProhibited) {
			prohibited++;
			continue;
		}
		checkCudaErrors(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
		checkCudaErrors(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
		checkCudaErrors(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
		checkCudaErrors(cudaDeviceGetAttribute(&clock, cudaDevAttrClockRate, dev));
		unsigned long long perf = (unsigned long long)sms * convertSMVer2Cores(major, minor) * clock;
		if (perf > best_perf || best < 0)
			best_perf = perf, best = dev;
	}
	if (prohibited == count) {
		fprintf(stderr, "gpuGetMaxGflopsDeviceId() CUDA error: all devices have compute mode prohibited.\n");
		exit(EXIT_FAILURE);
	}
	return best;
}

inline int findCudaDevice(int argc, const char **argv)
{
	int dev = 0;
	if (checkCmdLineFlag(argc, argv, "device")) {
		dev = getCmdLineArgumentInt(argc, argv, "device");
		checkCudaErrors(cudaSetDevice(dev));
	} else {
		dev = gpuGetMaxGflopsDeviceId();
		checkCudaErrors(cudaSetDevice(dev));
	}
	int major = 0, minor = 0;
	char name[256];
	cudaDeviceProp prop;
	checkCudaErrors(cudaGetDeviceProperties(&prop, dev));
	checkCudaErrors(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev));
	checkCudaErrors(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, dev));
	snprintf(name, sizeof(name), "%s", prop.name);
	printf("GPU Device %d: \"%s\" with compute capability %d.%d\n\n", dev, name, major, minor);
	return dev;
}

// ---- data files: the name in the usual folders around the working one ----
inline char *sdkFindFilePath(const char *file, const char *executable)
{
	static const char *folders[] = {"./", "./data/", "../data/", "../../data/", "./src/", "./inc/"};
	(void)executable;
	for (size_t i = 0; i < sizeof(folders) / sizeof(folders[0]); i++) {
		std::string path = std::string(folders[i]) + file;
		FILE *f = fopen(path.c_str(), "rb");
		if (f) {
			fclose(f);
			char *out = (char *)malloc(path.size() + 1);
			memcpy(out, path.c_str(), path.size() + 1);
			return out;
		}
	}
	return NULL;
}

// ---- a stopwatch ----
class StopWatchInterface
{
      public:
	StopWatchInterface() : start_(0), total_(0), running_(false) {}
	void start()
	{
		start_ = now();
		running_ = true;
	}
	void stop()
	{
		if (running_)
			total_ += now() - start_;
		running_ = false;
	}
	float milliseconds() const { return (float)((total_ + (running_ ? now() - start_ : 0)) * 1e3); }

      private:
	static double now()
	{
		struct timeval t;
		gettimeofday(&t, NULL);
		return t.tv_sec + t.tv_usec * 1e-6;
	}
	double start_, total_;
	bool running_;
};
inline bool sdkCreateTimer(StopWatchInterface **timer)
{
	*timer = new StopWatchInterface();
	return *timer != NULL;
}
inline bool sdkStartTimer(StopWatchInterface **timer)
{
	(*timer)->start();
	return true;
}
inline bool sdkStopTimer(StopWatchInterface **timer)
{
	(*timer)->stop();
	return true;
}
inline float sdkGetTimerValue(StopWatchInterface **timer)
{
	return (*timer)->milliseconds();
}
inline bool sdkDeleteTimer(StopWatchInterface **timer)
{
	delete *timer;
	*timer = NULL;
	return true;
}

#endif
