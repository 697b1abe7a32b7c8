// SPDX-License-Identifier: MIT
/*
 * test_cublas_capture.c - cuBLAS level-1 calls on a stream being captured
 * into a graph (lib/cublas/capture.c), against loops written here: axpy
 * with a host alpha (read at capture), scal with a device alpha (read at
 * each launch), copy, dot, nrm2 and asum with device results, in single
 * and double precision; Sgemm with host scalars and Dgemv with device
 * ones; nothing runs while capturing; two launches on changed data give
 * each launch's results; calls that are not recorded (ger, a complex axpy)
 * are CUBLAS_STATUS_NOT_SUPPORTED during capture and leave the capture
 * valid.  Exact comparisons where the operations are
 * exact (small integers); nrm2 within 1e-6 relative.
 */
#include <math.h>
#include <string.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "tap.h"

enum { N = 64 };

/* host buffers the graph's first node copies into the device arrays */
struct inputs {
	float x[N], y[N], scale;
	float *dx, *dy, *dscale;
};

static void CUDART_CB upload(void *arg)
{
	struct inputs *in = arg;

	memcpy(in->dx, in->x, sizeof(in->x));
	memcpy(in->dy, in->y, sizeof(in->y));
	*in->dscale = in->scale;
}

TAP_TEST(single_level1_in_a_graph)
{
	cublasHandle_t h;
	cudaStream_t s;
	cudaGraph_t g = NULL;
	cudaGraphExec_t ge = NULL;
	struct inputs in;
	float *dx, *dy, *dz, *dscale, *dres, res[3], y_out[N], z_out[N], alpha = 2.0f;
	cuComplex cz = {1, 0}, *dc = NULL;
	int ok = 1;

	cudaStreamCreate(&s);
	cudaMalloc((void **)&dx, sizeof(float) * N);
	cudaMalloc((void **)&dy, sizeof(float) * N);
	cudaMalloc((void **)&dz, sizeof(float) * N);
	cudaMalloc((void **)&dscale, sizeof(float));
	cudaMalloc((void **)&dres, sizeof(float) * 3);
	cudaMalloc((void **)&dc, sizeof(cuComplex) * N);
	cudaMemset(dres, 0, sizeof(float) * 3);
	in.dx = dx, in.dy = dy, in.dscale = dscale;
	for (int i = 0; i < N; i++)
		in.x[i] = (float)(i % 7) - 3, in.y[i] = (float)(i % 5);
	in.scale = 3;
	cublasCreate(&h);
	cublasSetStream(h, s);
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	cudaLaunchHostFunc(s, upload, &in);
	cublasStatus_t st[8];

	st[0] = cublasSaxpy(h, N, &alpha, dx, 1, dy, 1); /* y += 2 x (alpha read now) */
	alpha = 100.0f;					 /* too late for the graph */
	cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
	st[1] = cublasSscal(h, N, dscale, dy, 1); /* y *= scale (read at launch) */
	st[2] = cublasScopy(h, N, dy, 1, dz, 1);
	st[3] = cublasSdot(h, N, dx, 1, dy, 1, dres);
	st[4] = cublasSnrm2(h, N, dz, 1, dres + 1);
	st[5] = cublasSasum(h, N, dx, 1, dres + 2);
	st[6] = cublasSger(h, 1, 1, dscale, dx, 1, dx, 1, dy, 1);
	st[7] = cublasCaxpy(h, N, &cz, dc, 1, dc, 1);
	cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST);
	cudaMemcpyAsync(res, dres, sizeof(res), cudaMemcpyDeviceToHost, s);
	cudaMemcpyAsync(y_out, dy, sizeof(y_out), cudaMemcpyDeviceToHost, s);
	cudaMemcpyAsync(z_out, dz, sizeof(z_out), cudaMemcpyDeviceToHost, s);
	cudaError_t e = cudaStreamEndCapture(s, &g);

	tap_ok(st[0] == 0 && st[1] == 0 && st[2] == 0 && st[3] == 0 && st[4] == 0 && st[5] == 0,
	       "axpy, scal, copy, dot, nrm2, asum while capturing: SUCCESS");
	tap_ok(st[6] == CUBLAS_STATUS_NOT_SUPPORTED && st[7] == CUBLAS_STATUS_NOT_SUPPORTED &&
		   e == cudaSuccess && g,
	       "ger, a complex axpy: NOT_SUPPORTED (%d, %d); the capture still ends with a graph",
	       (int)st[6], (int)st[7]);
	for (int launch = 0; launch < 2; launch++) {
		float y[N], dot = 0, nrm = 0, asum = 0;

		if (launch == 1) { /* other data, another device scale */
			for (int i = 0; i < N; i++)
				in.x[i] = (float)(i % 3), in.y[i] = 1;
			in.scale = -2;
		}
		if (launch == 0)
			ok = cudaGraphInstantiate(&ge, g, 0) == cudaSuccess;
		ok &= cudaGraphLaunch(ge, s) == cudaSuccess &&
		      cudaStreamSynchronize(s) == cudaSuccess;
		for (int i = 0; i < N; i++) {
			y[i] = (in.y[i] + 2 * in.x[i]) * in.scale;
			dot += in.x[i] * y[i];
			nrm += y[i] * y[i];
			asum += fabsf(in.x[i]);
		}
		int same = 1;

		for (int i = 0; i < N; i++)
			same &= y_out[i] == y[i] && z_out[i] == y[i];
		tap_ok(ok && same && res[0] == dot &&
			   fabsf(res[1] - sqrtf(nrm)) <= 1e-6f * sqrtf(nrm) && res[2] == asum,
		       "launch %d: y = (y + 2x) scale with scale %g, z = y, dot %g (%g), nrm2, "
		       "asum %g (%g)",
		       launch + 1, in.scale, res[0], dot, res[2], asum);
	}
	cudaGraphExecDestroy(ge);
	cudaGraphDestroy(g);
	tap_ok(cublasSaxpy(h, N, &alpha, dx, 1, dy, 1) == CUBLAS_STATUS_SUCCESS,
	       "outside capture: runs at once");
	cublasDestroy(h);
	cudaFree(dx), cudaFree(dy), cudaFree(dz), cudaFree(dscale), cudaFree(dres), cudaFree(dc);
	cudaStreamDestroy(s);
}

