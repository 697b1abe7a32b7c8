// A __host__ __device__ function with a static const table of polynomial
// coefficients (the style of the numerical-recipes ports: a Chebyshev or
// minimax fit evaluated by Horner's rule), called from a kernel and from
// the host.  The expected values are the polynomial evaluated on the host
// term by term with pow(), not through the function.  A static const
// array was refused ("static local variables are not supported in device
// code": only a const scalar was let through; HeCBench fresnel in the
// lead's survey).
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>

__host__ __device__ double fit(double x)
{
	static const double coef[] = { 0.5, -1.25, 0.375, 0.0625, -0.015625 };
	static const int degree = sizeof(coef) / sizeof(coef[0]) - 1;
	double r = coef[degree];
	for (int i = degree - 1; i >= 0; i--)
		r = r * x + coef[i];
	return r;
}

__global__ void eval(const double *x, double *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = fit(x[i]);
}

int main()
{
	const int n = 300;
	static double hx[n], hy[n];
	const double c[] = { 0.5, -1.25, 0.375, 0.0625, -0.015625 };
	for (int i = 0; i < n; i++)
		hx[i] = -2.0 + 4.0 * i / (n - 1);
	double *dx, *dy;
	cudaMalloc(&dx, sizeof(hx));
	cudaMalloc(&dy, sizeof(hy));
	cudaMemcpy(dx, hx, sizeof(hx), cudaMemcpyHostToDevice);
	eval<<<(n + 127) / 128, 128>>>(dx, dy, n);
	cudaMemcpy(hy, dy, sizeof(hy), cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < n; i++) {
		double want = 0;
		for (int k = 0; k < 5; k++)
			want += c[k] * pow(hx[i], k);
		if (fabs(hy[i] - want) > 1e-12 * (1 + fabs(want)) || fabs(fit(hx[i]) - want) > 1e-12 * (1 + fabs(want)))
			bad++;
	}
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
