#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""gen.py - random well-formed CUDA kernels in the subset idxgen-cc accepts.

Every kernel has the signature

    __global__ void NAME(unsigned int *out, unsigned int *uout, unsigned int *atom,
                         const unsigned int *in, int n)

and a launch shape chosen with it (Kernel.grid, .block, .os, .us, .n).  Its
result is deterministic by construction, whatever order the threads of a
block run in between two barriers, so any difference between the reference
executor and the translated code is a bug:

- values are unsigned (wrapping arithmetic, no undefined behaviour); a
  division or modulo has a divisor | 1u, a shift a count & 15u;
- a thread writes only its own slots: out[gid * OS + j], uout[gid * US + j]
  and, in shared arrays of NT * K words, s[tid + NT * j];
- a shared array another thread may have written in the current phase (since
  the last barrier) is "dirty": only the thread's own slots are read from it.
  A loop's body that may run again sees the writes of its previous iteration:
  a barrier-free loop fixes the arrays it may write before its body and
  treats them as dirty from the start; a loop containing barriers ends its
  body with one when its last phase wrote an array the first phase may read;
- every atom[] word and shared accumulator has one commutative operation
  (add, min, max, and, or, xor); the old value an atomic returns is used
  only by "ticks" (atomicAdd(&c, 1u) stored once into a uout slot, on a
  counter nothing else touches): the multiset of those is deterministic,
  and the harness compares uout sorted;
- barriers sit at block level only: in if/for/while/do whose condition is
  uniform (block indices, dimensions, n, uniform locals, loop counters,
  __syncthreads_count results), at any depth; returns are uniform (whole
  blocks) or divergent after the shared arrays were initialised;
- warp-level operations (WARP_OPS) sit at block level too, before any
  divergent return, with full masks: shuffles up/down/xor with widths
  32..4, ballot, any, all, match_any, reduce add/min/max.

Besides: guards of thread indices against uniform values around a whole
thread loop, the block reduction tree over a shared array's rows (both
become loop bounds), per-thread locals live across barriers, a per-thread array la[],
__device__ helpers (and one taking a pointer), switch with fall-through,
per-thread loops with continue, a uniform and a per-thread variable in one
declaration.

