/*
 * Test oracle only: the CPU executor behind include/cuda_runtime.h.
 *
 * A launch runs its blocks one after another in the calling thread. The
 * threads of a block are fibers (own stacks, switched by cc_switch below,
 * x86-64 only) scheduled round robin; a fiber runs until it waits at
 * __syncthreads or at a warp collective, so everything between two
 * synchronisation points runs without interleaving and warp collectives see
 * all their lanes at once, as CUDA's lock-step semantics require. Exited
 * threads leave barriers and collectives. If a full round makes no progress
 * the kernel cannot finish (a barrier some thread never reaches): the oracle
 * says so and exits with status 3. All runtime calls are synchronous.
 * CC_ORACLE_ORDER=reverse runs blocks, and resumes threads, in reverse order:
 * a correct program gives the same verdict both ways.
 */
#include "include/cuda_runtime.h"
#include <sys/mman.h>
#include <unistd.h>
#include <time.h>
#include <vector>

uint3 threadIdx, blockIdx;
dim3 blockDim, gridDim;

extern "C" void cc_switch(void **save_sp, void *to_sp);
asm(".text\n"
    ".globl cc_switch\n"
    ".type cc_switch,@function\n"
    "cc_switch:\n"
    "	pushq %rbp\n	pushq %rbx\n	pushq %r12\n	pushq %r13\n	pushq %r14\n	pushq %r15\n"
    "	movq %rsp, (%rdi)\n"
    "	movq %rsi, %rsp\n"
    "	popq %r15\n	popq %r14\n	popq %r13\n	popq %r12\n	popq %rbx\n	popq %rbp\n"
    "	ret\n"
    ".size cc_switch, .-cc_switch\n");

