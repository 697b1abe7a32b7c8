// Kernels that go to fibers only because loop fission cannot express their
// control flow (`goto`, as in hand-written parsers and search loops) and
// never wait for another thread: their threads run one after another in
// the block's own loop, without a fiber each (lib/cc/fiber_plain.c).  A
// per-thread tokenizer written as a state machine with goto, a row search
// that jumps out of two loops, a filter staged through dynamic shared
// memory, and an update through a device function pointer (which keeps
// its fibers), each checked against a host reference, in 2-D blocks too.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define W 48

typedef int (*op_fn)(int);

__device__ int add_seven(int v)
{
	return v + 7;
}

__device__ op_fn d_op = add_seven;

// count the words of each line: letters form words, anything else separates
__global__ void count_words(const char *text, int len, int *words, int nlines)
{
	int line = blockIdx.x * blockDim.x + threadIdx.x;
	int n = 0, i;

	if (line >= nlines)
		return;
	i = 0;
space:
	if (i == len)
		goto done;
	if (text[line * len + i] >= 'a' && text[line * len + i] <= 'z') {
		n++;
		goto word;
	}
	i++;
	goto space;
word:
	i++;
	if (i == len)
		goto done;
	if (text[line * len + i] >= 'a' && text[line * len + i] <= 'z')
		goto word;
	goto space;
done:
	words[line] = n;
}

// the first (row, column) of each tile of W x W values holding a negative value
__global__ void first_negative(const int *m, int tiles, int *where)
{
	int t = (blockIdx.y * gridDim.x + blockIdx.x) * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
	const int *tile = m + (size_t)t * W * W;
	int r, c;

	if (t >= tiles)
		return;
	for (r = 0; r < W; r++)
		for (c = 0; c < W; c++)
			if (tile[r * W + c] < 0)
				goto found;
	where[t] = -1;
	return;
found:
	where[t] = r * W + c;
}

// values through the block's dynamic shared memory; negative ones become 0
__global__ void clamp_staged(const int *in, int *out, int n)
{
	extern __shared__ int stage[];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		goto out;
	stage[threadIdx.x] = in[i];
	if (stage[threadIdx.x] < 0)
		goto zero;
	out[i] = stage[threadIdx.x] * 2;
	goto out;
zero:
	out[i] = 0;
out:;
}

// a call through a pointer: kept as fibers, the same result
__global__ void apply_op(int *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n || v[i] == 0)
		goto skip;
	v[i] = d_op(v[i]);
skip:;
}

static int host_words(const char *s, int len)
{
	int n = 0, in = 0;

	for (int i = 0; i < len; i++) {
		int letter = s[i] >= 'a' && s[i] <= 'z';

		n += letter && !in;
		in = letter;
	}
	return n;
}

int main()
{
	const int nlines = 700, len = 40, tiles = 300, n = 5000;
	char *text = (char *)malloc(nlines * len), *d_text;
	int *m = (int *)malloc((size_t)tiles * W * W * sizeof(int)), *v = (int *)malloc(n * sizeof(int));
	int *words = (int *)malloc(nlines * sizeof(int)), *where = (int *)malloc(tiles * sizeof(int));
	int *got = (int *)malloc(n * sizeof(int)), *d_words, *d_m, *d_where, *d_v, *d_out, bad = 0;
	unsigned seed = 12345;

	for (int i = 0; i < nlines * len; i++) {
		seed = seed * 1103515245u + 12345u;
		text[i] = (seed >> 16) % 4 == 0 ? ' ' : (char)('a' + (seed >> 8) % 26);
	}
	for (int i = 0; i < tiles * W * W; i++) {
		seed = seed * 1103515245u + 12345u;
		m[i] = (seed >> 16) % 3001 == 0 ? -1 : (int)((seed >> 8) % 100);
	}
	for (int i = 0; i < n; i++)
		v[i] = (int)(i % 11) - 3;
	cudaMalloc(&d_text, nlines * len);
	cudaMalloc(&d_words, nlines * sizeof(int));
	cudaMalloc(&d_m, (size_t)tiles * W * W * sizeof(int));
	cudaMalloc(&d_where, tiles * sizeof(int));
	cudaMalloc(&d_v, n * sizeof(int));
	cudaMalloc(&d_out, n * sizeof(int));
	cudaMemcpy(d_text, text, nlines * len, cudaMemcpyHostToDevice);
	cudaMemcpy(d_m, m, (size_t)tiles * W * W * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(d_v, v, n * sizeof(int), cudaMemcpyHostToDevice);

	count_words<<<(nlines + 63) / 64, 64>>>(d_text, len, d_words, nlines);
	cudaMemcpy(words, d_words, nlines * sizeof(int), cudaMemcpyDeviceToHost);
	for (int l = 0; l < nlines; l++)
		bad += words[l] != host_words(text + l * len, len);

	first_negative<<<dim3(3, 2), dim3(8, 8)>>>(d_m, tiles, d_where);
	cudaMemcpy(where, d_where, tiles * sizeof(int), cudaMemcpyDeviceToHost);
	for (int t = 0; t < tiles; t++) {
		int want = -1;

		for (int k = 0; k < W * W && want < 0; k++)
			if (m[(size_t)t * W * W + k] < 0)
				want = k;
		bad += where[t] != want;
	}

	clamp_staged<<<(n + 127) / 128, 128, 128 * sizeof(int)>>>(d_v, d_out, n);
	cudaMemcpy(got, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		bad += got[i] != (v[i] < 0 ? 0 : v[i] * 2);

	apply_op<<<(n + 255) / 256, 256>>>(d_v, n);
	cudaMemcpy(got, d_v, n * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		bad += got[i] != (v[i] == 0 ? 0 : v[i] + 7);

	bad += cudaGetLastError() != cudaSuccess;
	printf("%d wrong\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
