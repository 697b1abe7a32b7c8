#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""fibergen.py - random whole CUDA programs of the shapes only fibers run.

One seed gives one .cu program: COUNT kernels and a main() that launches
each on its own grid and prints one line per kernel ("kN HASH ERROR"), the
FNV-1a hash of its output.  fiber_fuzz.py builds it with idxgen-cc and with
the reference executor (tests/cuda/oracle) and compares the lines.

The kernels are drawn from the control flow that loop fission cannot run
(issue 38's Tests section), each piece valid CUDA whose result does not
depend on the order threads run in:

  - __syncthreads() inside __device__ helpers (plain, templated, a helper
    calling a helper), and a block-wide sum through a helper's static
    __shared__ variable;
  - loops with barriers left by a uniform, data-dependent break, and by a
    `return` of some threads (the threads still running go on meeting at
    the barriers: threads that exited do not count, as on CUDA);
  - barriers under a condition that is uniform at run time but read from
    memory (the analysis cannot prove it);
  - __syncthreads_count / __syncthreads_or loops;
  - warp operations in helpers, under else, nested as arguments of one
    another, on both sides of a lane-divergent branch, and between returns.

How the results stay defined: a kernel keeps `m`, the lanes of the running
thread's warp that have not returned (each return is preceded by
`m = __ballot_sync(m, !q)`), and every warp operation names m or a part of
it that is exactly the lanes taking that branch; a full-mask butterfly only
while no thread has returned.  Shared memory is written before a barrier and
read between it and the next one; a thread that returned leaves its last
value, written before a barrier every live thread has passed.
Block sizes are multiples of 32 (a warp operation's lanes all exist).

    fibergen.py SEED COUNT > prog.cu
"""
import random
import sys

BMAX = 256
BLOCKS = (32, 64, 96, 128, 256)


class Kernel:
    """The lines of one kernel being drawn and what its pieces may assume."""

    def __init__(self, rnd, helpers):
        self.r = rnd
        self.helpers = helpers  # name -> definition, shared by the program's kernels
        self.lines = []
        self.full = True  # no thread has returned yet
        self.n = 0  # names of locals

    def name(self, base):
        self.n += 1
        return "%s%d" % (base, self.n)

    def emit(self, *lines):
        self.lines.extend(lines)

    def const(self, lo=1, hi=29):
        return "%du" % self.r.randint(lo, hi)


# ---- helpers (emitted once per program) -------------------------------------------------

HELPERS = {
    "rot": """\
__device__ unsigned rot(unsigned *sm, unsigned v, unsigned t, unsigned n, unsigned k)
{
	sm[t] = v;
	__syncthreads();
	unsigned r = sm[(t + k) % n];
	__syncthreads();
	return r;
}""",
    "rot_t": """\
template <unsigned K> __device__ unsigned rot_t(unsigned *sm, unsigned v, unsigned t, unsigned n)
{
	sm[t] = v * K;
	__syncthreads();
	unsigned r = sm[(n - 1u - t + K) % n];
	__syncthreads();
	return r ^ K;
}""",
    "rot2": """\
__device__ unsigned rot2(unsigned *sm, unsigned v, unsigned t, unsigned n)
{
	unsigned a = rot(sm, v, t, n, 1u);
	if (a & 1u)
		a += 3u;
	return a + rot(sm, a, t, n, 5u);
}""",
    "block_total": """\
__device__ unsigned block_total(unsigned v)
{
	__shared__ unsigned acc;
	atomicExch(&acc, 0u);
	__syncthreads();
	atomicAdd(&acc, v);
	__syncthreads();
	unsigned r = acc;
	__syncthreads();
	return r;
}""",
    "wsum": """\
__device__ unsigned wsum(unsigned x, unsigned mask)
{
	return __reduce_add_sync(mask, x);
}""",
    "wbcast": """\
__device__ unsigned wbcast(unsigned x, unsigned mask)
{
	if (!mask)
		return x;
	return __shfl_sync(mask, x, __ffs((int)mask) - 1);
}""",
    "wbfly": """\
template <int W> __device__ unsigned wbfly(unsigned x)
{
	for (int o = W / 2; o > 0; o /= 2)
		x += __shfl_xor_sync(0xffffffffu, x, o, W);
	return x;
}""",
    "wvote": """\
__device__ unsigned wvote(unsigned x, unsigned mask)
{
	unsigned b = __ballot_sync(mask, x & 1u);
	if (__all_sync(mask, x > 7u))
		return b;
	if (__any_sync(mask, (x & 3u) == 2u))
		return b ^ 0x55u;
	return __popc(b);
}""",
}


def need(k, name):
    k.helpers[name] = HELPERS[name]
    if name == "rot2":
        k.helpers["rot"] = HELPERS["rot"]


# ---- pieces -----------------------------------------------------------------------------

def p_helper_barrier(k):
    """A barrier inside a __device__ helper (plain, templated, nested)."""
    c = k.r.randrange(3)
    if c == 0:
        need(k, "rot")
        k.emit("v += rot(sm, v, t, n, %s);" % k.const())
    elif c == 1:
        need(k, "rot_t")
        k.emit("v = rot_t<%s>(sm, v, t, n) + v * 3u;" % k.const(1, 9))
    else:
        need(k, "rot2")
        k.emit("v ^= rot2(sm, v + lane, t, n);")


def p_block_total(k):
    """A block-wide sum through a helper's static __shared__ and barriers."""
    need(k, "block_total")
    k.emit("v += block_total(v & 0xffffu) >> %d;" % k.r.randint(0, 5))


def p_loop_break(k):
    """A loop with barriers, left by a break uniform at run time (read from shared memory)."""
    i, s0 = k.name("i"), k.name("s")
    k.emit("for (unsigned %s = 0; %s < %s; %s++) {" % (i, i, k.const(2, 6), i),
           "\tsm[t] = v;",
           "\t__syncthreads();",
           "\tunsigned %s = sm[0], nb%s = sm[(t + %s + 1u) %% n];" % (s0, s0, i),
           "\t__syncthreads();",
           "\tv = v * 5u + nb%s;" % s0,
           "\tif ((%s + %s) %% 3u == 0u)" % (s0, i),
           "\t\tbreak;",
           "}")


def ret_lines(k, cond, indent=""):
    """Threads where cond holds return (their output first); m drops them."""
    q = k.name("q")
    k.full = False
    return [indent + "bool %s = %s;" % (q, cond),
            indent + "m = __ballot_sync(m, !%s);" % q,
            indent + "if (%s) {" % q,
            indent + "\tout[g] = v ^ %s;" % k.const(1, 1000),
            indent + "\treturn;",
            indent + "}"]


def p_loop_return(k):
    """A loop with barriers that some threads leave by return (hotspot-style early exit)."""
    i = k.name("i")
    k.emit("for (unsigned %s = 0; %s < %s; %s++) {" % (i, i, k.const(2, 5), i),
           "\tsm[t] = v;",
           "\t__syncthreads();",
           "\tv += sm[(t + %s) %% n] >> 1;" % k.const(1, 40),
           "\t__syncthreads();")
    k.emit(*ret_lines(k, "v %% %s == (%s + %s) %% 7u" % (k.const(5, 11), i, k.const(0, 6)), "\t"))
    k.emit("}")


def p_return(k):
    """Some threads return between two other pieces (a return between warp operations)."""
    k.emit(*ret_lines(k, "(v ^ t) %% %s == %s" % (k.const(4, 9), k.const(0, 3))))


def p_uniform_cond(k):
    """Barriers under a condition uniform per block but data-dependent (read from in[])."""
    k.emit("if (in[blockIdx.x * n] %% 3u != %s) {" % k.const(0, 2),
           "\tsm[t] = v;",
           "\t__syncthreads();",
           "\tv ^= sm[n - 1u - t] << 1;",
           "\t__syncthreads();",
           "}")


def p_sync_count(k):
    """__syncthreads_count / _and / _or, and a loop on __syncthreads_or."""
    c = k.r.randrange(3)
    if c == 0:
        k.emit("v += __syncthreads_count(v & 1u) * %s;" % k.const())
    elif c == 1:
        k.emit("v ^= __syncthreads_and(v > %s) ? 0x100u : 0x200u;" % k.const(1, 50))
    else:
        it = k.name("it")
        k.emit("unsigned %s = 0;" % it,
               "do {",
               "\tv = v * 3u + 1u;",
               "\t%s++;" % it,
               "} while (__syncthreads_or((v & 15u) == %s) && %s < 4u);" % (k.const(0, 15), it))


def p_warp_helper(k):
    """A warp operation inside a __device__ helper (the butterfly only with every lane there)."""
    if k.full and k.r.randrange(2):
        need(k, "wbfly")
        k.emit("v = wbfly<%d>(v) + lane;" % k.r.choice((2, 4, 8, 16, 32)))
    elif k.r.randrange(2):
        need(k, "wsum")
        k.emit("v += wsum(v >> 2, m);")
    else:
        need(k, "wvote")
        k.emit("v += wvote(v, m);")


def p_warp_else(k):
    """A warp operation under else: warp-uniform condition, or lane-divergent with the branch's lanes."""
    if k.r.randrange(2):
        need(k, "wbcast")
        k.emit("if ((t / 32u + %s) %% 2u)" % k.const(0, 3),
               "\tv += 7u;",
               "else",
               "\tv = wbcast(v, m) + v;")
    else:
        k.emit("if (lane % 2u)",
               "\tv += __reduce_add_sync(m & 0xaaaaaaaau, v);",
               "else",
               "\tv -= __reduce_max_sync(m & 0x55555555u, v);")


def p_warp_nested(k):
    """Warp operations as arguments of warp operations."""
    if k.r.randrange(2):
        need(k, "wbcast")
        k.emit("v ^= wbcast(__reduce_min_sync(m, v) + lane, m);")
    else:
        k.emit("v += __popc(__ballot_sync(m, __any_sync(m, v & 4u) ? (v & 1u) : (v & 2u)));")


def p_warp_divergent_helper(k):
    """A helper with a warp operation called from a lane-divergent branch, with that branch's lanes."""
    need(k, "wsum")
    h = k.r.randint(1, 31)
    lo = (1 << h) - 1
    k.emit("if (lane < %du)" % h,
           "\tv += wsum(v, m & 0x%08xu);" % lo,
           "else",
           "\tv ^= wsum(v + 1u, m & 0x%08xu);" % (0xffffffff & ~lo))


PIECES = (p_helper_barrier, p_block_total, p_loop_break, p_loop_return, p_return, p_uniform_cond,
          p_sync_count, p_warp_helper, p_warp_else, p_warp_nested, p_warp_divergent_helper)


def kernel(rnd, helpers, idx):
    """The source of kernel idx and its launch (blocks, threads)."""
    k = Kernel(rnd, helpers)
    for _ in range(rnd.randint(2, 5)):
        rnd.choice(PIECES)(k)
    body = "\n".join("\t" + ln for ln in k.lines)
    src = """\
__global__ void k%d(const unsigned *in, unsigned *out)
{
	__shared__ unsigned sm[%d];
	const unsigned t = threadIdx.x, n = blockDim.x, g = blockIdx.x * n + t, lane = t %% 32u;
	unsigned v = in[g];
	unsigned m = 0xffffffffu;

	(void)lane;
	(void)m;
	sm[t] = v;
	__syncthreads();
%s
	out[g] = v;
}
""" % (idx, BMAX, body)
    return src, rnd.randint(1, 3), rnd.choice(BLOCKS)


MAIN = """\
static unsigned fnv(const unsigned *p, unsigned n)
{
	unsigned h = 2166136261u;

	for (unsigned i = 0; i < n; i++)
		h = (h ^ p[i]) * 16777619u;
	return h;
}

int main()
{
	const unsigned cap = 3u * %(bmax)du;
	unsigned *h_in = new unsigned[cap], *h_out = new unsigned[cap], *d_in, *d_out;
	unsigned x = %(seed)du;

	for (unsigned i = 0; i < cap; i++) {
		x = x * 1664525u + 1013904223u;
		h_in[i] = x >> 8;
	}
	cudaMalloc(&d_in, cap * sizeof(unsigned));
	cudaMalloc(&d_out, cap * sizeof(unsigned));
	cudaMemcpy(d_in, h_in, cap * sizeof(unsigned), cudaMemcpyHostToDevice);
%(launches)s
	cudaFree(d_in);
	cudaFree(d_out);
	delete[] h_in;
	delete[] h_out;
	return 0;
}
"""

LAUNCH = """\
	cudaMemset(d_out, 0, cap * sizeof(unsigned));
	k%(i)d<<<%(b)d, %(t)d>>>(d_in, d_out);
	{
		cudaError_t e = cudaDeviceSynchronize();

		cudaMemcpy(h_out, d_out, %(b)du * %(t)du * sizeof(unsigned), cudaMemcpyDeviceToHost);
		printf("k%(i)d %%08x %%s\\n", fnv(h_out, %(b)du * %(t)du), cudaGetErrorString(e));
	}"""


def program(seed, count):
    rnd = random.Random(seed)
    helpers = {}
    kernels, launches = [], []
    for i in range(count):
        src, b, t = kernel(rnd, helpers, i)
        kernels.append(src)
        launches.append(LAUNCH % {"i": i, "b": b, "t": t})
    order = [h for h in HELPERS if h in helpers]  # definitions before their callers
    head = "// fibergen.py seed %d, %d kernels (tests/cc/fuzz)\n#include <cstdio>\n#include <cuda_runtime.h>\n\n" % (
        seed, count)
    return (head + "\n\n".join(helpers[h] for h in order) + "\n\n" + "\n".join(kernels) + "\n" +
            MAIN % {"bmax": BMAX, "seed": seed, "launches": "\n".join(launches)})


def main(argv):
    if len(argv) != 3:
        sys.stderr.write("usage: fibergen.py SEED COUNT\n")
        return 2
    sys.stdout.write(program(int(argv[1]), int(argv[2])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
