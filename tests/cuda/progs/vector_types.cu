// CUDA's built-in vector types and their make_* constructors: float4 loads
// and stores, float3 arithmetic, int2 pairs, uchar4 pixels, double2
// complex numbers, plus char2/short4/uint3/longlong2 and dim3/uint3 fields.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

__device__ float3 cross3(float3 a, float3 b)
{
	return make_float3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

__device__ double2 cmul(double2 a, double2 b)
{
	return make_double2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

__global__ void vec_kernel(const float4 *a, float4 *b, const int2 *pairs, int *sums,
			   const uchar4 *pix, unsigned char *gray, double2 *z, float3 *cr, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	float4 v = a[i];
	b[i] = make_float4(v.w, v.z * 2.0f, v.y + 1.0f, v.x - v.y);
	int2 p = pairs[i];
	sums[i] = p.x * 3 + p.y;
	uchar4 c = pix[i];
	gray[i] = (unsigned char)((c.x * 77 + c.y * 150 + c.z * 29) >> 8);
	z[i] = cmul(z[i], make_double2(0.0, 1.0));
	cr[i] = cross3(make_float3(v.x, v.y, v.z), make_float3(1.0f, 0.0f, 0.0f));
	char2 ch = make_char2((char)(i & 63), (char)-1);
	short4 s4 = make_short4(1, 2, 3, (short)ch.x);
	uint3 u3 = make_uint3(threadIdx.x, blockIdx.x, blockDim.x);
	longlong2 ll = make_longlong2((long long)i << 33, 5);
	if (s4.w + ch.y != (i & 63) - 1 || u3.x + u3.y * u3.z != (unsigned)i || (ll.x >> 33) != i)
		sums[i] = -1;
}

int main()
{
	const int n = 517;
	float4 *ha = new float4[n], *hb = new float4[n];
	int2 *hp = new int2[n];
	int *hs = new int[n];
	uchar4 *hpix = new uchar4[n];
	unsigned char *hg = new unsigned char[n];
	double2 *hz = new double2[n], *hz0 = new double2[n];
	float3 *hc = new float3[n];
	for (int i = 0; i < n; i++) {
		ha[i] = make_float4(i, i * 0.5f, -i, 1.0f / (i + 1));
		hp[i] = make_int2(i, -2 * i);
		hpix[i] = make_uchar4(i & 255, (i * 3) & 255, (i * 7) & 255, 255);
		hz0[i] = hz[i] = make_double2(i * 0.25, 1.0 - i);
	}
	float4 *da, *db;
	int2 *dp;
	int *ds;
	uchar4 *dpix;
	unsigned char *dg;
	double2 *dz;
	float3 *dc;
	cudaMalloc(&da, n * sizeof(float4));
	cudaMalloc(&db, n * sizeof(float4));
	cudaMalloc(&dp, n * sizeof(int2));
	cudaMalloc(&ds, n * sizeof(int));
	cudaMalloc(&dpix, n * sizeof(uchar4));
	cudaMalloc(&dg, n);
	cudaMalloc(&dz, n * sizeof(double2));
	cudaMalloc(&dc, n * sizeof(float3));
	cudaMemcpy(da, ha, n * sizeof(float4), cudaMemcpyHostToDevice);
	cudaMemcpy(dp, hp, n * sizeof(int2), cudaMemcpyHostToDevice);
	cudaMemcpy(dpix, hpix, n * sizeof(uchar4), cudaMemcpyHostToDevice);
	cudaMemcpy(dz, hz, n * sizeof(double2), cudaMemcpyHostToDevice);
	dim3 block(64);
	dim3 grid((n + block.x - 1) / block.x);
	vec_kernel<<<grid, block>>>(da, db, dp, ds, dpix, dg, dz, dc, n);
	cudaMemcpy(hb, db, n * sizeof(float4), cudaMemcpyDeviceToHost);
	cudaMemcpy(hs, ds, n * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(hg, dg, n, cudaMemcpyDeviceToHost);
	cudaMemcpy(hz, dz, n * sizeof(double2), cudaMemcpyDeviceToHost);
	cudaMemcpy(hc, dc, n * sizeof(float3), cudaMemcpyDeviceToHost);

	bool ok = sizeof(float4) == 16 && sizeof(double2) == 16 && sizeof(uchar4) == 4 &&
		  sizeof(float3) == 12 && sizeof(int2) == 8;
	for (int i = 0; i < n && ok; i++) {
		float4 v = ha[i];
		ok &= hb[i].x == v.w && hb[i].y == v.z * 2.0f && hb[i].z == v.y + 1.0f && hb[i].w == v.x - v.y;
		ok &= hs[i] == i * 3 - 2 * i;
		ok &= hg[i] == (unsigned char)((hpix[i].x * 77 + hpix[i].y * 150 + hpix[i].z * 29) >> 8);
		ok &= hz[i].x == -hz0[i].y && hz[i].y == hz0[i].x;
		ok &= hc[i].x == 0.0f && hc[i].y == v.z && hc[i].z == -v.y;
		if (!ok)
			printf("mismatch at %d\n", i);
	}
	cudaFree(da); cudaFree(db); cudaFree(dp); cudaFree(ds);
	cudaFree(dpix); cudaFree(dg); cudaFree(dz); cudaFree(dc);
	delete[] ha; delete[] hb; delete[] hp; delete[] hs;
	delete[] hpix; delete[] hg; delete[] hz; delete[] hz0; delete[] hc;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
