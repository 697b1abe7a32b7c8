// Device conversions of a float to an 8- or 16-bit integer on every path of
// the translator (lib/cc/narrow_cast.c): a compound assignment (`c += f` has
// no conversion node of its own), a template's cast to its parameter type,
// a template's variable and return of its parameter type,
// a template with a fixed destination, a variable live across
// __syncthreads() (kept per thread by loop fission), a kernel with a warp
// shuffle, char16_t, and a __half source, which nvcc's cuda_fp16.h converts
// with its own saturating operator (cvt.rzi.u8.f16: 300 gives 255, not 44).
// nvcc converts a float through a 32-bit register (cvt.rzi.u32.f32 or
// .s32.f32, saturating there) and keeps the low bits.  The expected values
// are worked out by hand from that rule, not computed by a cast.
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define N 8

template <typename T>
__device__ T scaled(float x, float s)
{
	return static_cast<T>(x * s);
}

template <typename T>
__device__ T quantize(float x)
{
	T q = x * 0.5f;
	return q;
}

template <typename T>
__device__ T as_is(float x)
{
	return x;
}

__global__ void dependent_results(unsigned char *u8, short *s16, const float *in)
{
	int i = threadIdx.x;

	u8[i] = quantize<unsigned char>(in[i] * 2.0f);
	s16[i] = as_is<short>(in[i]);
}

template <typename T>
__global__ void to_type(T *out, const float *in)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	out[i] = (T)in[i];
}

template <int SCALE>
__global__ void to_byte_scaled(unsigned char *out, const float *in)
{
	int i = threadIdx.x;

	out[i] = in[i] * SCALE;
}

__global__ void accumulate(unsigned char *acc, signed char *dec, const float *in)
{
	int i = threadIdx.x;

	acc[i] = 1;
	acc[i] += in[i];
	dec[i] = 0;
	dec[i] -= in[i];
}

__global__ void across_barrier(short *out, const float *in)
{
	__shared__ float tile[N];
	int i = threadIdx.x;
	float v = in[i];

	tile[i] = v;
	__syncthreads();
	short r = v;
	out[i] = r + (short)(tile[(i + 1) % N] * 0.0f);
}

__global__ void after_shuffle(unsigned char *out, char16_t *wide, const float *in)
{
	int i = threadIdx.x;
	float v = __shfl_sync(0xffffffffu, in[i], i);

	out[i] = v;
	wide[i] = scaled<char16_t>(v, 1.0f);
}

__global__ void from_half(unsigned char *out, const float *in)
{
	int i = threadIdx.x;
	__half h = __float2half(in[i]);

	out[i] = h;
}

static int check(const char *what, const int *got, const int *want)
{
	int bad = 0;

	for (int i = 0; i < N; i++)
		if (got[i] != want[i])
			printf("FAIL %s[%d] = %d, want %d\n", what, i, got[i], want[i]), bad++;
	return bad;
}

template <typename T>
static int fetch_check(const char *what, const T *d, const int *want)
{
	T h[N];
	int got[N];

	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		got[i] = (int)h[i];
	return check(what, got, want);
}

int main()
{
	const float hin[N] = { 300.0f, -1.0f, 70000.0f, 1000.5f, 3e9f, -3e9f, 255.5f, 40000.0f };
	const int want_u8[N] = { 44, 0, 112, 232, 0, 0, 255, 64 };
	const int want_s16[N] = { 300, -1, 4464, 1000, -1, 0, 255, -25536 };
	const int want_acc[N] = { 45, 0, 113, 233, 0, 0, 0, 65 };
	const int want_dec[N] = { -44, 1, -112, 24, 0, -1, 1, -64 };
	const int want_u16[N] = { 300, 0, 4464, 1000, 24064, 0, 255, 40000 };
	const int want_half[N] = { 255, 0, 255, 255, 255, 0, 255, 255 };
	float *in;
	unsigned char *u8;
	signed char *s8;
	short *s16;
	char16_t *u16;
	int bad = 0;

	cudaMalloc((void **)&in, sizeof(hin));
	cudaMalloc((void **)&u8, N);
	cudaMalloc((void **)&s8, N);
	cudaMalloc((void **)&s16, N * sizeof(short));
	cudaMalloc((void **)&u16, N * sizeof(char16_t));
	cudaMemcpy(in, hin, sizeof(hin), cudaMemcpyHostToDevice);

	to_type<unsigned char><<<1, N>>>(u8, in);
	bad += fetch_check("to_type<unsigned char>", u8, want_u8);
	to_type<short><<<1, N>>>(s16, in);
	bad += fetch_check("to_type<short>", s16, want_s16);
	to_byte_scaled<1><<<1, N>>>(u8, in);
	bad += fetch_check("to_byte_scaled<1>", u8, want_u8);
	accumulate<<<1, N>>>(u8, s8, in);
	bad += fetch_check("acc += f", u8, want_acc);
	bad += fetch_check("dec -= f", s8, want_dec);
	across_barrier<<<1, N>>>(s16, in);
	bad += fetch_check("across_barrier", s16, want_s16);
	after_shuffle<<<1, N>>>(u8, u16, in);
	bad += fetch_check("after_shuffle", u8, want_u8);
	bad += fetch_check("scaled<char16_t>", u16, want_u16);
	from_half<<<1, N>>>(u8, in);
	bad += fetch_check("from_half", u8, want_half);
	dependent_results<<<1, N>>>(u8, s16, in);
	bad += fetch_check("quantize<unsigned char>", u8, want_u8);
	bad += fetch_check("as_is<short>", s16, want_s16);
	printf("%d passed, %d failed\n", 11 * N - bad, bad);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