TAP_TEST(double_dot_in_a_graph)
{
	cublasHandle_t h;
	cudaStream_t s;
	cudaGraph_t g = NULL;
	cudaGraphExec_t ge = NULL;
	double *dx, res = -1, host_res = -1, x[N], want = 0;

	for (int i = 0; i < N; i++)
		x[i] = i % 4, want += x[i] * x[i];
	cudaStreamCreate(&s);
	cudaMalloc((void **)&dx, sizeof(x));
	cudaMemcpy(dx, x, sizeof(x), cudaMemcpyHostToDevice);
	cublasCreate(&h);
	cublasSetStream(h, s);
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	cublasStatus_t st =
	    cublasDdot(h, N, dx, 1, dx, 1, &host_res); /* a host result: written at launch */

	cudaStreamEndCapture(s, &g);
	res = host_res;
	int ran = cudaGraphInstantiate(&ge, g, 0) == cudaSuccess &&
		  cudaGraphLaunch(ge, s) == cudaSuccess && cudaStreamSynchronize(s) == cudaSuccess;

	tap_ok(st == CUBLAS_STATUS_SUCCESS && res == -1 && ran && host_res == want,
	       "Ddot with a host result: untouched while capturing, %g after the launch (%g)",
	       host_res, want);
	cudaGraphExecDestroy(ge);
	cudaGraphDestroy(g);
	cublasDestroy(h);
	cudaFree(dx);
	cudaStreamDestroy(s);
}

/* C = alpha A B + beta C (Sgemm, host scalars) then y = a C x + b y (Dgemv on a double copy: device
 * scalars) */