namespace {

const size_t kStack = 256 * 1024;
const int kSlots = 48; /* warp collectives in flight per warp */

struct Fiber {
	void *sp;
	char *stack;
	bool done;
	uint3 idx;
	/* at __activemask()/coalesced_threads(): the call site, then the lanes there together */
	bool coal, coal_ready;
	const char *coal_file;
	unsigned coal_line, coal_mask;
};

struct Collective {
	bool used, complete;
	unsigned mask, arrived;
	int readers;
	uint64_t vals[32];
};

struct Warp {
	unsigned present, exited;
	Collective slot[kSlots];
};

struct Block {
	std::vector<Fiber> fibers;
	std::vector<Warp> warps;
	unsigned live;
	unsigned bar_arrived, bar_gen;
	long long bar_acc, bar_result;
	unsigned bar_members; /* threads that took part in the last barrier */
	void *sched_sp;
	Fiber *cur;
	unsigned long progress;
	unsigned ncoal; /* fibers waiting at __activemask()/coalesced_threads() */
	const std::function<void()> *body;
	char *dyn_shared;
};

Block g_block;
cudaError_t g_last = cudaSuccess;

bool reverse_order()
{
	const char *o = getenv("CC_ORACLE_ORDER");
	return o && strcmp(o, "reverse") == 0;
}

void yield_to_scheduler()
{
	Fiber *f = g_block.cur;
	cc_switch(&f->sp, g_block.sched_sp);
}

[[noreturn]] void fiber_main()
{
	(*g_block.body)();
	Fiber *f = g_block.cur;
	f->done = true;
	g_block.live--;
	unsigned tid = f->idx.x + f->idx.y * blockDim.x + f->idx.z * blockDim.x * blockDim.y;
	g_block.warps[tid / 32].exited |= 1u << (tid % 32);
	g_block.progress++;
	cc_switch(&f->sp, g_block.sched_sp);
	abort(); /* a finished fiber is never resumed */
}

char *new_stack()
{
	void *p = mmap(nullptr, kStack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED) {
		perror("oracle: mmap");
		exit(3);
	}
	mprotect(p, 4096, PROT_NONE); /* guard page */
	return (char *)p;
}

void start_fiber(Fiber &f)
{
	uintptr_t top = ((uintptr_t)f.stack + kStack) & ~(uintptr_t)15;
	void **sp = (void **)(top - 64);
	for (int k = 0; k < 6; k++)
		sp[k] = nullptr;
	sp[6] = (void *)&fiber_main;
	sp[7] = nullptr;
	f.sp = sp;
	f.done = false;
	f.coal = false;
}

/*
 * Every fiber waits (none made progress in a full round): each one at
 * __activemask()/coalesced_threads() gets the lanes of its warp waiting at
 * the same call site -- the lanes that took the same path there; those that
 * went elsewhere wait at a barrier or another warp operation, or returned.
 */
bool coalesce(Block &b, unsigned nthreads)
{
	if (!b.ncoal)
		return false;
	for (unsigned t = 0; t < nthreads; t++) {
		Fiber &f = b.fibers[t];
		if (f.done || !f.coal || f.coal_ready)
			continue;
		unsigned w = t / 32, m = 0;
		for (unsigned l = 0; l < 32 && w * 32 + l < nthreads; l++) {
			const Fiber &g = b.fibers[w * 32 + l];
			if (!g.done && g.coal && !g.coal_ready && g.coal_line == f.coal_line &&
			    strcmp(g.coal_file, f.coal_file) == 0)
				m |= 1u << l;
		}
		f.coal_mask = m;
	}
	for (unsigned t = 0; t < nthreads; t++)
		if (!b.fibers[t].done && b.fibers[t].coal)
			b.fibers[t].coal_ready = true;
	b.ncoal = 0;
	b.progress++;
	return true;
}

void run_block(unsigned nthreads)
{
	Block &b = g_block;
	while (b.fibers.size() < nthreads) {
		Fiber f;
		f.stack = new_stack();
		b.fibers.push_back(f);
	}
	unsigned nwarps = (nthreads + 31) / 32;
	b.warps.assign(nwarps, Warp());
	for (unsigned w = 0; w < nwarps; w++) {
		unsigned lanes = nthreads - w * 32 < 32 ? nthreads - w * 32 : 32;
		b.warps[w].present = lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
		b.warps[w].exited = 0;
		for (int s = 0; s < kSlots; s++)
			b.warps[w].slot[s].used = false;
	}
	for (unsigned t = 0; t < nthreads; t++) {
		Fiber &f = b.fibers[t];
		f.idx.x = t % blockDim.x;
		f.idx.y = t / blockDim.x % blockDim.y;
		f.idx.z = t / (blockDim.x * blockDim.y);
		start_fiber(f);
	}
	b.live = nthreads;
	b.ncoal = 0;
	b.bar_arrived = 0;
	b.bar_acc = 0;
	while (b.live > 0) {
		unsigned long before = b.progress;
		bool rev = reverse_order();
		for (unsigned k = 0; k < nthreads; k++) {
			Fiber &f = b.fibers[rev ? nthreads - 1 - k : k];
			if (f.done)
				continue;
			b.cur = &f;
			threadIdx = f.idx;
			cc_switch(&b.sched_sp, f.sp);
		}
		if (b.live > 0 && b.progress == before && !coalesce(b, nthreads)) {
			fprintf(stderr,
				"oracle: deadlock in block (%u,%u,%u): %u threads wait at a barrier or warp "
				"operation that cannot complete\n",
				blockIdx.x, blockIdx.y, blockIdx.z, b.live);
			exit(3);
		}
	}
}

} // namespace

cudaError_t __cc_record_error(cudaError_t e)
{
	if (e != cudaSuccess)
		g_last = e;
	return e;
}

bool __cc_valid_kind(cudaMemcpyKind k) { return (unsigned)k <= cudaMemcpyDefault; }

void *__cc_dynamic_shared(void) { return g_block.dyn_shared; }

int __cc_cpu_count(void) { return (int)sysconf(_SC_NPROCESSORS_ONLN); }

