// A time-stepping CUDA+MPI program in the shape of public mini-apps
// (HeCBench's miniWeather among them): host functions that pass device
// pointers and references down through each other and into kernels (the
// initial profile returned through references, a Runge-Kutta step that
// hands three states to the tendencies, the halo exchange packing,
// sending with MPI and unpacking), with MPI's C++ bindings parsed among
// the program's own functions (mpicxx's mpi.h).  Built with
// `idxgen-cc -ccbin mpicxx` and run on two ranks: a periodic 1-D domain of
// two fields, advected and diffused, split between the ranks, each rank's
// cells checked against a serial run of the whole domain on the host, and
// the totals (a block reduction in __shared__ memory through a helper given
// a __shared__ pointer) against the serial ones.  The lock-step analysis
// (lib/cc/lockstep.c) asks of the helper whether a call gives it __shared__
// memory; before the fix that question walked the whole program once per
// call, per argument, three callers deep (issue 38: miniWeather's
// translation did not end).  Also compiled by nvcc -c (with MPI's include path).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <mpi.h>

#define NVARS 2	// the two fields
#define HS 2	// halo cells on each side
#define CELLS 96	// cells of the whole domain
#define STEPS 20
#define BLOCK 64

#define checkCuda(call)                                                                              \
	do {                                                                                         \
		cudaError_t err_ = (call);                                                           \
		if (err_ != cudaSuccess) {                                                           \
			fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorName(err_), __FILE__, __LINE__); \
			MPI_Abort(MPI_COMM_WORLD, 1);                                                \
		}                                                                                    \
	} while (0)

#define checkMpi(call)                                                                           \
	do {                                                                                     \
		int err_ = (call);                                                               \
		if (err_ != MPI_SUCCESS) {                                                       \
			fprintf(stderr, "MPI error %d at %s:%d\n", err_, __FILE__, __LINE__);    \
			MPI_Abort(MPI_COMM_WORLD, 1);                                            \
		}                                                                                \
	} while (0)

const double speed = 0.75;	// advection speed
const double nu = 0.002;	// diffusion
const double dx = 1.0 / CELLS;

struct Domain {
	int rank, size, left, right;
	int nx, first;	// this rank's cells: [first, first + nx)
	double dt;
};

struct Buffers {
	double *flux, *tend, *send, *recv, *part;
};

// state[v * (nx + 2 HS) + HS + i]: field v of cell i (halos at i < 0 and i >= nx)
__host__ __device__ inline int at(int v, int i, int nx)
{
	return v * (nx + 2 * HS) + HS + i;
}

__global__ void pack_halo(const double *state, double *send, int nx)
{
	int k = blockIdx.x * blockDim.x + threadIdx.x;	// v * 2 HS + j

	if (k < NVARS * 2 * HS) {
		int v = k / (2 * HS), j = k % (2 * HS);

		send[k] = state[at(v, j < HS ? j : nx - 2 * HS + j, nx)];
	}
}

__global__ void unpack_halo(double *state, const double *recv, int nx)
{
	int k = blockIdx.x * blockDim.x + threadIdx.x;

	if (k < NVARS * 2 * HS) {
		int v = k / (2 * HS), j = k % (2 * HS);

		state[at(v, j < HS ? j - HS : nx + j - HS, nx)] = recv[k];
	}
}

// flux at the left face of cell i (i = 0 .. nx): upwind advection and central diffusion
__global__ void face_flux(const double *state, double *flux, int nx, double c, double d)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i <= nx)
		for (int v = 0; v < NVARS; v++) {
			double ql = state[at(v, i - 1, nx)], qr = state[at(v, i, nx)];

			flux[v * (nx + 1) + i] = c * (v ? 0.5 * (ql + qr) : ql) - d * (qr - ql);
		}
}

__global__ void tendency(const double *flux, double *tend, int nx, double h)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < nx)
		for (int v = 0; v < NVARS; v++)
			tend[v * nx + i] = -(flux[v * (nx + 1) + i + 1] - flux[v * (nx + 1) + i]) / h;
}

