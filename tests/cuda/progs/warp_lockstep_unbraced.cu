// Warp-synchronous code whose branch or loop body is one statement, no
// braces, that stores an element its own condition read for another lane
// (issue 38, fourteenth session).  A converged warp evaluates the condition
// for all its lanes before any lane runs the body, so
//   if (t < 16 && m[16 - t] > m[t]) m[t] = 100;
// compares the old values everywhere.  Run lane after lane, lane 9 read
// m[7] after lane 7 had stored 100 there (7 of 32 wrong on main before the
// fix: the lanes met before the if, which does not part the condition's
// reads from the body's stores).  The lanes must meet between the two, and
// with no braces there was no place for it: idxgen-cc now puts the body in
// { } with the meeting first.  Shapes: a plain if, if/else (the else stores
// what the condition read), a while loop whose condition reads what the
// body stores, a condition read through a pointer into the tile, an if
// nested in an unbraced for, and a tree whose loop condition has a comma atop
// it (refused before: no place for the meeting before each test).  Each
// result against a host model of the warp in lock step.
// exec-models: fibers
#include <cstdio>
#include <cuda_runtime.h>

#define N 32 // one warp

// the public block max step, written without braces
__global__ void flag_larger(int *out)
{
	__shared__ int m[2 * N];
	unsigned t = threadIdx.x;

	m[t] = (int)t;
	m[t + N] = 0;
	__syncthreads();
	if (t < 16 && m[16 - t] > m[t])
		m[t] = 100;
	__syncwarp();
	out[t] = m[t];
}

// both branches store where the condition read for another lane
__global__ void keep_or_clear(int *out)
{
	__shared__ int m[N];
	unsigned t = threadIdx.x;

	m[t] = (int)(t * 7 % 11);
	__syncthreads();
	if (m[(t + N - 1) % N] > m[t])
		m[t] = -1;
	else
		m[t] = 1;
	__syncwarp();
	out[t] = m[t];
}

// a loop whose condition reads the element the lane before lowers
__global__ void count_down(int *out)
{
	__shared__ int m[N + 1];
	unsigned t = threadIdx.x;

	m[t + 1] = (int)(t % 5);
	if (t == 0)
		m[0] = 0;
	__syncthreads();
	while (m[t] > 0 && m[t + 1] > -4)
		m[t + 1]--;
	__syncwarp();
	out[t] = m[t + 1];
}

// the condition reads through a pointer into the tile
__global__ void through_pointer(int *out)
{
	__shared__ int tile[2 * N];
	int *row = tile + N;
	unsigned t = threadIdx.x;

	tile[t] = 0;
	row[t] = (int)((t * 13) % 32);
	__syncthreads();
	if (row[N - 1 - t] < row[t])
		row[t] = -1;
	__syncwarp();
	out[t] = row[t];
}

// nested forms: an unbraced if inside an unbraced for, level by level
__global__ void nested_levels(int *out)
{
	__shared__ int m[N];
	unsigned t = threadIdx.x;

	m[t] = (int)(N - t) / 3;
	__syncthreads();
	for (unsigned k = 1; k < 4; k++)
		if (t >= k && m[t - k] > m[t])
			m[t] = m[t] + 1;
	__syncwarp();
	out[t] = m[t];
}

// a warp's tree whose loop condition has a comma atop it, no place for a
// meeting before each test (refused before; whole/bad's turn_comma then):
// each turn reads what the last stored for other lanes
__global__ void comma_tree(int *out)
{
	__shared__ int s[N];
	unsigned lane = threadIdx.x;
	int k = N;
	int *r = s;

	s[lane] = (int)(lane * 3 % 17);
	__syncwarp();
	while (k >>= 1, k > 0)
		if (lane < (unsigned)k)
			r[lane] += r[lane + k];
	__syncwarp();
	out[lane] = s[lane];
}

