// __ldg read-only loads (int, float, float4, double) from const __restrict__
// pointers, in a gather kernel that reads an index table and a value table.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void gather(const int *__restrict__ idx, const float *__restrict__ vals,
		       const float4 *__restrict__ quad, const double *__restrict__ dv,
		       float *__restrict__ out, double *__restrict__ dout, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int j = __ldg(&idx[i]);
	float4 q = __ldg(&quad[j]);
	out[i] = __ldg(vals + j) * 2.0f + q.x + q.y + q.z + q.w;
	dout[i] = __ldg(&dv[j]) - __ldg(&dv[i]);
}

int main()
{
	const int n = 2048;
	int *hidx = new int[n];
	float *hv = new float[n], *ho = new float[n];
	float4 *hq = new float4[n];
	double *hd = new double[n], *hdo = new double[n];
	for (int i = 0; i < n; i++) {
		hidx[i] = (i * 1237) % n;
		hv[i] = (float)(i % 100);
		hq[i] = make_float4(1.0f, (float)i, -(float)i, 0.25f);
		hd[i] = i * 0.125;
	}
	int *didx;
	float *dv, *dout;
	float4 *dq;
	double *dd, *ddo;
	cudaMalloc(&didx, n * sizeof(int));
	cudaMalloc(&dv, n * sizeof(float));
	cudaMalloc(&dout, n * sizeof(float));
	cudaMalloc(&dq, n * sizeof(float4));
	cudaMalloc(&dd, n * sizeof(double));
	cudaMalloc(&ddo, n * sizeof(double));
	cudaMemcpy(didx, hidx, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(dv, hv, n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(dq, hq, n * sizeof(float4), cudaMemcpyHostToDevice);
	cudaMemcpy(dd, hd, n * sizeof(double), cudaMemcpyHostToDevice);
	gather<<<n / 256, 256>>>(didx, dv, dq, dd, dout, ddo, n);
	cudaMemcpy(ho, dout, n * sizeof(float), cudaMemcpyDeviceToHost);
	cudaMemcpy(hdo, ddo, n * sizeof(double), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int i = 0; i < n; i++) {
		int j = hidx[i];
		float w = hv[j] * 2.0f + 1.0f + (float)j - (float)j + 0.25f;
		if (ho[i] != w || hdo[i] != hd[j] - hd[i]) {
			printf("out[%d] = %f %f, want %f %f\n", i, ho[i], hdo[i], w, hd[j] - hd[i]);
			ok = false;
			break;
		}
	}
	cudaFree(didx); cudaFree(dv); cudaFree(dout); cudaFree(dq); cudaFree(dd); cudaFree(ddo);
	delete[] hidx; delete[] hv; delete[] ho; delete[] hq; delete[] hd; delete[] hdo;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
