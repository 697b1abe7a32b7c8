// Warp-operation helpers called as the unbraced body of an if, else, for,
// while or do, and nested so, as public block reductions write the second
// level: `if (wid == 0) val = warp_sum(val);`.  Braced, the same calls
// ran by loop fission; unbraced, loop fission refused them ("must be a
// statement of its own") and the kernels ran as fibers (issue 38).  Every
// condition is the same for all lanes of a warp (the warp's index, the
// block's), so every call is made by whole warps, as CUDA requires of a full
// mask.  Each thread's value is checked against a host model of the warp's
// shuffles (out-of-range lanes of shfl_down read their own value, as on
// CUDA).
#include <cstdio>
#include <cuda_runtime.h>

#define FULL 0xffffffffu
#define THREADS 128
#define BLOCKS 5
#define N (THREADS * BLOCKS)

__device__ int warp_sum(int v)
{
	for (int off = 16; off > 0; off >>= 1)
		v += __shfl_down_sync(FULL, v, off);
	return v;
}

__device__ int warp_max(int v)
{
	for (int off = 16; off > 0; off >>= 1)
		v = max(v, __shfl_xor_sync(FULL, v, off));
	return v;
}

__device__ void store_max(int *dst, int v)
{
	for (int off = 16; off > 0; off >>= 1)
		v = max(v, __shfl_xor_sync(FULL, v, off));
	*dst = v;
}

// the public block sum: the second level's call is an if's body
__global__ void block_sum(const int *in, int *out)
{
	__shared__ int part[32];
	int tid = threadIdx.x, lane = tid % 32, wid = tid / 32;
	int val = in[blockIdx.x * blockDim.x + tid];

	val = warp_sum(val);
	if (lane == 0)
		part[wid] = val;
	__syncthreads();
	val = tid < (int)blockDim.x / 32 ? part[lane] : 0;
	if (wid == 0)
		val = warp_sum(val);
	out[blockIdx.x * blockDim.x + tid] = val;
}

__global__ void if_else(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[g];

	if (blockIdx.x % 2 == 0)
		v = warp_sum(v);
	else
		v = warp_max(v);
	out[g] = v;
}

__global__ void for_body(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32;
	int v = in[g];

	for (int r = 0; r < 3; r++)
		v = warp_max(v + r * lane);
	out[g] = v;
}

__global__ void while_body(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[g], k = 2;

	while (k-- > 0)
		v += warp_sum(v);
	out[g] = v;
}

__global__ void do_body(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[g], k = 0;

	do
		v = warp_max(v ^ k);
	while (++k < 3);
	out[g] = v;
}

__global__ void nested(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x, b = blockIdx.x;
	int v = in[g];

	for (int r = 0; r < 4; r++)
		if (b == r)
			v = warp_sum(v);
		else if (b > r && r % 2)
			v = warp_max(v);
		else if (b > r)
			for (int k = 0; k < 1; k++)
				v -= warp_sum(1);
	out[g] = v;
}

__global__ void void_call(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;

	if (blockIdx.x != 1)
		store_max(&out[g], in[g]);
	else
		out[g] = -in[g];
}

// ---- the host's model of one warp's shuffles ----
static void h_sum(int *v)
{
	for (int off = 16; off > 0; off >>= 1) {
		int o[32];
		for (int l = 0; l < 32; l++)
			o[l] = v[l] + (l + off < 32 ? v[l + off] : v[l]);
		for (int l = 0; l < 32; l++)
			v[l] = o[l];
	}
}

static void h_max(int *v)
{
	int m = v[0];
	for (int l = 1; l < 32; l++)
		m = v[l] > m ? v[l] : m;
	for (int l = 0; l < 32; l++)
		v[l] = m;
}

static void ref(int which, const int *in, int *want)
{
	for (int b = 0; b < BLOCKS; b++) {
		int *blk = want + b * THREADS;
		for (int i = 0; i < THREADS; i++)
			blk[i] = in[b * THREADS + i];
		if (which == 0) {
			int part[32] = {0};
			for (int w = 0; w < THREADS / 32; w++) {
				h_sum(blk + 32 * w);
				part[w] = blk[32 * w];
			}
			for (int i = 0; i < THREADS; i++)
				blk[i] = i < THREADS / 32 ? part[i % 32] : 0;
			h_sum(blk);
			continue;
		}
		for (int w = 0; w < THREADS / 32; w++) {
			int *v = blk + 32 * w;
			switch (which) {
			case 1:
				(b % 2 == 0 ? h_sum : h_max)(v);
				break;
			case 2:
				for (int r = 0; r < 3; r++) {
					for (int l = 0; l < 32; l++)
						v[l] += r * l;
					h_max(v);
				}
				break;
			case 3:
				for (int k = 0; k < 2; k++) {
					int s[32];
					for (int l = 0; l < 32; l++)
						s[l] = v[l];
					h_sum(s);
					for (int l = 0; l < 32; l++)
						v[l] += s[l];
				}
				break;
			case 4:
				for (int k = 0; k < 3; k++) {
					for (int l = 0; l < 32; l++)
						v[l] ^= k;
					h_max(v);
				}
				break;
			case 5:
				for (int r = 0; r < 4; r++) {
					if (b == r) {
						h_sum(v);
					} else if (b > r) {
						if (r % 2) {
							h_max(v);
						} else {
							int one[32];
							for (int l = 0; l < 32; l++)
								one[l] = 1;
							h_sum(one);
							for (int l = 0; l < 32; l++)
								v[l] -= one[l];
						}
					}
				}
				break;
			case 6:
				if (b != 1)
					h_max(v);
				else
					for (int l = 0; l < 32; l++)
						v[l] = -v[l];
				break;
			}
		}
	}
}

int main()
{
	static int in[N], out[N], want[N];
	const char *names[] = {"block_sum", "if_else", "for_body", "while_body", "do_body", "nested", "void_call"};
	int *d_in, *d_out, bad = 0;

	for (int i = 0; i < N; i++)
		in[i] = (i * 37 + 11) % 101;
	cudaMalloc(&d_in, sizeof(in));
	cudaMalloc(&d_out, sizeof(out));
	cudaMemcpy(d_in, in, sizeof(in), cudaMemcpyHostToDevice);
	for (int k = 0; k < 7; k++) {
		cudaMemset(d_out, 0, sizeof(out));
		switch (k) {
		case 0: block_sum<<<BLOCKS, THREADS>>>(d_in, d_out); break;
		case 1: if_else<<<BLOCKS, THREADS>>>(d_in, d_out); break;
		case 2: for_body<<<BLOCKS, THREADS>>>(d_in, d_out); break;
		case 3: while_body<<<BLOCKS, THREADS>>>(d_in, d_out); break;
		case 4: do_body<<<BLOCKS, THREADS>>>(d_in, d_out); break;
		case 5: nested<<<BLOCKS, THREADS>>>(d_in, d_out); break;
		case 6: void_call<<<BLOCKS, THREADS>>>(d_in, d_out); break;
		}
		if (cudaDeviceSynchronize() != cudaSuccess) {
			printf("%s: launch failed\n", names[k]);
			bad++;
			continue;
		}
		cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
		ref(k, in, want);
		int wrong = 0;
		for (int i = 0; i < N; i++)
			if (out[i] != want[i] && wrong++ < 3)
				printf("%s: out[%d] = %d, want %d\n", names[k], i, out[i], want[i]);
		printf("%s: %d of %d wrong\n", names[k], wrong, N);
		bad += wrong != 0;
	}
	cudaFree(d_in);
	cudaFree(d_out);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