// The host model: every lane's condition first, then every lane's body.
static void want_flag_larger(int *w)
{
	int m[2 * N];
	bool c[N];

	for (int t = 0; t < N; t++)
		m[t] = t;
	for (int t = 0; t < N; t++)
		c[t] = t < 16 && m[16 - t] > m[t];
	for (int t = 0; t < N; t++)
		w[t] = c[t] ? 100 : m[t];
}

static void want_keep_or_clear(int *w)
{
	int m[N];

	for (int t = 0; t < N; t++)
		m[t] = t * 7 % 11;
	for (int t = 0; t < N; t++)
		w[t] = m[(t + N - 1) % N] > m[t] ? -1 : 1;
}

static void want_count_down(int *w)
{
	int m[N + 1];
	bool in[N], go[N], any = true;

	for (int t = 0; t < N; t++) {
		m[t + 1] = t % 5;
		in[t] = true;
	}
	m[0] = 0;
	while (any) {
		any = false;
		for (int t = 0; t < N; t++) {
			go[t] = in[t] && m[t] > 0 && m[t + 1] > -4;
			in[t] = go[t]; /* a lane that left the loop stays out */
			any |= go[t];
		}
		for (int t = 0; t < N; t++)
			m[t + 1] -= go[t];
	}
	for (int t = 0; t < N; t++)
		w[t] = m[t + 1];
}

static void want_through_pointer(int *w)
{
	int row[N];

	for (int t = 0; t < N; t++)
		row[t] = (t * 13) % 32;
	for (int t = 0; t < N; t++)
		w[t] = row[N - 1 - t] < row[t] ? -1 : row[t];
}

static void want_nested_levels(int *w)
{
	int m[N];
	bool c[N];

	for (int t = 0; t < N; t++)
		m[t] = (N - t) / 3;
	for (int k = 1; k < 4; k++) {
		for (int t = 0; t < N; t++)
			c[t] = t >= k && m[t - k] > m[t];
		for (int t = 0; t < N; t++)
			m[t] += c[t];
	}
	for (int t = 0; t < N; t++)
		w[t] = m[t];
}

static void want_comma_tree(int *w)
{
	for (int t = 0; t < N; t++)
		w[t] = t * 3 % 17;
	for (int k = N / 2; k > 0; k >>= 1)
		for (int t = 0; t < k; t++)
			w[t] += w[t + k]; /* t + k >= k: no lane stores it in this turn */
}

int main(void)
{
	typedef void (*kernel_fn)(int *);
	typedef void (*model_fn)(int *);
	const struct {
		const char *name;
		kernel_fn k;
		model_fn want;
	} cases[] = {
		{ "flag_larger", flag_larger, want_flag_larger },
		{ "keep_or_clear", keep_or_clear, want_keep_or_clear },
		{ "count_down", count_down, want_count_down },
		{ "through_pointer", through_pointer, want_through_pointer },
		{ "nested_levels", nested_levels, want_nested_levels },
		{ "comma_tree", comma_tree, want_comma_tree },
	};
	const int ncases = sizeof(cases) / sizeof(cases[0]);
	int *d, got[N], want[N], fails = 0;

	cudaMalloc(&d, N * sizeof(int));
	for (int i = 0; i < ncases; i++) {
		int bad = 0;

		cudaMemset(d, 0, N * sizeof(int));
		cases[i].k<<<1, N>>>(d);
		if (cudaDeviceSynchronize() != cudaSuccess) {
			printf("%s: launch failed\n", cases[i].name);
			fails++;
			continue;
		}
		cudaMemcpy(got, d, N * sizeof(int), cudaMemcpyDeviceToHost);
		cases[i].want(want);
		for (int t = 0; t < N; t++)
			bad += got[t] != want[t];
		printf("%s: %d of %d wrong\n", cases[i].name, bad, N);
		fails += bad != 0;
	}
	cudaFree(d);
	printf("%d passed, %d failed\n", ncases - fails, fails);
	printf("%s\n", fails ? "FAIL" : "PASS");
	return fails ? 1 : 0;
}