cudaError_t __cc_launch(const __cc_config &c, const std::function<void()> &body)
{
	const dim3 &g = c.grid, &bl = c.block;
	unsigned long long threads = (unsigned long long)bl.x * bl.y * bl.z;
	if (threads == 0 || threads > 1024 || bl.x > 1024 || bl.y > 1024 || bl.z > 64 || g.x == 0 || g.y == 0 ||
	    g.z == 0 || g.y > 65535 || g.z > 65535 || c.shmem > 227 * 1024) {
		return __cc_record_error(cudaErrorInvalidConfiguration);
	}
	/* Dynamic shared memory: filled with a pattern (CUDA leaves it undefined). */
	char *dyn = (char *)aligned_alloc(64, (c.shmem + 64) / 64 * 64);
	memset(dyn, 0xa5, (c.shmem + 64) / 64 * 64);
	g_block.dyn_shared = dyn;
	g_block.body = &body;
	gridDim = g;
	blockDim = bl;
	unsigned long long nblocks = (unsigned long long)g.x * g.y * g.z;
	bool rev = reverse_order();
	for (unsigned long long k = 0; k < nblocks; k++) {
		unsigned long long b = rev ? nblocks - 1 - k : k;
		blockIdx = uint3{(unsigned)(b % g.x), (unsigned)(b / g.x % g.y), (unsigned)(b / ((unsigned long long)g.x * g.y))};
		run_block((unsigned)threads);
	}
	free(dyn);
	return cudaSuccess;
}

void __syncthreads(void)
{
	(void)__syncthreads_count(0);
}

/*
 * One barrier: the count of pred over the threads that took part, and in
 * *members how many took part (read at the release: a thread that runs on
 * afterwards may exit before a slower one reads the result).
 */
static int barrier_count(int pred, int *members)
{
	Block &b = g_block;
	unsigned gen = b.bar_gen;
	b.bar_acc += pred != 0;
	b.bar_arrived++;
	b.progress++;
	while (b.bar_gen == gen) {
		if (b.bar_arrived >= b.live) {
			b.bar_result = b.bar_acc;
			b.bar_members = b.bar_arrived;
			b.bar_acc = 0;
			b.bar_arrived = 0;
			b.bar_gen++;
			b.progress++;
			break;
		}
		yield_to_scheduler();
	}
	*members = (int)b.bar_members;
	return (int)b.bar_result;
}

int __syncthreads_count(int pred)
{
	int members;

	return barrier_count(pred, &members);
}

int __syncthreads_and(int pred)
{
	int members, n = barrier_count(pred != 0, &members);

	return n == members;
}

int __syncthreads_or(int pred) { return __syncthreads_count(pred != 0) != 0; }

/* The lanes of the warp at this call site together (coalesce()), as the product's fibers. */
unsigned __cc_coalesced(const char *file, unsigned site)
{
	Block &b = g_block;
	Fiber &f = *b.cur;
	f.coal = true;
	f.coal_ready = false;
	f.coal_file = file;
	f.coal_line = site;
	b.ncoal++;
	while (!f.coal_ready)
		yield_to_scheduler();
	f.coal = false;
	return f.coal_mask;
}

unsigned __cc_collective(unsigned mask, uint64_t v, uint64_t all[32])
{
	Block &b = g_block;
	unsigned lane = __cc_lane();
	Warp &w = b.warps[__cc_linear_tid() / 32];
	Collective *c = nullptr;
	for (int s = 0; s < kSlots && !c; s++) {
		Collective &x = w.slot[s];
		if (x.used && !x.complete && x.mask == mask && !((x.arrived >> lane) & 1))
			c = &x;
	}
	for (int s = 0; s < kSlots && !c; s++)
		if (!w.slot[s].used) {
			c = &w.slot[s];
			c->used = true;
			c->complete = false;
			c->mask = mask;
			c->arrived = 0;
		}
	if (!c) {
		fprintf(stderr, "oracle: more than %d warp operations in flight in one warp\n", kSlots);
		exit(3);
	}
	c->vals[lane] = v;
	c->arrived |= 1u << lane;
	b.progress++;
	while (!c->complete) {
		unsigned need = mask & w.present & ~w.exited;
		if ((c->arrived & need) == need) {
			c->complete = true;
			c->readers = __builtin_popcount(c->arrived);
			b.progress++;
			break;
		}
		yield_to_scheduler();
	}
	memcpy(all, c->vals, sizeof(c->vals));
	unsigned got = c->arrived;
	if (--c->readers == 0)
		c->used = false;
	return got;
}