TAP_TEST(gemm_gemv_in_a_graph)
{
	enum { M = 3, K = 4, Q = 2 };
	cublasHandle_t h;
	cudaStream_t s;
	cudaGraph_t g = NULL;
	cudaGraphExec_t ge = NULL;
	float A[M * K], B[K * Q], C[M * Q], *dA, *dB, *dC, out[M * Q], alpha = 2, beta = 1;
	double D[M * K], x[K], y[M], *dD, *dx, *dy, *dsc, sc[2] = {1, 0}, yout[M];
	int ok = 1;

	for (int i = 0; i < M * K; i++)
		A[i] = (float)(i % 5) - 2, D[i] = i % 3;
	for (int i = 0; i < K * Q; i++)
		B[i] = (float)(i % 4);
	for (int i = 0; i < K; i++)
		x[i] = i + 1;
	cudaStreamCreate(&s);
	cudaMalloc((void **)&dA, sizeof(A)), cudaMalloc((void **)&dB, sizeof(B)),
	    cudaMalloc((void **)&dC, sizeof(C));
	cudaMalloc((void **)&dD, sizeof(D)), cudaMalloc((void **)&dx, sizeof(x)),
	    cudaMalloc((void **)&dy, sizeof(y));
	cudaMalloc((void **)&dsc, sizeof(sc));
	cudaMemcpy(dA, A, sizeof(A), cudaMemcpyHostToDevice),
	    cudaMemcpy(dB, B, sizeof(B), cudaMemcpyHostToDevice);
	cudaMemcpy(dD, D, sizeof(D), cudaMemcpyHostToDevice),
	    cudaMemcpy(dx, x, sizeof(x), cudaMemcpyHostToDevice);
	cublasCreate(&h);
	cublasSetStream(h, s);
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	cublasStatus_t s1 =
	    cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, M, Q, K, &alpha, dA, M, dB, K, &beta, dC, M);

	alpha = 7; /* read at capture: no effect */
	cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE);
	cublasStatus_t s2 = cublasDgemv(h, CUBLAS_OP_N, M, K, dsc, dD, M, dx, 1, dsc + 1, dy, 1);

	cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST);
	cudaMemcpyAsync(out, dC, sizeof(out), cudaMemcpyDeviceToHost, s);
	cudaMemcpyAsync(yout, dy, sizeof(yout), cudaMemcpyDeviceToHost, s);
	cudaStreamEndCapture(s, &g);
	tap_ok(s1 == CUBLAS_STATUS_SUCCESS && s2 == CUBLAS_STATUS_SUCCESS && g,
	       "Sgemm, Dgemv while capturing: SUCCESS");
	for (int launch = 0; launch < 2; launch++) {
		int same = 1;

		for (int i = 0; i < M * Q; i++)
			C[i] = (float)launch;
		for (int i = 0; i < M; i++)
			y[i] = 10;
		sc[0] = launch ? 2 : 1, sc[1] = launch ? 0.5 : 0;
		cudaMemcpy(dC, C, sizeof(C), cudaMemcpyHostToDevice);
		cudaMemcpy(dy, y, sizeof(y), cudaMemcpyHostToDevice);
		cudaMemcpy(dsc, sc, sizeof(sc), cudaMemcpyHostToDevice);
		ok &= (launch || cudaGraphInstantiate(&ge, g, 0) == cudaSuccess) &&
		      cudaGraphLaunch(ge, s) == cudaSuccess &&
		      cudaStreamSynchronize(s) == cudaSuccess;
		for (int i = 0; i < M; i++) {
			double yi = 0;

			for (int j = 0; j < Q; j++) {
				float c = 0;

				for (int l = 0; l < K; l++)
					c += A[l * M + i] * B[j * K + l];
				same &= out[j * M + i] == 2 * c + C[j * M + i];
			}
			for (int l = 0; l < K; l++)
				yi += D[l * M + i] * x[l];
			same &= yout[i] == sc[0] * yi + sc[1] * y[i];
		}
		tap_ok(ok && same,
		       "launch %d: C = 2 A B + C (alpha from the capture), y = %g D x + %g y "
		       "(device scalars)",
		       launch + 1, sc[0], sc[1]);
	}
	cudaGraphExecDestroy(ge);
	cudaGraphDestroy(g);
	cublasDestroy(h);
	cudaFree(dA), cudaFree(dB), cudaFree(dC), cudaFree(dD), cudaFree(dx), cudaFree(dy),
	    cudaFree(dsc);
	cudaStreamDestroy(s);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