__global__ void update(const double *init, const double *tend, double *out, int nx, double dt)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < nx)
		for (int v = 0; v < NVARS; v++)
			out[at(v, i, nx)] = init[at(v, i, nx)] + dt * tend[v * nx + i];
}

// the block's sum of s[0 .. BLOCK) into s[0]; every thread calls it
__device__ void block_sum(double *s, int t)
{
	for (int k = BLOCK / 2; k > 0; k /= 2) {
		__syncthreads();
		if (t < k)
			s[t] += s[t + k];
	}
	__syncthreads();
}

// per block: the sum of field 0 (mass) and of the squares of both (energy)
__global__ void totals_kernel(const double *state, double *part, int nx)
{
	__shared__ double s[BLOCK];
	int t = threadIdx.x, i = blockIdx.x * BLOCK + t;
	double q0 = i < nx ? state[at(0, i, nx)] : 0.0, q1 = i < nx ? state[at(1, i, nx)] : 0.0;

	s[t] = q0;
	block_sum(s, t);
	if (t == 0)
		part[2 * blockIdx.x] = s[0];
	__syncthreads();
	s[t] = q0 * q0 + q1 * q1;
	block_sum(&s[0], t);
	if (t == 0)
		part[2 * blockIdx.x + 1] = s[0];
}

// the initial fields at x, through references
static void profile(double x, double &u, double &w)
{
	u = 1.0 + 0.5 * std::sin(2.0 * M_PI * x);
	w = x < 0.5 ? 0.25 : -0.25;
}

static void background(double x, double &u, double &w, double &scale)
{
	profile(x, u, w);
	scale = 1.0;
	u *= scale;
}

static void initial_state(double *h, int nx, int first)
{
	for (int i = 0; i < nx; i++) {
		double x = (first + i + 0.5) * dx, u, w, scale;

		background(x, u, w, scale);
		h[at(0, i, nx)] = u;
		h[at(1, i, nx)] = w * scale;
	}
}

static void init(int *argc, char ***argv, Domain &dom)
{
	checkMpi(MPI_Init(argc, argv));
	checkMpi(MPI_Comm_rank(MPI_COMM_WORLD, &dom.rank));
	checkMpi(MPI_Comm_size(MPI_COMM_WORLD, &dom.size));
	dom.left = (dom.rank + dom.size - 1) % dom.size;
	dom.right = (dom.rank + 1) % dom.size;
	dom.nx = CELLS / dom.size;
	dom.first = dom.rank * dom.nx;
	dom.dt = 0.2 * dx / speed;
}

static void alloc_buffers(Buffers &b, const Domain &dom)
{
	int blocks = (dom.nx + BLOCK - 1) / BLOCK;

	checkCuda(cudaMalloc(&b.flux, NVARS * (dom.nx + 1) * sizeof(double)));
	checkCuda(cudaMalloc(&b.tend, NVARS * dom.nx * sizeof(double)));
	checkCuda(cudaMalloc(&b.send, NVARS * 2 * HS * sizeof(double)));
	checkCuda(cudaMalloc(&b.recv, NVARS * 2 * HS * sizeof(double)));
	checkCuda(cudaMalloc(&b.part, 2 * blocks * sizeof(double)));
}

static void free_buffers(Buffers &b)
{
	cudaFree(b.flux);
	cudaFree(b.tend);
	cudaFree(b.send);
	cudaFree(b.recv);
	cudaFree(b.part);
}

// one direction of the exchange: HS cells each way, device pointers straight to MPI
static void send_receive(double *send, double *recv, const Domain &dom)
{
	MPI_Request req[4];

	checkMpi(MPI_Irecv(recv, NVARS * HS, MPI_DOUBLE, dom.left, 0, MPI_COMM_WORLD, &req[0]));
	checkMpi(MPI_Irecv(recv + NVARS * HS, NVARS * HS, MPI_DOUBLE, dom.right, 1, MPI_COMM_WORLD, &req[1]));
	checkMpi(MPI_Isend(send + NVARS * HS, NVARS * HS, MPI_DOUBLE, dom.right, 0, MPI_COMM_WORLD, &req[2]));
	checkMpi(MPI_Isend(send, NVARS * HS, MPI_DOUBLE, dom.left, 1, MPI_COMM_WORLD, &req[3]));
	checkMpi(MPI_Waitall(4, req, MPI_STATUSES_IGNORE));
}