/* ---- runtime API ---- */
cudaError_t cudaMalloc(void **p, size_t n)
{
	if (!p)
		return __cc_record_error(cudaErrorInvalidValue);
	*p = nullptr;
	if (n == 0)
		return cudaSuccess;
	if (n > ((size_t)1 << 48) || posix_memalign(p, 256, n) != 0) {
		*p = nullptr;
		return __cc_record_error(cudaErrorMemoryAllocation);
	}
	memset(*p, 0xcd, n); /* device memory starts undefined; never zero by luck */
	return cudaSuccess;
}
cudaError_t cudaMallocHost(void **p, size_t n) { return cudaMalloc(p, n); }
cudaError_t cudaHostAlloc(void **p, size_t n, unsigned) { return cudaMalloc(p, n); }
cudaError_t cudaMallocManaged(void **p, size_t n, unsigned) { return cudaMalloc(p, n); }
cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t w, size_t h)
{
	*pitch = (w + 511) / 512 * 512;
	return cudaMalloc(p, *pitch * h);
}
cudaError_t cudaFree(void *p)
{
	free(p);
	return cudaSuccess;
}
cudaError_t cudaFreeHost(void *p) { return cudaFree(p); }
cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, cudaMemcpyKind kind)
{
	if (!__cc_valid_kind(kind))
		return __cc_record_error(cudaErrorInvalidMemcpyDirection);
	if (n && (!dst || !src))
		return __cc_record_error(cudaErrorInvalidValue);
	memmove(dst, src, n);
	return cudaSuccess;
}
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, cudaMemcpyKind kind, cudaStream_t)
{
	return cudaMemcpy(dst, src, n, kind);
}
cudaError_t cudaMemcpy2D(void *dst, size_t dp, const void *src, size_t sp, size_t w, size_t h, cudaMemcpyKind kind)
{
	if (!__cc_valid_kind(kind))
		return __cc_record_error(cudaErrorInvalidMemcpyDirection);
	if (w > dp || w > sp)
		return __cc_record_error(cudaErrorInvalidValue);
	for (size_t r = 0; r < h; r++)
		memmove((char *)dst + r * dp, (const char *)src + r * sp, w);
	return cudaSuccess;
}
cudaError_t cudaMemset(void *p, int v, size_t n)
{
	if (n && !p)
		return __cc_record_error(cudaErrorInvalidValue);
	memset(p, v, n);
	return cudaSuccess;
}
cudaError_t cudaMemsetAsync(void *p, int v, size_t n, cudaStream_t) { return cudaMemset(p, v, n); }
cudaError_t cudaMemGetInfo(size_t *fr, size_t *total)
{
	*total = (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
	*fr = (size_t)sysconf(_SC_AVPHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
	return cudaSuccess;
}
cudaError_t cudaDeviceSynchronize(void) { return cudaSuccess; }
cudaError_t cudaDeviceReset(void) { return cudaSuccess; }
cudaError_t cudaGetLastError(void)
{
	cudaError_t e = g_last;
	g_last = cudaSuccess;
	return e;
}
cudaError_t cudaPeekAtLastError(void) { return g_last; }

namespace {
struct ErrorText {
	cudaError_t e;
	const char *name, *text;
};
const ErrorText kErrors[] = {
	{cudaSuccess, "cudaSuccess", "no error"},
	{cudaErrorInvalidValue, "cudaErrorInvalidValue", "invalid argument"},
	{cudaErrorMemoryAllocation, "cudaErrorMemoryAllocation", "out of memory"},
	{cudaErrorInitializationError, "cudaErrorInitializationError", "initialization error"},
	{cudaErrorInvalidConfiguration, "cudaErrorInvalidConfiguration", "invalid configuration argument"},
	{cudaErrorInvalidSymbol, "cudaErrorInvalidSymbol", "invalid device symbol"},
	{cudaErrorInvalidMemcpyDirection, "cudaErrorInvalidMemcpyDirection", "invalid copy direction for memcpy"},
	{cudaErrorInvalidDevice, "cudaErrorInvalidDevice", "invalid device ordinal"},
	{cudaErrorInvalidResourceHandle, "cudaErrorInvalidResourceHandle", "invalid resource handle"},
	{cudaErrorNotReady, "cudaErrorNotReady", "device not ready"},
	{cudaErrorLaunchFailure, "cudaErrorLaunchFailure", "unspecified launch failure"},
	{cudaErrorUnknown, "cudaErrorUnknown", "unknown error"},
};
const ErrorText &find_error(cudaError_t e)
{
	for (const ErrorText &t : kErrors)
		if (t.e == e)
			return t;
	return kErrors[sizeof(kErrors) / sizeof(kErrors[0]) - 1];
}
} // namespace

const char *cudaGetErrorString(cudaError_t e) { return find_error(e).text; }
const char *cudaGetErrorName(cudaError_t e) { return find_error(e).name; }
cudaError_t cudaGetDeviceCount(int *n)
{
	*n = 1;
	return cudaSuccess;
}
cudaError_t cudaSetDevice(int d) { return d == 0 ? cudaSuccess : __cc_record_error(cudaErrorInvalidDevice); }
cudaError_t cudaGetDevice(int *d)
{
	*d = 0;
	return cudaSuccess;
}
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int d)
{
	if (d != 0)
		return __cc_record_error(cudaErrorInvalidDevice);
	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "CPU reference executor (test oracle)");
	p->totalGlobalMem = (size_t)sysconf(_SC_PHYS_PAGES) * (size_t)sysconf(_SC_PAGESIZE);
	p->sharedMemPerBlock = 48 * 1024;
	p->sharedMemPerBlockOptin = 227 * 1024;
	p->sharedMemPerMultiprocessor = 228 * 1024;
	p->totalConstMem = 64 * 1024;
	p->memPitch = (size_t)1 << 31;
	p->regsPerBlock = p->regsPerMultiprocessor = 65536;
	p->warpSize = 32;
	p->maxThreadsPerBlock = 1024;
	p->maxThreadsDim[0] = p->maxThreadsDim[1] = 1024;
	p->maxThreadsDim[2] = 64;
	p->maxGridSize[0] = 0x7fffffff;
	p->maxGridSize[1] = p->maxGridSize[2] = 65535;
	p->major = 9;
	p->minor = 0;
	p->multiProcessorCount = (int)sysconf(_SC_NPROCESSORS_ONLN);
	p->maxThreadsPerMultiProcessor = 2048;
	p->clockRate = 1000000;
	p->concurrentKernels = p->managedMemory = p->unifiedAddressing = p->canMapHostMemory = 1;
	p->cooperativeLaunch = 0;
	return cudaSuccess;
}

