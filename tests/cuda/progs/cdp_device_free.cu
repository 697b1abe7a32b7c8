// nvcc-flags: -rdc=true
// Device-side memory management in the style of the vendor's Bezier
// tessellation sample: a kernel gives each curve a vertex buffer with
// cudaMalloc called in device code, sized by the curve's curvature, and
// launches a child grid that evaluates the quadratic Bezier curve into it;
// a second kernel sums each buffer and releases it with cudaFree called in
// device code (the buffers are the device heap's: the host never frees
// them).  A third kernel allocates, uses and frees a scratch buffer in one
// thread, and frees a null pointer.  Device code's cudaFree must not wait
// for the device as the host's does: the caller's own grid is running.
// Checked against the same curves evaluated on the host.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define checkErrors(val) check_result((val), #val, __FILE__, __LINE__)

static void check_result(cudaError_t r, const char *what, const char *file, int line)
{
	if (r != cudaSuccess) {
		fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line, (int)r, cudaGetErrorName(r), what);
		printf("FAIL\n");
		exit(EXIT_FAILURE);
	}
}

#define NUM_CURVES 100
#define MAX_VERTS 64
#define BLOCK 32

struct curve {
	float2 ctrl[3];
	float2 *verts;	// from device code's cudaMalloc
	int nverts;
};

__device__ int g_errors = 0;

__host__ __device__ float2 bezier_at(const float2 *c, float t)
{
	float a = (1.0f - t) * (1.0f - t), b = 2.0f * t * (1.0f - t), d = t * t;

	return make_float2(a * c[0].x + b * c[1].x + d * c[2].x, a * c[0].y + b * c[1].y + d * c[2].y);
}

__host__ __device__ int verts_for(const float2 *c)
{
	// the control point's distance from the chord's midpoint sets the count
	float mx = 0.5f * (c[0].x + c[2].x) - c[1].x, my = 0.5f * (c[0].y + c[2].y) - c[1].y;
	int n = 4 + (int)(sqrtf(mx * mx + my * my) * 8.0f);

	return n > MAX_VERTS ? MAX_VERTS : n;
}

__global__ void eval_curve(curve *curves, int i)
{
	int v = blockIdx.x * blockDim.x + threadIdx.x;
	curve *c = &curves[i];

	if (v < c->nverts)
		c->verts[v] = bezier_at(c->ctrl, v / (float)(c->nverts - 1));
}

__global__ void tessellate(curve *curves, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	curve *c = &curves[i];
	c->nverts = verts_for(c->ctrl);
	if (cudaMalloc((void **)&c->verts, c->nverts * sizeof(float2)) != cudaSuccess) {
		atomicAdd(&g_errors, 1);
		c->verts = NULL;
		return;
	}
	eval_curve<<<(c->nverts + BLOCK - 1) / BLOCK, BLOCK>>>(curves, i);
	if (cudaGetLastError() != cudaSuccess)
		atomicAdd(&g_errors, 1);
}

// Sums each curve's vertices, then frees them: a child grid launched by
// the previous kernel is complete before this kernel starts.
__global__ void sum_and_free(curve *curves, float2 *sums, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	curve *c = &curves[i];
	float2 s = make_float2(0.0f, 0.0f);
	for (int v = 0; v < c->nverts && c->verts; v++) {
		s.x += c->verts[v].x;
		s.y += c->verts[v].y;
	}
	sums[i] = s;
	if (cudaFree(c->verts) != cudaSuccess)
		atomicAdd(&g_errors, 1);
	c->verts = NULL;
}

// One thread's scratch buffer, from allocation to release in one kernel.
__global__ void scratch(int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	int *tmp;
	if (cudaMalloc((void **)&tmp, (i + 1) * sizeof(int)) != cudaSuccess) {
		atomicAdd(&g_errors, 1);
		return;
	}
	for (int k = 0; k <= i; k++)
		tmp[k] = k * k;
	int s = 0;
	for (int k = 0; k <= i; k++)
		s += tmp[k];
	out[i] = s;
	if (cudaFree(tmp) != cudaSuccess || cudaFree(NULL) != cudaSuccess)
		atomicAdd(&g_errors, 1);
}