// send[] holds per field its HS leftmost, then HS rightmost cells; recv[] the same order for the halos
static void reorder(double *buf, int forward)
{
	double tmp[NVARS * 2 * HS];

	for (int v = 0; v < NVARS; v++)
		for (int j = 0; j < 2 * HS; j++) {
			int side = j / HS, k = j % HS;
			int field = v * 2 * HS + j, wire = side * NVARS * HS + v * HS + k;

			tmp[forward ? wire : field] = buf[forward ? field : wire];
		}
	for (int k = 0; k < NVARS * 2 * HS; k++)
		buf[k] = tmp[k];
}

static void exchange_halo(double *state, Buffers &b, const Domain &dom)
{
	double h[NVARS * 2 * HS];

	pack_halo<<<1, BLOCK>>>(state, b.send, dom.nx);
	checkCuda(cudaMemcpy(h, b.send, sizeof(h), cudaMemcpyDeviceToHost));
	reorder(h, 1);
	checkCuda(cudaMemcpy(b.send, h, sizeof(h), cudaMemcpyHostToDevice));
	send_receive(b.send, b.recv, dom);
	checkCuda(cudaMemcpy(h, b.recv, sizeof(h), cudaMemcpyDeviceToHost));
	reorder(h, 0);
	checkCuda(cudaMemcpy(b.recv, h, sizeof(h), cudaMemcpyHostToDevice));
	unpack_halo<<<1, BLOCK>>>(state, b.recv, dom.nx);
}

static void tendencies(double *state, double *flux, double *tend, const Domain &dom)
{
	int blocks = (dom.nx + 1 + BLOCK - 1) / BLOCK;

	face_flux<<<blocks, BLOCK>>>(state, flux, dom.nx, speed, nu / dx);
	tendency<<<blocks, BLOCK>>>(flux, tend, dom.nx, dx);
}

// out = init + dt * tendencies(forcing)
static void semi_step(double *init, double *forcing, double *out, double dt, Buffers &b, const Domain &dom)
{
	exchange_halo(forcing, b, dom);
	tendencies(forcing, b.flux, b.tend, dom);
	update<<<(dom.nx + BLOCK - 1) / BLOCK, BLOCK>>>(init, b.tend, out, dom.nx, dt);
}

// three stages, as miniWeather-style Runge-Kutta steps take them
static void timestep(double *state, double *tmp, Buffers &b, const Domain &dom)
{
	semi_step(state, state, tmp, dom.dt / 3, b, dom);
	semi_step(state, tmp, tmp, dom.dt / 2, b, dom);
	semi_step(state, tmp, state, dom.dt, b, dom);
}

static void totals(const double *state, Buffers &b, const Domain &dom, double &mass, double &energy)
{
	int blocks = (dom.nx + BLOCK - 1) / BLOCK;
	double *h = (double *)malloc(2 * blocks * sizeof(double)), loc[2] = { 0, 0 }, glob[2];

	totals_kernel<<<blocks, BLOCK>>>(state, b.part, dom.nx);
	checkCuda(cudaMemcpy(h, b.part, 2 * blocks * sizeof(double), cudaMemcpyDeviceToHost));
	for (int k = 0; k < blocks; k++) {
		loc[0] += h[2 * k];
		loc[1] += h[2 * k + 1];
	}
	checkMpi(MPI_Allreduce(loc, glob, 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD));
	mass = glob[0];
	energy = glob[1];
	free(h);
}

// the same steps on the host over the whole domain, periodic halos copied
static void serial_halo(double *q)
{
	for (int v = 0; v < NVARS; v++)
		for (int k = 0; k < HS; k++) {
			q[at(v, k - HS, CELLS)] = q[at(v, CELLS - HS + k, CELLS)];
			q[at(v, CELLS + k, CELLS)] = q[at(v, k, CELLS)];
		}
}

