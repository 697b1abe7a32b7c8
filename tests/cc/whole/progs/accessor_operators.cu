// Accessor classes passed by value to a kernel, the style of many ported
// codes: a 1-D view with operator[], a row-major matrix with
// operator()(row, col), a small accumulator with += and *, and a handle
// whose operator-> gives the view.  The kernel's per-thread indices go into
// those operators' arguments on both sides of __syncthreads(), so loop
// fission (--exec-model=fission, and auto, which picks it) splits the
// kernel and must rename them.  clang gives operator[]'s and operator()'s
// callee the extent of the brackets: the brackets were copied as raw text,
// their arguments skipped, and the C++ did not compile ("use of undeclared
// identifier 'i'").  Results against the same arithmetic on the host.
#include <cstdio>

struct View {
	float *data;
	int size;
	__device__ float &operator[](int k) { return data[k]; }
	__device__ const float &operator[](int k) const { return data[k]; }
};

struct Matrix {
	float *data;
	int cols;
	__device__ float &operator()(int r, int c) { return data[r * cols + c]; }
};

struct Acc {
	float v;
	__device__ Acc &operator+=(float x)
	{
		v += x;
		return *this;
	}
	__device__ Acc operator*(float x) const
	{
		Acc a;
		a.v = v * x;
		return a;
	}
};

struct Handle {
	View *view;
	__device__ View *operator->() { return view; }
};

#define BLOCK 128

__global__ void rotate_blend(View in, View out, Matrix bias, Handle h, const View weights)
{
	__shared__ float tile[BLOCK];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int t = threadIdx.x;

	tile[t] = in[i];
	__syncthreads();
	Acc a;
	a.v = tile[(t + BLOCK - 1) % BLOCK];
	a += in[i] + weights[t];
	a = a * (float)t;
	__syncthreads();
	out[i] = a.v + bias(blockIdx.x, t) + h->data[i] + h->operator[](i);
}

int main()
{
	const int n = 2 * BLOCK;
	float hin[n], hbias[n], hside[n], hw[BLOCK], res[n];
	for (int k = 0; k < n; k++) {
		hin[k] = k * 0.5f;
		hbias[k] = (float)(k % 7);
		hside[k] = (float)(k % 3);
	}
	for (int k = 0; k < BLOCK; k++)
		hw[k] = 0.25f * (k % 5);
	float *din, *dout, *dbias, *dside, *dw;
	View *dview;
	cudaMalloc(&din, sizeof hin);
	cudaMalloc(&dout, sizeof res);
	cudaMalloc(&dbias, sizeof hbias);
	cudaMalloc(&dside, sizeof hside);
	cudaMalloc(&dw, sizeof hw);
	cudaMalloc(&dview, sizeof(View));
	cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
	cudaMemcpy(dbias, hbias, sizeof hbias, cudaMemcpyHostToDevice);
	cudaMemcpy(dside, hside, sizeof hside, cudaMemcpyHostToDevice);
	cudaMemcpy(dw, hw, sizeof hw, cudaMemcpyHostToDevice);
	View side = {dside, n};
	cudaMemcpy(dview, &side, sizeof side, cudaMemcpyHostToDevice);

	View in = {din, n}, out = {dout, n}, w = {dw, BLOCK};
	Matrix bias = {dbias, BLOCK};
	Handle h = {dview};
	rotate_blend<<<n / BLOCK, BLOCK>>>(in, out, bias, h, w);
	if (cudaMemcpy(res, dout, sizeof res, cudaMemcpyDeviceToHost) != cudaSuccess) {
		puts("FAIL");
		return 1;
	}
	int bad = 0;
	for (int k = 0; k < n; k++) {
		int t = k % BLOCK, b = k / BLOCK;
		float left = hin[b * BLOCK + (t + BLOCK - 1) % BLOCK];
		float want = (left + (hin[k] + hw[t])) * (float)t + hbias[b * BLOCK + t] + hside[k] + hside[k];
		if (res[k] != want) {
			if (bad < 5)
				printf("out[%d] = %g, want %g\n", k, res[k], want);
			bad++;
		}
	}
	printf("%d of %d wrong\n", bad, n);
	puts(bad ? "FAIL" : "PASS");
	cudaFree(din);
	cudaFree(dout);
	cudaFree(dbias);
	cudaFree(dside);
	cudaFree(dw);
	cudaFree(dview);
	return bad != 0;
}
