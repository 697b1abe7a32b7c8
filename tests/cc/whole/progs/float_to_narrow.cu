// Device conversions of a float or double to an 8- or 16-bit integer it does
// not fit.  nvcc converts through a 32-bit register: cvt.rzi.s32.f32 (or
// .u32 for an unsigned destination), which saturates and turns NaN into 0,
// then stores the low 8 or 16 bits, so (unsigned char)300.0f is 44 and
// (short)70000.0f is 4464.  Saturating at the destination's own width
// (what clang's -fno-strict-float-cast-overflow does) gives 255 and 32767
// instead (lib/cc/narrow_cast.c).  The expected values below are PTX's,
// worked out by hand, not computed by a cast.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

#define N 12

typedef unsigned short ushort_t;

__device__ void store_byte(unsigned char *p, unsigned char v)
{
	*p = v;
}

__device__ short to_short(double x)
{
	return x;
}

__global__ void narrow(const float *f, const double *d, signed char *sc, unsigned char *uc, short *ss,
		       unsigned short *us, unsigned char *arg, short *ret, char *init)
{
	int t = threadIdx.x;
	char c = f[t];

	sc[t] = (signed char)f[t];
	uc[t] = static_cast<unsigned char>(f[t]);
	ss[t] = f[t];
	us[t] = ushort_t(f[t]);
	store_byte(arg + t, f[t]);
	ret[t] = to_short(d[t]);
	init[t] = c;
}

int main()
{
	float hf[N] = { 300.0f, -1.0f, 70000.0f, -40000.0f, 1e10f, NAN, -1e10f, 255.9f, -129.5f, 65535.5f, 3e9f, -3e9f };
	double hd[N];
	const signed char want_sc[N] = { 44, -1, 112, -64, -1, 0, 0, -1, 127, -1, -1, 0 };
	const unsigned char want_uc[N] = { 44, 0, 112, 0, 255, 0, 0, 255, 0, 255, 0, 0 };
	const short want_ss[N] = { 300, -1, 4464, 25536, -1, 0, 0, 255, -129, -1, -1, 0 };
	const unsigned short want_us[N] = { 300, 0, 4464, 0, 65535, 0, 0, 255, 0, 65535, 24064, 0 };
	signed char *dsc, hsc[N];
	unsigned char *duc, huc[N], *darg, harg[N];
	short *dss, hss[N], *dret, hret[N];
	unsigned short *dus, hus[N];
	char *dinit, hinit[N];
	float *df;
	double *dd;
	int bad = 0;

	for (int i = 0; i < N; i++)
		hd[i] = hf[i];
	cudaMalloc((void **)&df, sizeof(hf));
	cudaMalloc((void **)&dd, sizeof(hd));
	cudaMalloc((void **)&dsc, N);
	cudaMalloc((void **)&duc, N);
	cudaMalloc((void **)&darg, N);
	cudaMalloc((void **)&dinit, N);
	cudaMalloc((void **)&dss, N * sizeof(short));
	cudaMalloc((void **)&dret, N * sizeof(short));
	cudaMalloc((void **)&dus, N * sizeof(unsigned short));
	cudaMemcpy(df, hf, sizeof(hf), cudaMemcpyHostToDevice);
	cudaMemcpy(dd, hd, sizeof(hd), cudaMemcpyHostToDevice);
	narrow<<<1, N>>>(df, dd, dsc, duc, dss, dus, darg, dret, dinit);
	cudaMemcpy(hsc, dsc, N, cudaMemcpyDeviceToHost);
	cudaMemcpy(huc, duc, N, cudaMemcpyDeviceToHost);
	cudaMemcpy(harg, darg, N, cudaMemcpyDeviceToHost);
	cudaMemcpy(hinit, dinit, N, cudaMemcpyDeviceToHost);
	cudaMemcpy(hss, dss, N * sizeof(short), cudaMemcpyDeviceToHost);
	cudaMemcpy(hret, dret, N * sizeof(short), cudaMemcpyDeviceToHost);
	cudaMemcpy(hus, dus, N * sizeof(unsigned short), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++) {
		if (hsc[i] != want_sc[i] || hinit[i] != (char)want_sc[i])
			printf("FAIL %d: (signed char)%g = %d, char = %d, want %d\n", i, hf[i], hsc[i], hinit[i], want_sc[i]), bad++;
		if (huc[i] != want_uc[i] || harg[i] != want_uc[i])
			printf("FAIL %d: (unsigned char)%g = %u, argument %u, want %u\n", i, hf[i], huc[i], harg[i], want_uc[i]), bad++;
		if (hss[i] != want_ss[i] || hret[i] != want_ss[i])
			printf("FAIL %d: (short)%g = %d, returned %d, want %d\n", i, hf[i], hss[i], hret[i], want_ss[i]), bad++;
		if (hus[i] != want_us[i])
			printf("FAIL %d: (unsigned short)%g = %u, want %u\n", i, hf[i], hus[i], want_us[i]), bad++;
	}
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