struct CUstream_st {
	unsigned flags;
};
struct CUevent_st {
	unsigned flags;
	bool recorded;
	double ms;
};

cudaError_t cudaStreamCreate(cudaStream_t *s) { return cudaStreamCreateWithFlags(s, 0); }
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags)
{
	*s = new CUstream_st{flags};
	return cudaSuccess;
}
cudaError_t cudaStreamDestroy(cudaStream_t s)
{
	delete s;
	return cudaSuccess;
}
cudaError_t cudaStreamSynchronize(cudaStream_t) { return cudaSuccess; }
cudaError_t cudaStreamQuery(cudaStream_t) { return cudaSuccess; }
cudaError_t cudaStreamWaitEvent(cudaStream_t, cudaEvent_t, unsigned) { return cudaSuccess; }
cudaError_t cudaEventCreate(cudaEvent_t *e) { return cudaEventCreateWithFlags(e, 0); }
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned flags)
{
	*e = new CUevent_st{flags, false, 0.0};
	return cudaSuccess;
}
cudaError_t cudaEventDestroy(cudaEvent_t e)
{
	delete e;
	return cudaSuccess;
}
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	e->ms = ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
	e->recorded = true;
	return cudaSuccess;
}
cudaError_t cudaEventSynchronize(cudaEvent_t) { return cudaSuccess; }
cudaError_t cudaEventQuery(cudaEvent_t) { return cudaSuccess; }
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b)
{
	if (!a->recorded || !b->recorded || (a->flags & cudaEventDisableTiming) || (b->flags & cudaEventDisableTiming))
		return __cc_record_error(cudaErrorInvalidResourceHandle);
	*ms = (float)(b->ms - a->ms);
	return cudaSuccess;
}