static void serial_stage(const double *init, double *forcing, double *out, double dt)
{
	double flux[NVARS * (CELLS + 1)];

	serial_halo(forcing);
	for (int i = 0; i <= CELLS; i++)
		for (int v = 0; v < NVARS; v++) {
			double ql = forcing[at(v, i - 1, CELLS)], qr = forcing[at(v, i, CELLS)];

			flux[v * (CELLS + 1) + i] = speed * (v ? 0.5 * (ql + qr) : ql) - nu / dx * (qr - ql);
		}
	for (int i = 0; i < CELLS; i++)
		for (int v = 0; v < NVARS; v++)
			out[at(v, i, CELLS)] = init[at(v, i, CELLS)] +
					       dt * -(flux[v * (CELLS + 1) + i + 1] - flux[v * (CELLS + 1) + i]) / dx;
}

static void serial_run(double *q, double dt, double &mass, double &energy)
{
	size_t n = NVARS * (CELLS + 2 * HS);
	double *tmp = (double *)calloc(n, sizeof(double));

	initial_state(q, CELLS, 0);
	for (int s = 0; s < STEPS; s++) {
		serial_stage(q, q, tmp, dt / 3);
		serial_stage(q, tmp, tmp, dt / 2);
		serial_stage(q, tmp, q, dt);
	}
	mass = energy = 0;
	for (int i = 0; i < CELLS; i++) {
		mass += q[at(0, i, CELLS)];
		energy += q[at(0, i, CELLS)] * q[at(0, i, CELLS)] + q[at(1, i, CELLS)] * q[at(1, i, CELLS)];
	}
	free(tmp);
}

static bool close_to(double a, double b)
{
	return std::fabs(a - b) <= 1e-9 * (1.0 + std::fabs(b));
}

static int compare(const double *mine, const double *whole, const Domain &dom)
{
	int bad = 0;

	for (int v = 0; v < NVARS; v++)
		for (int i = 0; i < dom.nx; i++)
			if (!close_to(mine[at(v, i, dom.nx)], whole[at(v, dom.first + i, CELLS)]) && !bad++)
				printf("rank %d: field %d cell %d is %.15g, want %.15g\n", dom.rank, v, dom.first + i,
				       mine[at(v, i, dom.nx)], whole[at(v, dom.first + i, CELLS)]);
	return bad;
}

int main(int argc, char **argv)
{
	Domain dom;
	Buffers b;

	init(&argc, &argv, dom);
	size_t n = NVARS * (dom.nx + 2 * HS);
	double *h = (double *)calloc(n, sizeof(double)), *state, *tmp;
	double *whole = (double *)calloc(NVARS * (CELLS + 2 * HS), sizeof(double));
	double mass0, energy0, mass, energy, want_mass, want_energy;

	initial_state(h, dom.nx, dom.first);
	checkCuda(cudaMalloc(&state, n * sizeof(double)));
	checkCuda(cudaMalloc(&tmp, n * sizeof(double)));
	checkCuda(cudaMemcpy(state, h, n * sizeof(double), cudaMemcpyHostToDevice));
	checkCuda(cudaMemcpy(tmp, h, n * sizeof(double), cudaMemcpyHostToDevice));
	alloc_buffers(b, dom);
	totals(state, b, dom, mass0, energy0);
	for (int s = 0; s < STEPS; s++)
		timestep(state, tmp, b, dom);
	totals(state, b, dom, mass, energy);
	checkCuda(cudaMemcpy(h, state, n * sizeof(double), cudaMemcpyDeviceToHost));

	serial_run(whole, dom.dt, want_mass, want_energy);
	int bad = compare(h, whole, dom), all_bad = 0;
	bad += !close_to(mass, want_mass) || !close_to(energy, want_energy) || !close_to(mass, mass0);
	checkMpi(MPI_Allreduce(&bad, &all_bad, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD));
	if (dom.rank == 0)
		printf("mass %.12f (start %.12f, serial %.12f), energy %.12f (start %.12f, serial %.12f)\n", mass, mass0,
		       want_mass, energy, energy0, want_energy);
	free_buffers(b);
	cudaFree(state);
	cudaFree(tmp);
	free(h);
	free(whole);
	checkMpi(MPI_Finalize());
	if (dom.rank == 0)
		printf("%s\n", !all_bad && dom.size == 2 ? "PASS" : "FAIL");
	return all_bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