int main(void)
{
	curve *h = (curve *)calloc(NUM_CURVES, sizeof(curve));
	float2 *sums = (float2 *)malloc(NUM_CURVES * sizeof(float2));
	int scr[NUM_CURVES];
	curve *d;
	float2 *d_sums;
	int *d_scr, errors = 0, failed = 0, passed = 0;

	srand(7);
	for (int i = 0; i < NUM_CURVES; i++)
		for (int k = 0; k < 3; k++)
			h[i].ctrl[k] = make_float2(rand() / (float)RAND_MAX, rand() / (float)RAND_MAX);
	checkErrors(cudaMalloc((void **)&d, NUM_CURVES * sizeof(curve)));
	checkErrors(cudaMalloc((void **)&d_sums, NUM_CURVES * sizeof(float2)));
	checkErrors(cudaMalloc((void **)&d_scr, NUM_CURVES * sizeof(int)));
	checkErrors(cudaMemcpy(d, h, NUM_CURVES * sizeof(curve), cudaMemcpyHostToDevice));

	tessellate<<<(NUM_CURVES + BLOCK - 1) / BLOCK, BLOCK>>>(d, NUM_CURVES);
	checkErrors(cudaGetLastError());
	sum_and_free<<<(NUM_CURVES + BLOCK - 1) / BLOCK, BLOCK>>>(d, d_sums, NUM_CURVES);
	checkErrors(cudaGetLastError());
	scratch<<<(NUM_CURVES + BLOCK - 1) / BLOCK, BLOCK>>>(d_scr, NUM_CURVES);
	checkErrors(cudaGetLastError());
	checkErrors(cudaDeviceSynchronize());
	checkErrors(cudaMemcpy(sums, d_sums, NUM_CURVES * sizeof(float2), cudaMemcpyDeviceToHost));
	checkErrors(cudaMemcpy(scr, d_scr, sizeof(scr), cudaMemcpyDeviceToHost));
	checkErrors(cudaMemcpy(h, d, NUM_CURVES * sizeof(curve), cudaMemcpyDeviceToHost));
	checkErrors(cudaMemcpyFromSymbol(&errors, g_errors, sizeof(int)));

	for (int i = 0; i < NUM_CURVES; i++) {
		int n = verts_for(h[i].ctrl);
		float sx = 0.0f, sy = 0.0f;

		for (int v = 0; v < n; v++) {
			float2 p = bezier_at(h[i].ctrl, v / (float)(n - 1));
			sx += p.x;
			sy += p.y;
		}
		int ok = h[i].nverts == n && h[i].verts == NULL && fabsf(sums[i].x - sx) <= 1e-4f * n &&
			 fabsf(sums[i].y - sy) <= 1e-4f * n;
		int want = 0;
		for (int k = 0; k <= i; k++)
			want += k * k;
		ok = ok && scr[i] == want;
		if (!ok && failed < 5)
			printf("curve %d: %d vertices (want %d), sum (%g, %g) want (%g, %g), scratch %d want %d\n", i,
			       h[i].nverts, n, sums[i].x, sums[i].y, sx, sy, scr[i], want);
		failed += !ok;
		passed += ok;
	}
	if (errors) {
		printf("%d device-side runtime calls failed\n", errors);
		failed++;
	} else {
		passed++;
	}
	checkErrors(cudaFree(d));
	checkErrors(cudaFree(d_sums));
	checkErrors(cudaFree(d_scr));
	free(h);
	free(sums);
	printf("%d passed, %d failed\n", passed, failed);
	printf(failed ? "FAIL\n" : "PASS\n");
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
