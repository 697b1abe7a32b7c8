// The double-precision math API: sqrt, rsqrt, cbrt, exp, exp2, log, log2,
// log10, log1p, pow, sin, cos, tan, sincos, sinpi, cospi, atan2, asin, acos,
// sinh, cosh, tanh, erf, erfc, lgamma, tgamma, fma, fmax, fmin, fabs, floor,
// ceil, round, trunc, fmod, remainder, hypot, ldexp, frexp, nextafter and
// the integer conversions __double2int_rn / llround.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

#define ND 22

__global__ void dmath(const double *x, double *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	double v = x[i]; // in (0.1, 3.1)
	double *o = out + (size_t)i * ND;
	o[0] = sqrt(v) + rsqrt(v) + cbrt(v);
	o[1] = exp(v) + exp2(v);
	o[2] = log(v) + log2(v) + log10(v) + log1p(v);
	o[3] = pow(v, 2.5);
	double s, c;
	sincos(v, &s, &c);
	o[4] = sin(v) + cos(v) + tan(v * 0.25) + s * c;
	o[5] = sinpi(v) + cospi(v);
	o[6] = atan2(v, 2.0) + asin(v / 4.0) + acos(v / 4.0);
	o[7] = sinh(v) + cosh(v) + tanh(v);
	o[8] = erf(v - 1.5) + erfc(v - 1.5);
	o[9] = lgamma(v) + tgamma(v);
	o[10] = fma(v, v, -2.0);
	o[11] = fmax(v, 1.5) + fmin(v, 1.5) + fabs(-v);
	o[12] = floor(v * 3) + ceil(v * 3) + round(v * 3) + trunc(-v * 3);
	o[13] = fmod(v * 7.0, 2.0);
	o[14] = remainder(v * 7.0, 2.0);
	o[15] = hypot(v, 1.0);
	o[16] = ldexp(v, 5);
	int e;
	double m = frexp(v, &e);
	o[17] = m + e;
	o[18] = nextafter(v, 10.0) - v;
	o[19] = (double)__double2int_rn(v * 10.0) + (double)llround(v * 100.0);
	o[20] = asinh(v) + acosh(v + 1.0) + atanh(v / 4.0);
	o[21] = expm1(v) + logb(v) + (double)ilogb(v);
}

static void dref(double v, double *o)
{
	o[0] = sqrt(v) + 1.0 / sqrt(v) + cbrt(v);
	o[1] = exp(v) + exp2(v);
	o[2] = log(v) + log2(v) + log10(v) + log1p(v);
	o[3] = pow(v, 2.5);
	o[4] = sin(v) + cos(v) + tan(v * 0.25) + sin(v) * cos(v);
	o[5] = sin(M_PI * v) + cos(M_PI * v);
	o[6] = atan2(v, 2.0) + asin(v / 4.0) + acos(v / 4.0);
	o[7] = sinh(v) + cosh(v) + tanh(v);
	o[8] = erf(v - 1.5) + erfc(v - 1.5);
	o[9] = lgamma(v) + tgamma(v);
	o[10] = fma(v, v, -2.0);
	o[11] = fmax(v, 1.5) + fmin(v, 1.5) + fabs(v);
	o[12] = floor(v * 3) + ceil(v * 3) + round(v * 3) + trunc(-v * 3);
	o[13] = fmod(v * 7.0, 2.0);
	o[14] = remainder(v * 7.0, 2.0);
	o[15] = hypot(v, 1.0);
	o[16] = ldexp(v, 5);
	int e;
	double m = frexp(v, &e);
	o[17] = m + e;
	o[18] = nextafter(v, 10.0) - v;
	o[19] = (double)lrint(v * 10.0) + (double)llround(v * 100.0);
	o[20] = asinh(v) + acosh(v + 1.0) + atanh(v / 4.0);
	o[21] = expm1(v) + logb(v) + (double)ilogb(v);
}

int main()
{
	const int n = 300;
	double *hx = new double[n], *ho = new double[n * ND];
	for (int i = 0; i < n; i++)
		hx[i] = 0.1 + 3.0 * i / n + 1e-3; // keeps v*3, v*7 away from halves
	double *dx, *dout;
	cudaMalloc(&dx, n * sizeof(double));
	cudaMalloc(&dout, n * ND * sizeof(double));
	cudaMemcpy(dx, hx, n * sizeof(double), cudaMemcpyHostToDevice);
	dmath<<<(n + 31) / 32, 32>>>(dx, dout, n);
	cudaMemcpy(ho, dout, n * ND * sizeof(double), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int i = 0; i < n && ok; i++) {
		double ref[ND];
		dref(hx[i], ref);
		for (int f = 0; f < ND; f++) {
			double tol = 1e-12 * (1.0 + fabs(ref[f]));
			if (f == 18)
				tol = 1e-20;
			if (!(fabs(ho[i * ND + f] - ref[f]) <= tol)) {
				printf("x=%.17g function %d: %.17g, want %.17g\n", hx[i], f, ho[i * ND + f], ref[f]);
				ok = false;
			}
		}
	}
	cudaFree(dx);
	cudaFree(dout);
	delete[] hx;
	delete[] ho;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