Usage: gen.py SEED COUNT PREFIX  -> writes PREFIX.cu and PREFIX.tab (one
line per kernel: name gx gy gz bx by bz os us n schedule).
"""
import random
import re
import sys

ACC_OPS = ["atomicAdd", "atomicMin", "atomicMax", "atomicAnd", "atomicOr", "atomicXor"]
ACC_INIT = {"atomicAdd": 0, "atomicMin": 0xFFFFFFFF, "atomicMax": 0, "atomicAnd": 0xFFFFFFFF,
            "atomicOr": 0, "atomicXor": 0}
NATOM = 8          # atom[0..5]: accumulators (ACC_OPS order), atom[6]: global tick
TICK_G = 6
# Share of __syncthreads_count/_and/_or draws kept: idxgen-cc rejects them
# today (the runtime's ABI has them), so they are rare, counted as rejected.
SYNC_REDUCTIONS = 0.1
# Translator bugs this fuzzer found have their regression files in
# regress/ (uniform_decl_hoist, split_decl, uniform_load_live: fixed by the
# translator's pass split, issue 21; uniform_call_cond: rejected with a
# diagnostic today, an expected failure there).  The generator draws their
# constructs in every run, make check's seeds included: calls in uniform
# expressions, a uniform and a per-thread variable in one declaration,
# per-thread initialisers that do not depend on the thread.
# Warp-level operations (issue 23) at block level, before any divergent
# return (CUDA: the lanes of a full mask must all call): full masks, the
# shuffles whose absent source lanes CUDA defines (up/down/xor: own value),
# votes, match, reduce.  Drawn in place of some barrier-free thread loops.
WARP_OPS = True
# A uniform return between two warp operations: idxgen-cc rejects it ("a return
# after a warp-level function, where another warp-level function can follow it,
# is not supported yet"), and since its phase runs before the race checks, a
# batch holding one was translated a third time to find its other rejections
# (fourteenth session: 2.5 translations a batch).  Not drawn until the
# translator takes it; a return after the last warp operation still is.
RETURN_SPLITS_WARP_OPS = False
# Guards that bound thread loops and the block reduction tree (issue 40,
# lib/cc/guard.c): drawn at block level, outside loops, before any divergent
# return; a tree level reads the slot of thread (x + st, y, z), which no
# thread writes in that level.
GUARDS = 0.06
# The tree's recognised form (issue 40, lib/cc/tree_level.c): in a 1-D block
# the tree over row 0 indexed by threadIdx.x itself (s[threadIdx.x] op=
# s[threadIdx.x + st]), which the translator runs as one loop per level over
# the working threads.  Drawn by a generator of its own.
TREE_LEVELS = 0.7
# Of those, a load in front of the tree: its own element of the tree's row
# from global memory only (issue 40, lib/cc/tree_fuse.c: in 1-D blocks of
# 128 threads the load runs fused with the tree's first level).
TREE_LOADS = 0.5
# Of the 1-D blocks, those drawn again as 128 or 256 threads, the common
# sizes in which lib/cc/tree_fuse.c fuses the load with the tree's first
# level and writes the later levels out (without this draw almost no seed
# reached the fused form).  From a generator of its own.
FUSED_BLOCKS = 0.3
# Of the kernels in such a block, those that start (after the shared arrays'
# initialisation, before any divergent return is drawn) with the recognised
# tree and its load: the fused form needs a kernel without returning
# threads, which most later draws are not.  From a generator of its own.
FUSED_TREES = 0.6
# (those kernels draw no return: Gen.fused_tree)
# Conditions of the guard's form (thread index against uniform values) as the
# conditions of ?: and of ifs inside loops: the translator decides them per
# block (guard.c, __idxgen_cond_J), in thread loops nested in uniform loops
# and around per-thread loops alike.
GUARD_CONDS = 0.3
# Grid- and block-stride loops (issue 40, lib/cc/stride.c) in place of some
# barrier-free loops: the translator runs their rounds once per block, and
# where the index starts at B + threadIdx.a, only the step writes it and the
# condition bounds it (i < U, i <= U, either side), computes round r's index
# instead of keeping it per thread.  Drawn by a generator of their own, so
# that every other construct of a seed stays what it was.
STRIDE_LOOPS = 0.3
# Shuffle-tree loops (issue 40, lib/cc/warp_tree.c) in place of some single
# shuffles: `for (int o = C; o > 0; o /= 2) w += __shfl_down_sync(full, w, o,
# width);` (or the xor butterfly), which the translator runs as one loop per
# level over the block's warps (C a power of two up to 32, or 3 or 24).
# Drawn by a generator of their own.
WARP_TREES = 0.4
# Share of drawn ballots that become NVIDIA's warp-aggregated tick (ballot,
# leader by __ffs, one atomicAdd of __popc(mask) by the leader, __shfl_sync
# of its old value, the lane's rank by __popc; lib/cc/warp_agg.c runs the
# atomic once per warp), on the global tick counter: the kept lanes' values
# are claims of disjoint ranges, so their multiset is deterministic.  Only
# where threadIdx.x % 32 is the warp's lane (rows of whole warps, or one
# row): elsewhere CUDA has several lanes add, in an order of its own.
WARP_AGG = 0.5
# The C path's lock-step rule (lib/cc/lockstep.c): it rejects a statement that
# reads __shared__ memory an earlier statement of the phase may have stored
# for another lane (no barrier or warp operation between, on some path): an
# element of an array stored under another text (s[tid + NT * 1] after
# s[tid + NT * 0]), or anything after an atomic on shared memory.  Such
# reads are deterministic here (own slots, dirty arrays excluded) but the
# translator refuses the kernel, so it is never compared: 40 % of the kernels
# were, a third of the fuzzer's CPU went to translating them (issue 42).
# The generator models the rule (Gen.ls_*: the same may-analysis, barriers
# and warp operations ending a phase, if/else and switch cases apart, loops
# falling through) and replaces a read the rule refuses by a leaf drawn from
# a stream of its own, so that every kernel the rule accepts is generated
# as before; it keeps this share of them, so that the rejection stays drawn
# (and is compared the day the translator accepts it).
LOCKSTEP_READS = 0.1
SCHEDULES = ["zigzag", "hilbert", "tiled:2x3", "tiled:4", "strided:3", "strided:2,3"]


class Scope:
    """What is visible and allowed at a point of the kernel."""

    def __init__(self, parent=None, uniform=True):
        self.parent = parent
        self.uniform = uniform if parent is None else (parent.uniform and uniform)
        self.vars = [] if parent is None else list(parent.vars)      # per-thread, assignable
        self.rovars = [] if parent is None else list(parent.rovars)  # per-thread loop counters
        self.uvars = [] if parent is None else list(parent.uvars)
        self.in_loop = False if parent is None else parent.in_loop
        self.thread_loop = False if parent is None else parent.thread_loop  # continue allowed
        self.writable = None if parent is None else parent.writable   # None: any array


class Gen:
    def __init__(self, rng, name):
        self.r = rng
        self.name = name
        self.inited = False
        self.reads = set()        # arrays read at other threads' slots in this phase
        self.lines = []
        self.ind = 1
        self.nvar = 0
        self.nlabel = 0
        b = self.pick_block()
        self.block = b
        self.nt = b[0] * b[1] * b[2]
        self.grid = self.pick_grid()
        self.n = self.r.randint(1, 300)
        self.shared = {}          # name -> K (words per thread)
        for i in range(self.r.randint(1, 3)):
            self.shared["s%d" % i] = self.r.randint(1, 3)
        self.nsacc = 4            # sacc[0]: shared tick; sacc[1..3]: accumulators
        self.sacc_ops = [None] + [self.r.choice(ACC_OPS) for _ in range(3)]
        self.dirty = set()
        self.os_extra = self.r.randint(1, 4)
        self.us = self.r.randint(1, 3)
        self.us_used = 0
        self.helpers = []
        self.returned = False     # a divergent return may have happened
        self.warped = False       # a warp operation was emitted
        self.warp_closed = False  # a return came after one: no warp operation may follow
        self.la = self.r.choice([0, 0, 2, 3, 5])   # words of the per-thread array la[]
        self.la_ready = False
        self.budget = self.r.randint(8, 40)
        self.sched = self.r.choice(SCHEDULES)
        self.sr = random.Random(name + ":stride")   # stride loops' draws (STRIDE_LOOPS)
        self.tr = random.Random(name + ":tree")     # shuffle trees' draws (WARP_TREES)
        self.ar = random.Random(name + ":agg")      # warp-aggregated ticks (WARP_AGG)
        self.lr = random.Random(name + ":lockstep")  # replaced reads' draws (LOCKSTEP_READS)
        self.vr = random.Random(name + ":levels")   # tree levels' draws (TREE_LEVELS)
        # a kernel that starts with tree_fuse.c's form and returns nowhere (FUSED_TREES)
        self.fused_tree = b[0] in (128, 256) and b[1] == b[2] == 1 and \
            random.Random(name + ":fused-tree").random() < FUSED_TREES
        self.ls_reset()

    # -- shapes ---------------------------------------------------------
    def pick_block(self):
        r = self.r
        dims = r.choice([1, 1, 2, 2, 3])
        while True:
            if dims == 1:
                b = (r.choice([1, 2, 7, 31, 32, 33, 64, 65, 96, 100, 128, r.randint(1, 200)]), 1, 1)
                fr = random.Random(self.name + ":fused")
                if fr.random() < FUSED_BLOCKS:
                    b = (fr.choice([128, 256]), 1, 1)
            elif dims == 2:
                b = (r.randint(1, 17), r.randint(1, 12), 1)
            else:
                b = (r.randint(1, 7), r.randint(1, 6), r.randint(1, 5))
            if b[0] * b[1] * b[2] <= 256:
                return b

    def pick_grid(self):
        r = self.r
        g = [r.randint(1, 4), r.choice([1, 1, 2, 3]), r.choice([1, 1, 1, 2])]
        return tuple(g)

    # -- output ---------------------------------------------------------
    def emit(self, s):
        self.lines.append("\t" * self.ind + s)

    def fresh(self, p):
        self.nvar += 1
        return "%s%d" % (p, self.nvar)

    # -- expressions ----------------------------------------------------
    def const(self):
        r = self.r
        return "%du" % r.choice([0, 1, 2, 3, 5, 7, 13, 255, 1000, r.randint(0, 1 << 16),
                                 r.randint(0, 0xFFFFFFFF)])

    def uleaf(self, sc):
        r = self.r
        c = [self.const, lambda: "blockIdx.x", lambda: "blockIdx.y", lambda: "blockIdx.z",
             lambda: "blockDim.x", lambda: "blockDim.y", lambda: "gridDim.x", lambda: "(unsigned int)n",
             lambda: "nt", lambda: "bid"]
        if sc.uvars:
            c += [lambda: r.choice(sc.uvars)] * 3
        return r.choice(c)()

    def vleaf(self, sc):
        r = self.r
        c = [lambda: self.uleaf(sc), lambda: "tid", lambda: "gid", lambda: "threadIdx.x",
             lambda: "threadIdx.y", lambda: "threadIdx.z", lambda: self.in_read(sc)]
        if self.inited:     # shared memory is read only after its initialisation
            c += [lambda: self.shared_read(sc), lambda: self.sacc_read(sc)]
        if sc.vars:
            c += [lambda: r.choice(sc.vars)] * 5
        if sc.rovars:
            c += [lambda: r.choice(sc.rovars)]
        if self.la_ready:
            c += [lambda: "la[(%s) %% %du]" % (self.expr(sc, 0, True), self.la)]
        return r.choice(c)()

    def in_read(self, sc):
        return "in[(%s) %% (unsigned int)n]" % self.expr(sc, 0, True)

    def shared_read(self, sc):
        r = self.r
        a = r.choice(sorted(self.shared))
        k = self.shared[a]
        if a in self.dirty or r.random() < 0.4:
            j = r.randrange(k)
            return self.ls_keep(a, j) and "%s[tid + %du * %du]" % (a, self.nt, j) or self.ls_leaf()
        # (a replaced read still counts in reads, and every draw of the main stream is made: the
        # rest of the kernel is what it would be without the replacement)
        self.reads.add(a)
        text = "%s[(%s) %% %du]" % (a, self.expr(sc, 0, True), self.nt * k)
        return self.ls_keep(a, None) and text or self.ls_leaf()

    def sacc_read(self, sc):
        if "sacc" in self.dirty:
            return self.uleaf(sc)
        self.reads.add("sacc")
        text = "sacc[%d]" % self.r.randrange(self.nsacc)
        return self.ls_keep("sacc", None) and text or self.ls_leaf()

    # -- the C path's lock-step rule (LOCKSTEP_READS) ----------------------
    def ls_reset(self):
        """A barrier or a warp operation: no store of the phase is pending."""
        self.ls_atomic = False     # an atomic on shared memory may have run
        self.ls_stored = {}        # array -> the slots j of s[tid + NT * j] stored

    def ls_state(self):
        return (self.ls_atomic, dict((a, set(j)) for a, j in self.ls_stored.items()))

    def ls_set(self, state):
        self.ls_atomic, self.ls_stored = state[0], dict((a, set(j)) for a, j in state[1].items())

    def ls_join(self, state):
        """The state after two paths meet: what either may have done."""
        self.ls_atomic = self.ls_atomic or state[0]
        for a, js in state[1].items():
            self.ls_stored.setdefault(a, set()).update(js)

    def ls_store(self, a, j):
        self.ls_stored.setdefault(a, set()).add(j)

    def ls_keep(self, a, j):
        """Whether a read of a (slot j of s[tid + NT * j]; None: any element) is drawn: the rule
        accepts it, or it is among the LOCKSTEP_READS share of those it refuses."""
        refused = self.ls_atomic or (a in self.ls_stored and (j is None or self.ls_stored[a] - {j}))
        return not refused or self.lr.random() < LOCKSTEP_READS

    def ls_leaf(self):
        """What a refused read becomes (from the lock-step stream: the kernel's other draws stay)."""
        return self.lr.choice(["tid", "gid", "threadIdx.x", "bid", "%du" % self.lr.randint(0, 1000)])

    def expr(self, sc, depth, variant):
        r = self.r
        leaf = (lambda: self.vleaf(sc)) if variant else (lambda: self.uleaf(sc))
        if depth <= 0 or r.random() < 0.3:
            return leaf()
        a = self.expr(sc, depth - 1, variant)
        b = self.expr(sc, depth - 1, variant)
        k = r.randrange(14)
        if k < 6:
            return "(%s %s %s)" % (a, ["+", "-", "*", "^", "&", "|"][k], b)
        if k == 6:
            return "(%s << (%s & 15u))" % (a, b)
        if k == 7:
            return "(%s >> (%s & 15u))" % (a, b)
        if k == 8:
            return "(%s %s (%s | 1u))" % (a, r.choice(["/", "%"]), b)
        if k == 9:
            return "(unsigned int)(%s %s %s)" % (a, r.choice(["<", "<=", "==", "!=", ">"]), b)
        if k == 10:
            if variant and r.random() < GUARD_CONDS:
                return "((%s) ? %s : %s)" % (self.guard_cond(sc), a, b)
            return "(%s ? %s : %s)" % (self.cond(sc, variant), a, b)
        if k == 11:
            return "%s(%s, %s)" % (r.choice(["min", "max"]), a, b)
        if k == 12 and self.helpers:
            h = r.choice(self.helpers)
            return "%s(%s, %s)" % (h, a, b)
        return "(~%s)" % a

    def cond(self, sc, variant):
        r = self.r
        a = self.expr(sc, 1, variant)
        return "(%s %s %s)" % (a, r.choice(["<", ">", "==", "!=", "&"]),
                               self.expr(sc, 1, variant) if r.random() < 0.5 else self.const())

    def vexpr(self, sc):
        return self.expr(sc, self.r.randint(1, 3), True)

    def vinit(self, sc):
        """The initialiser of a per-thread variable."""
        return self.vexpr(sc)

    def uexpr(self, sc):
        return self.expr(sc, self.r.randint(0, 2), False)

    # -- helpers (__device__ functions) ----------------------------------
    def gen_helper(self, out):
        r = self.r
        h = "%s_h%d" % (self.name, len(self.helpers))
        sc = Scope()
        sc.vars = ["a", "b"]
        sc.uvars = []
        save, self.lines, self.ind = self.lines, [], 1
        body = self.expr_helper(sc, 2)
        self.lines = save
        out.append("__device__ unsigned int %s(unsigned int a, unsigned int b)" % h)
        out.append("{")
        out.append("\tunsigned int r = %s;" % body)
        if r.random() < 0.5:
            out.append("\tif (a & %du)" % r.choice([1, 2, 4]))
            out.append("\t\tr ^= %s;" % self.expr_helper(sc, 1))
        if r.random() < 0.3:
            out.append("\tfor (unsigned int i = 0; i < (b & 3u); i++)")
            out.append("\t\tr = r * 3u + i;")
        out.append("\treturn r;")
        out.append("}")
        out.append("")
        self.helpers.append(h)

    def expr_helper(self, sc, depth):
        r = self.r
        if depth <= 0 or r.random() < 0.3:
            return r.choice(["a", "b", self.const()])
        a, b = self.expr_helper(sc, depth - 1), self.expr_helper(sc, depth - 1)
        op = r.choice(["+", "-", "*", "^", "&", "|"])
        if self.helpers and r.random() < 0.2:
            return "%s(%s, %s)" % (r.choice(self.helpers), a, b)
        return "(%s %s %s)" % (a, op, b)

    # -- statements -----------------------------------------------------
    def can_write(self, sc, a):
        """Own slots of a may be written: no other thread read a in this phase."""
        return (sc.writable is None or a in sc.writable) and a not in self.reads

    def thread_stmt(self, sc, depth):
        """One barrier-free statement (runs per thread)."""
        r = self.r
        self.budget -= 1
        k = r.randrange(100)
        if k < 28 and sc.vars:
            v = r.choice(sc.vars)
            self.emit("%s %s %s;" % (v, r.choice(["=", "+=", "^=", "="]), self.vexpr(sc)))
        elif k < 40:
            a = r.choice(sorted(self.shared))
            e = self.vexpr(sc)
            if self.can_write(sc, a):
                j = r.randrange(self.shared[a])
                self.emit("%s[tid + %du * %du] = %s;" % (a, self.nt, j, e))
                self.dirty.add(a)
                self.ls_store(a, j)
        elif k < 46:
            j = r.randrange(self.os_extra)
            if r.random() < 0.3:
                self.emit("%s_put(&out[gid * %du + %du], %s);" % (self.name, self.os, self.nvars + j,
                                                                  self.vexpr(sc)))
            else:
                self.emit("out[gid * %du + %du] = %s;" % (self.os, self.nvars + j, self.vexpr(sc)))
        elif k < 52:
            i = r.randrange(6)
            self.emit("%s(&atom[%d], %s);" % (ACC_OPS[i], i, self.vexpr(sc)))
        elif k < 57:
            e = self.vexpr(sc)
            if self.can_write(sc, "sacc"):
                i = r.randint(1, 3)
                self.emit("%s(&sacc[%d], %s);" % (self.sacc_ops[i], i, e))
                self.dirty.add("sacc")
                self.ls_atomic = True
        elif k < 61:
            if not sc.in_loop and self.us_used < self.us:
                tgt = "&atom[%d]" % TICK_G
                if self.can_write(sc, "sacc") and r.random() < 0.5:
                    tgt = "&sacc[0]"
                    self.dirty.add("sacc")
                self.emit("uout[gid * %du + %du] = atomicAdd(%s, 1u);" % (self.us, self.us_used, tgt))
                self.ls_atomic = self.ls_atomic or tgt == "&sacc[0]"
                self.us_used += 1
        elif k < 72 and depth > 0:
            if sc.in_loop and r.random() < GUARD_CONDS:
                self.emit("if (%s) {" % self.guard_cond(sc))
            else:
                self.emit("if %s {" % self.cond(sc, True))
            before = self.ls_state()
            self.thread_block(sc, depth - 1)
            then = self.ls_state()
            self.ls_set(before)
            if r.random() < 0.5:
                self.emit("} else {")
                self.thread_block(sc, depth - 1)
            self.emit("}")
            self.ls_join(then)
        elif k < 82 and depth > 0:
            self.thread_loop(sc, depth - 1)
        elif k < 87 and depth > 0:
            self.emit("switch (%s %% 3u) {" % self.vexpr(sc))
            before, cases = self.ls_state(), []
            for case in ["case 0:", "case 1:", "default:"]:
                self.ls_set(before)     # the rule takes each case alone, fall-through or not
                self.emit(case + " {")
                self.ind += 1
                self.thread_stmt(Scope(sc, False), depth - 1)
                self.ind -= 1
                self.emit("}" + (" break;" if r.random() < 0.7 else ""))
                cases.append(self.ls_state())
            self.emit("}")
            for c in cases:
                self.ls_join(c)
        elif k < 89 and self.inited and not sc.in_loop and not self.fused_tree:
            self.emit("if (%s)" % self.cond(sc, True))
            self.emit("\treturn;")
            self.returned = True
        elif k < 91 and self.la_ready:
            e = self.vexpr(sc)
            i = self.vexpr(sc)
            self.emit("la[(%s) %% %du] = %s;" % (i, self.la, e))
            # the rule takes a store whose element reads shared memory for a store into it
            self.ls_atomic = self.ls_atomic or re.search(r"\b(s\d+|sacc)\[", i) is not None
        elif k < 92 and sc.thread_loop:
            self.emit("if %s" % self.cond(sc, True))
            self.emit("\tcontinue;")
        elif k < 95:
            v = self.fresh("w")
            self.emit("unsigned int %s = %s;" % (v, self.vinit(sc)))
            sc.vars.append(v)
        else:
            v = r.choice(sc.vars) if sc.vars else None
            if v:
                self.emit("%s = %s(%s, %s);" % (v, r.choice(self.helpers), self.vexpr(sc), v))

    def thread_block(self, sc, depth):
        inner = Scope(sc, False)
        self.ind += 1
        for _ in range(self.r.randint(1, 3)):
            self.thread_stmt(inner, depth)
        self.ind -= 1

    def thread_loop(self, sc, depth):
        """A barrier-free loop: its writes are dirty from its first iteration on."""
        r = self.r
        inner = Scope(sc, False)
        inner.in_loop = True
        inner.thread_loop = True
        i = self.fresh("j")
        bound = self.vexpr(sc) + " % 4u" if r.random() < 0.6 else self.uexpr(sc) + " % 3u"
        names = sorted(self.shared) + ["sacc"]
        w = set(x for x in names if self.can_write(sc, x) and r.random() < 0.4)
        inner.writable = w
        self.dirty |= w
        step = None
        if self.sr.random() < STRIDE_LOOPS:
            step = self.stride_header(i)
            inner.thread_loop = step is None    # continue would skip a while's step
            inner.rovars.append("(unsigned int)%s" % i)
        else:
            self.emit("for (unsigned int %s = 0; %s < (%s); %s++) {" % (i, i, bound, i))
            inner.rovars.append(i)
        self.ind += 1
        for _ in range(r.randint(1, 3)):
            self.thread_stmt(inner, depth)
        if step:
            self.emit(step)
        self.ind -= 1
        self.emit("}")

    def stride_header(self, i):
        """A grid- or block-stride loop's head over int i (for, or while: returns its step)."""
        s = self.sr
        a = s.choice("xxxy")
        start = s.choice(["blockIdx.%s * blockDim.%s + threadIdx.%s" % (a, a, a), "threadIdx.%s" % a,
                          "threadIdx.%s + %du" % (a, s.randint(1, 3)), "%du * threadIdx.%s" % (s.randint(2, 3), a)])
        step = s.choice(["blockDim.%s * gridDim.%s" % (a, a), "blockDim.%s" % a, "blockDim.%s * %du" % (a, s.randint(2, 3))])
        bound = s.choice(["n", "n - %d" % s.randint(1, 40), "%d" % s.randint(0, 40)])
        cond = s.choice(["%s < %s", "%s <= %s", "%s > %s", "%s >= %s"])
        cond = cond % ((i, bound) if cond[3] == "<" else (bound, i))
        if s.random() < 0.6:
            self.emit("for (int %s = (int)(%s); %s; %s += (int)(%s)) {" % (i, start, cond, i, step))
            return None
        self.emit("int %s = (int)(%s);" % (i, start))
        self.emit("while (%s) {" % cond)
        return "\t%s = %s + (int)(%s);" % (i, i, step) if s.random() < 0.3 else "\t%s += %s;" % (i, step)

    def barrier(self):
        self.emit("__syncthreads();")
        self.dirty = set()
        self.reads = set()
        self.ls_reset()

    def guard_cond(self, sc):
        """A guard comparing thread indices with uniform values (lib/cc/guard.c: loop bounds)."""
        r = self.r
        terms = []
        for _ in range(r.randint(1, 3)):
            a = r.choice("xyz")
            d = self.block["xyz".index(a)]
            x = r.choice(["threadIdx.%s" % a, "blockIdx.%s * blockDim.%s + threadIdx.%s" % (a, a, a),
                          "threadIdx.%s + %du" % (a, r.randint(0, 3))])
            u = r.choice(["(%s) %% %du" % (self.uexpr(sc), d + 2), "%du" % r.randint(0, d + 1),
                          "(unsigned int)n"])
            terms.append("%s %s %s" % (x, r.choice(["<", "<=", ">", ">=", "=="]), u))
        return " && ".join(terms)

    def guarded_region(self, sc, depth):
        """A thread loop that is one guarded if: its threads outside the guard do nothing."""
        self.barrier()
        self.emit("if (%s) {" % self.guard_cond(sc))
        self.thread_block(sc, depth)
        self.emit("}")
        self.barrier()

    def reduction_tree(self, sc, fused=False):
        """The block reduction tree over rows of a shared array (each level a guarded loop);
        fused: the recognised form over row 0 with the load in front (tree_fuse.c's)."""
        r = self.r
        a = r.choice(sorted(self.shared))
        j = 0 if fused else r.randrange(self.shared[a])
        st = self.fresh("st")
        op = r.choice(["+=", "^=", "min", "max"])
        here = "%s[tid + %du * %du]" % (a, self.nt, j)
        there = "%s[tid + %s + %du * %du]" % (a, st, self.nt, j)
        if self.block[1] == self.block[2] == 1 and j == 0 and (fused or self.vr.random() < TREE_LEVELS):
            here = "%s[threadIdx.x]" % a        # the recognised form: tid is threadIdx.x
            there = "%s[threadIdx.x + %s]" % (a, st)
            if fused or self.vr.random() < TREE_LOADS:  # a load the first level may be fused with
                self.barrier()
                self.emit("%s[threadIdx.x] = in[(blockIdx.x * blockDim.x + threadIdx.x) %% (unsigned int)n]"
                          " * %du + %du;" % (a, self.vr.randint(1, 9), self.vr.randint(0, 99)))
        self.barrier()
        self.emit("for (unsigned int %s = blockDim.x / 2; %s > 0; %s >>= 1) {" % (st, st, st))
        self.emit("\tif (threadIdx.x < %s)" % st)
        if op in ("min", "max"):
            self.emit("\t\t%s = %s(%s, %s);" % (here, op, here, there))
        else:
            self.emit("\t\t%s %s %s;" % (here, op, there))
        self.emit("\t__syncthreads();")
        self.emit("}")
        self.dirty = set()
        self.reads = set()
        self.ls_reset()

    def block_stmt(self, sc, depth):
        """One statement at block level: barriers and uniform control flow allowed."""
        r = self.r
        if depth > 0 and not sc.in_loop and not self.returned and r.random() < GUARDS:
            if r.random() < 0.5:
                self.guarded_region(sc, 2)
            else:
                self.reduction_tree(sc)
            return
        k = r.randrange(100)
        if k < 45 or depth <= 0:
            self.thread_stmt(sc, 2)
        elif k < 57:
            self.barrier()
        elif k < 66:
            self.uniform_if(sc, depth - 1)
        elif k < 80:
            self.uniform_loop(sc, depth - 1)
        elif k < 86:
            v = self.fresh("u")
            if r.random() < 0.6:
                self.emit("unsigned int %s = %s;" % (v, self.uexpr(sc)))
            else:           # a uniform and a per-thread variable in one declaration
                w = self.fresh("w")
                if r.random() < 0.5:
                    self.emit("unsigned int %s = %s, %s = %s;" % (v, self.uexpr(sc), w, self.vexpr(sc)))
                else:
                    self.emit("unsigned int %s, %s;" % (v, w))
                    self.emit("%s = %s;" % (v, self.uexpr(sc)))
                    self.emit("%s = %s;" % (w, self.vexpr(sc)))
                sc.vars.append(w)
            sc.uvars.append(v)
        elif k < 91 and r.random() < SYNC_REDUCTIONS:
            v = self.fresh("c")
            f = r.choice(["__syncthreads_count", "__syncthreads_and", "__syncthreads_or"])
            self.emit("unsigned int %s = (unsigned int)%s(%s);" % (v, f, self.cond(sc, True)))
            self.dirty = set()
            self.reads = set()
            self.ls_reset()
            sc.uvars.append(v)
        elif k < 94 and not sc.in_loop and not self.fused_tree:
            self.emit("if (%s)" % self.cond(sc, False))
            self.emit("\treturn;")
            # idxgen-cc rejects a return between two warp operations (lib/cc/warp.c: "not
            # supported yet"); drawn, it only cost a translation round (RETURN_SPLITS_WARP_OPS)
            self.warp_closed = self.warped and not RETURN_SPLITS_WARP_OPS
        elif k >= 97 and WARP_OPS and not self.returned and not self.warp_closed:
            self.warp_stmt(sc)
        else:
            self.thread_loop(sc, 1)

    def warp_stmt(self, sc):
        """unsigned int wN = <warp operation>; (a per-thread variable)."""
        r = self.r
        v = self.fresh("w")
        x = self.vexpr(sc)
        op = r.choice(["up", "down", "xor", "ballot", "any", "all", "match", "add", "min", "max"])
        width = r.choice([32, 32, 16, 8, 4])
        full = "0xffffffffu"
        if op in ("up", "down"):
            e = "__shfl_%s_sync(%s, %s, %du, %d)" % (op, full, x, r.randint(0, width - 1), width)
        elif op == "xor":
            e = "__shfl_xor_sync(%s, %s, %d, %d)" % (full, x, r.randint(0, width - 1), width)
        elif op == "ballot":
            e = "__ballot_sync(%s, (%s) & 1u)" % (full, x)
        elif op in ("any", "all"):
            e = "(unsigned int)__%s_sync(%s, (%s) %% 3u == 0u)" % (op, full, x)
        elif op == "match":
            e = "__match_any_sync(%s, (%s) %% 5u)" % (full, x)
        else:
            e = "__reduce_%s_sync(%s, %s)" % (op, full, x)
        if op == "ballot" and self.agg_tick(sc, x, v):
            pass
        elif op in ("up", "down", "xor") and self.tr.random() < WARP_TREES:
            o = self.fresh("o")
            # 3 and 24: offsets of more than one bit (24, 12, 6, 3, 1), which
            # the tree's xor levels read wrong before the twenty-sixth session
            first = self.tr.choice([16, 16, 8, 4, 2, 1, 32, 3, 24])
            f = "xor" if self.tr.random() < 0.4 else "down"
            self.emit("unsigned int %s = %s;" % (v, x))
            self.emit("for (int %s = %d; %s > 0; %s /= 2)" % (o, first, o, o))
            self.emit("\t%s += __shfl_%s_sync(%s, %s, %s, %d);" % (v, f, full, v, o, width))
        else:
            self.emit("unsigned int %s = %s;" % (v, e))
        sc.vars.append(v)
        self.warped = True
        self.ls_reset()     # the lanes meet at a warp operation

    def agg_tick(self, sc, x, m):
        """A warp-aggregated tick into a uout slot (WARP_AGG); False where not drawn."""
        b = self.block
        if (self.ar.random() >= WARP_AGG or sc.in_loop or self.us_used >= self.us or
                not (b[0] % 32 == 0 or b[1] == b[2] == 1)):
            return False
        k, lane, lead, res = (self.fresh(p) for p in ("k", "ln", "ld", "r"))
        full = "0xffffffffu"
        # a warp's last lane always votes: with no voter the broadcast would read
        # lane 31, which a partial warp lacks (undefined in CUDA)
        self.emit("unsigned int %s = ((%s) %% 4u != 0u) | (threadIdx.x %% 32u == 31u) | "
                  "(threadIdx.x + 1u == blockDim.x);" % (k, x))
        self.emit("unsigned int %s = __ballot_sync(%s, %s);" % (m, full, k))
        self.emit("int %s = threadIdx.x %% 32;" % lane)
        self.emit("int %s = __ffs(%s) - 1;" % (lead, m))
        self.emit("unsigned int %s = 0u;" % res)
        self.emit("if (%s == %s)" % (lane, lead))
        self.emit("\t%s = atomicAdd(&atom[%d], (unsigned int)__popc(%s));" % (res, TICK_G, m))
        self.emit("%s = __shfl_sync(%s, %s, %s);" % (res, full, res, lead))
        self.emit("uout[gid * %du + %du] = %s ? %s + (unsigned int)__popc(%s & ((1u << %s) - 1u)) : 0xffffffffu;" %
                  (self.us, self.us_used, k, res, m, lane))
        self.us_used += 1
        return True

    def block_body(self, sc, depth, n):
        self.ind += 1
        for _ in range(n):
            if self.budget <= 0:
                break
            self.block_stmt(sc, depth)
        self.ind -= 1

    def uniform_if(self, sc, depth):
        r = self.r
        before = (set(self.dirty), set(self.reads))
        self.emit("if %s {" % self.cond(sc, False))
        ls_before = self.ls_state()
        self.block_body(Scope(sc), depth, r.randint(1, 4))
        after = (set(self.dirty), set(self.reads))
        ls_then = self.ls_state()
        self.dirty, self.reads = set(before[0]), set(before[1])
        self.ls_set(ls_before)
        if r.random() < 0.5:
            self.emit("} else {")
            self.block_body(Scope(sc), depth, r.randint(1, 3))
        self.emit("}")
        self.dirty |= after[0]
        self.reads |= after[1]
        self.ls_join(ls_then)

    def uniform_loop(self, sc, depth):
        r = self.r
        inner = Scope(sc)
        inner.in_loop = True
        i = self.fresh("i")
        kind = r.randrange(3)
        bound = "%s %% 3u + 1u" % self.uexpr(sc) if r.random() < 0.7 else "%du" % r.randint(0, 3)
        before = (set(self.dirty), set(self.reads))
        ls_before = self.ls_state()      # also after the loop: it may run no round
        if kind == 0:
            self.emit("for (unsigned int %s = 0; %s < %s; %s++) {" % (i, i, bound, i))
        elif kind == 1:
            self.emit("unsigned int %s = %s;" % (i, bound))
            self.emit("while (%s > 0u) {" % i)
        else:
            self.emit("unsigned int %s = 0;" % i)
            self.emit("do {")
        inner.uvars.append(i)
        self.ind += 1
        self.block_stmt(inner, depth)
        self.barrier()
        self.ind -= 1
        self.block_body(inner, depth, r.randint(0, 3))
        if not (self.dirty <= before[0] and self.reads <= before[1]):
            self.ind += 1
            self.barrier()
            self.ind -= 1
        if kind == 1:
            self.emit("\t%s--;" % i)
            self.emit("}")
        elif kind == 2:
            self.emit("} while (++%s < %s);" % (i, bound))
        else:
            self.emit("}")
        self.dirty |= before[0]
        self.reads |= before[1]
        self.ls_join(ls_before)

    # -- the kernel ------------------------------------------------------
    def kernel(self):
        r = self.r
        pre = []
        for _ in range(r.randint(0, 3)):
            self.gen_helper(pre)
        if not self.helpers:
            self.gen_helper(pre)
        pre.append("__device__ void %s_put(unsigned int *p, unsigned int v)" % self.name)
        pre.append("{")
        pre.append("\t*p = v;")
        pre.append("}")
        pre.append("")
        self.nvars = r.randint(2, 5)
        self.os = self.nvars + self.os_extra + sum(self.shared.values())
        sc = Scope()
        self.inited = False
        self.reads = set()        # arrays read at other threads' slots in this phase
        self.emit("const unsigned int nt = blockDim.x * blockDim.y * blockDim.z;")
        self.emit("const unsigned int bid = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);")
        self.emit("unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);")
        self.emit("unsigned int gid = bid * nt + tid;")
        for a, k in sorted(self.shared.items()):
            self.emit("__shared__ unsigned int %s[%d];" % (a, self.nt * k))
        self.emit("__shared__ unsigned int sacc[%d];" % self.nsacc)
        for i in range(self.nvars):
            v = "v%d" % i
            self.emit("unsigned int %s = %s;" % (v, self.vinit(sc)))
            sc.vars.append(v)
        if self.la:         # a per-thread array, live across barriers
            self.emit("unsigned int la[%d];" % self.la)
            self.emit("for (unsigned int q = 0; q < %du; q++)" % self.la)
            self.emit("\tla[q] = %s + q;" % self.vexpr(sc))
            self.la_ready = True
        if r.random() < 0.2 and not self.fused_tree:
            self.emit("if (%s)" % self.cond(sc, False))
            self.emit("\treturn;")
        for a, k in sorted(self.shared.items()):
            for j in range(k):
                self.emit("%s[tid + %du * %du] = %s;" % (a, self.nt, j, self.vexpr(sc)))
        self.emit("if (tid == 0) {")
        for i in range(self.nsacc):
            self.emit("\tsacc[%d] = %du;" % (i, ACC_INIT[self.sacc_ops[i]] if i else 0))
        self.emit("}")
        self.barrier()
        self.inited = True
        if self.fused_tree:
            self.reduction_tree(sc, fused=True)
        self.ind -= 1
        self.block_body(sc, 3, 60)
        self.ind += 1
        self.barrier()
        for i in range(self.nvars):
            self.emit("out[gid * %du + %du] = v%d;" % (self.os, i, i))
        j = self.nvars + self.os_extra
        for a, k in sorted(self.shared.items()):
            for s in range(k):
                self.emit("out[gid * %du + %du] = %s[tid + %du * %du] ^ sacc[%d];" %
                          (self.os, j, a, self.nt, s, r.randrange(self.nsacc)))
                j += 1
        head = ["__global__ void %s(unsigned int *out, unsigned int *uout, unsigned int *atom, "
                "const unsigned int *in, int n)" % self.name, "{"]
        return "\n".join(pre + head + self.lines + ["}", ""])

    def tab(self):
        return "%s %d %d %d %d %d %d %d %d %d %s" % ((self.name,) + self.grid + self.block +
                                                     (self.os, self.us, self.n, self.sched))


def generate(seed, count, prefix):
    cu, tab = [], []
    for i in range(count):
        rng = random.Random("%d:%d" % (seed, i))
        g = Gen(rng, "k%d_%d" % (seed, i))
        cu.append("/* kernel %d of seed %d */\n" % (i, seed) + g.kernel())
        tab.append(g.tab())
    return cu, tab


def main():
    seed, count, prefix = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    cu, tab = generate(seed, count, prefix)
    with open(prefix + ".cu", "w") as f:
        f.write("\n".join(cu))
    with open(prefix + ".tab", "w") as f:
        f.write("\n".join(tab) + "\n")


if __name__ == "__main__":
    main()
