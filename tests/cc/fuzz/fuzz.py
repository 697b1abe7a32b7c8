#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""fuzz.py - differential fuzzer of idxgen-cc against the reference executor.

A batch: gen.py writes COUNT random kernels (one seed); idxgen-cc translates
them in one file (when it rejects the file, each kernel alone, to tell the
rejected ones apart: they are counted, not compared); gcc compiles the C
(-O2), g++ compiles the same CUDA source with the reference executor's
header; harness.cc runs both and compares (see there).  Counters:

  generated   kernels written by gen.py
  translated  accepted by idxgen-cc (exit 0)
  rejected    a diagnostic, exit 1; or a launch the translated C refuses on
              purpose (LAUNCH_REFUSAL, counted apart from the diagnostics)
  compared    run on both sides (the reference agreed with itself)
  wrong       a translated kernel whose result differs from the reference,
              whose C does not compile, or that crashed the translator
  invalid     the reference disagrees with itself (a generator bug)

Every wrong kernel is written to --failures DIR, minimised (lines and
blocks deleted while it still fails the same way; then a 1x1x1 grid) into a
regression test file that --regress runs.

  fuzz.py --seeds 1-3 --count 40 --tap          (make check: one TAP line per batch; a batch
                                                passes when none is wrong or invalid and at
                                                least half of its kernels were compared)
  fuzz.py --seeds 1000- --count 200 --time 3600 (make fuzz-cc)
  fuzz.py --seeds 1000- --kernels 100000 --progress FILE
                                               (make fuzz-cc-scale: resumable; FILE keeps
                                                the next seed and the counts so far)
  fuzz.py --regress tests/cc/fuzz/regress/*.cu --tap

A regression file that the translator still fails carries the line

  // known-failure: KIND: BUG, what happens

KIND the way it fails (KNOWN_KINDS: "rejected", a diagnostic; or a kind of
wrong kernel), BUG the known bug's name (an issue).  It is an expected
failure ("# TODO BUG") while it fails that way; it fails when it passes (the
marker goes with the fix) or fails another way (a rejection that became a
wrong result is a new bug, never an expected failure).
"""
import argparse
import hashlib
import json
import os
import random
import re
import resource
import signal
import subprocess
import sys
import time

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "common"))
import gen  # noqa: E402
from tap import Tap  # noqa: E402  (tests/common/tap.py)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))


# A seed of the TAP mode passes only when at least this share of its kernels was compared.
MIN_COMPARED = (1, 2)

# How a kernel can fail: "rejected" (a diagnostic) and the kinds of Stats.failures.
KNOWN_KINDS = ("rejected", "translator", "compile", "batch", "wrong", "invalid")


def known_failure(text):
    """(KIND, BUG) of a "// known-failure: KIND: BUG..." line, None if none, or a ValueError."""
    m = re.search(r"// known-failure:(.*)", text)
    if not m:
        return None
    parts = [x.strip() for x in m.group(1).split(":", 1)]
    if len(parts) < 2 or parts[0] not in KNOWN_KINDS or not parts[1]:
        raise ValueError("known-failure line is not \"KIND: BUG ...\" with KIND one of " +
                         ", ".join(KNOWN_KINDS))
    return parts[0], parts[1]


# The tools and the harness are bounded in CPU time (RLIMIT_CPU), not in
# wall-clock time: a loaded machine, or the long runs' nice 19, stretches a
# run's wall time but not the CPU it uses, while a translator, compiler or
# kernel that loops forever uses it up.  (A wall-clock bound made a batch's
# C, 0.45 s of CPU, miss 300 s at nice 19 under load 17, and every kernel of
# the batch that then compiled alone was counted wrong.)  The wall clock is
# only a hang guard for a process blocked without using CPU.
TOOL_CPU_S = 300
HANG_GUARD_S = 24 * 3600


def cpu_limit(seconds):
    """A preexec_fn: SIGXCPU after SECONDS of CPU, SIGKILL 5 s later."""
    return lambda: resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5))


def out_of_cpu(returncode):
    return returncode in (-signal.SIGXCPU, -signal.SIGKILL)


class Tools:
    def __init__(self, a):
        self.cc = a.cc
        self.obj = a.obj
        self.lib = a.lib
        self.work = a.work
        self.gcc = os.environ.get("FUZZ_CC", "gcc")
        self.gxx = os.environ.get("FUZZ_CXX", "g++")
        self.timeout = a.timeout
        self.opts = a.opt.split(",")
        self.opt = self.opts[0]
        os.makedirs(self.work, exist_ok=True)
        self.pch = self.ref_pch()

    # The reference build's options, the same for its header precompiled.
    REF_FLAGS = ["-std=gnu++17", "-O0", "-w"]

    def ref_pch(self):
        """idxgen_ref.h precompiled once per run into WORK/pch (its include directory, searched
        first): two thirds of each batch's reference build was that header (0.33 of 0.49 CPU s).
        g++ takes the .gch only where it matches the options and the header (else it reads the
        header, as before), and the object is the same (compared byte for byte, issue 42).  An
        empty list when the precompilation fails: the header is read."""
        d = os.path.join(self.work, "pch")
        os.makedirs(d, exist_ok=True)
        rc, _, _ = self.run([self.gxx] + self.REF_FLAGS + ["-x", "c++-header", "-o",
                            os.path.join(d, "idxgen_ref.h.gch"), os.path.join(ROOT, "tests/cc/ref/idxgen_ref.h")])
        return ["-I" + d] if rc == 0 else []

    def run(self, cmd, cpu=TOOL_CPU_S):
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=HANG_GUARD_S,
                               preexec_fn=cpu_limit(cpu))
        except subprocess.TimeoutExpired:
            return -999, "", "hang guard: no exit in %d s: %s" % (HANG_GUARD_S, " ".join(cmd))
        if out_of_cpu(p.returncode):
            return -999, "", "used %d s of CPU without finishing: %s" % (cpu, " ".join(cmd))
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")

    def translate(self, cu, c):
        if os.path.exists(c):
            os.unlink(c)
        return self.run([self.cc, "--translate", "-o", c, cu])

    def compile_c(self, c, o):
        return self.run([self.gcc, "-std=gnu11", self.opt, "-w", "-I" + os.path.join(ROOT, "include"),
                         "-c", "-o", o, c])

    def compile_ref(self, cc, o):
        return self.run([self.gxx] + self.REF_FLAGS + self.pch + ["-I" + os.path.join(ROOT, "tests/cc/ref"),
                                                                 "-I" + HERE, "-I" + self.work, "-c", "-o", o, cc])

    def link(self, objs, exe):
        return self.run([self.gxx, "-o", exe, os.path.join(self.obj, "harness.o"),
                         os.path.join(self.obj, "ref.o")] + objs +
                        ["-L" + self.lib, "-Wl,-rpath," + self.lib, "-lidxgen", "-lpthread", "-ldl", "-lm"])


class Kernel:
    def __init__(self, name, text, tab):
        self.name, self.text, self.tab = name, text, tab   # tab: gen.py's table line


def kernel_from_gen(g, text):
    return Kernel(g.name, text, g.tab())


def ref_table(kernels):
    """The per-batch C++ table (harness.h) next to the reference build of the kernels."""
    lines = ['#include "idxgen_ref.h"', '#include "batch.cu"', '#include "harness.h"', ""]
    for k in kernels:
        lines.append('extern "C" const struct idxgen_rt_kernel idxgen_cc_kernel_%s;' % k.name)
    lines.append("const struct fuzz_kernel fuzz_kernels[] = {")
    for k in kernels:
        f = k.tab.split()
        lines.append('\t{ "%s", { %s, %s, %s }, { %s, %s, %s }, %s, %s, %s, "%s", '
                     "[](const fuzz_args *a) { %s(a->out, a->uout, a->atom, a->in, a->n); }, "
                     "&idxgen_cc_kernel_%s }," % tuple(f[:11] + [k.name, k.name]))
    lines.append("};")
    lines.append("const unsigned int fuzz_nkernels = %d;" % len(kernels))
    return "\n".join(lines) + "\n"


def first_error(err):
    """A translator diagnostic with the position and names taken out (to count reasons)."""
    for line in err.splitlines():
        m = re.search(r"error: (.*)", line)
        if m:
            return re.sub(r"'[^']*'", "'X'", m.group(1))[:100]
    return err.strip().splitlines()[0][:100] if err.strip() else "(no message)"


class Stats:
    KEYS = ["generated", "translated", "rejected", "compared", "wrong", "invalid"]

    def __init__(self):
        self.c = dict((k, 0) for k in self.KEYS)
        self.reasons = {}
        self.failures = []     # (kernel, kind, message)
        self.sigs = {}         # failure signature -> how many

    def line(self):
        return " ".join("%s %d" % (k, self.c[k]) for k in self.KEYS)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def write_batch(path, kernels):
    """Write kernels into one file; returns the first line of each (1-based)."""
    starts, line = [], 1
    for k in kernels:
        starts.append(line)
        line += k.text.count("\n") + 1
    write(path, "\n".join(k.text for k in kernels))
    return starts


def kernel_at(kernels, starts, line):
    for k, s in reversed(list(zip(kernels, starts))):
        if line >= s:
            return k
    return None


# The one trap the C path sets on purpose (lib/cc/kernel.c emit_prologue,
# lockstep_shape_line()): a lock-step proof that counts on threadIdx.x telling
# the lanes of a warp apart holds only in a 1-D block or rows of a warp; the
# C path has no fiber body to hand a narrower 2-D block to, so it refuses the
# launch, naming the line.  That is a refusal, counted as a rejection (at
# launch), not compared; any other trap or difference stays wrong.
LAUNCH_REFUSAL = re.compile(r"launch: .*trap in block \(\d+,\d+,\d+\): line \d+ (counts on threadIdx\.x "
                            r"telling the lanes of a warp apart); a \d+x\d+x\d+ block does not \(lock step\)$")


def launch_refusal(msg):
    """The reason of a launch the translated C refused on purpose (see LAUNCH_REFUSAL), else None."""
    m = LAUNCH_REFUSAL.search(msg.strip())
    return "at launch: a 2-D block narrower than a warp, where a proof " + m.group(1) if m else None


def check_one(t, k, st):
    """Translate and compile one kernel alone; False (and st updated) if it does not get through."""
    w = t.work
    one_cu, one_c, one_o = (os.path.join(w, x) for x in ("one.cu", "one.c", "one.o"))
    write(one_cu, k.text)
    rc, _, err = t.translate(one_cu, one_c)
    if rc == 1 and "error:" in err:
        st.c["rejected"] += 1
        r = first_error(err)
        st.reasons[r] = st.reasons.get(r, 0) + 1
        return False
    if rc != 0:
        st.c["wrong"] += 1
        st.failures.append((k, "translator", "idxgen-cc exit %d: %s" % (rc, err.strip()[-300:])))
        return False
    st.c["translated"] += 1
    rc, _, err = t.compile_c(one_c, one_o)
    if rc != 0:
        st.c["wrong"] += 1
        st.failures.append((k, "compile", "translated C does not compile: " + " ".join(err.split())[:400]))
        return False
    return True


def check_batch(t, kernels, st, quiet=False):
    """Translate, build and run kernels; update st."""
    w = t.work
    cu, c, o = (os.path.join(w, x) for x in ("batch.cu", "batch.c", "batch.o"))
    st.c["generated"] += len(kernels)
    accepted = list(kernels)
    # Translate and compile the batch; a kernel the translator rejects (its
    # diagnostic's line) or whose C does not compile (gcc's "In function")
    # is taken out and checked alone, which counts it; then again.
    for _ in range(len(kernels) + 1):
        if not accepted:
            return
        starts = write_batch(cu, accepted)
        rc, _, err = t.translate(cu, c)
        culprits = []
        if rc == 1:
            for m in re.finditer(r"batch\.cu:(\d+):\d+: error", err):
                k = kernel_at(accepted, starts, int(m.group(1)))
                if k and k not in culprits:
                    culprits.append(k)
        elif rc == 0:
            rc, _, err = t.compile_c(c, o)
            if rc == 0:
                break
            names = set(re.findall(r"In function .(\w+)__block", err))
            culprits = [k for k in accepted if k.name in names]
        if not culprits:       # no clue which one: each alone
            culprits = list(accepted)
        for k in culprits:
            if check_one(t, k, st):
                st.c["wrong"] += 1
                st.failures.append((k, "batch", "fails in a batch, passes alone: " + " ".join(err.split())[:400]))
        accepted = [k for k in accepted if k not in culprits]
    st.c["translated"] += len(accepted)
    refcc, refo = os.path.join(w, "batch_ref.cc"), os.path.join(w, "batch_ref.o")
    write(refcc, ref_table(accepted))
    rc, _, err = t.compile_ref(refcc, refo)
    if rc != 0:
        raise RuntimeError("reference build failed (generator or executor bug):\n" + err[:2000])
    exe = os.path.join(w, "harness")
    rc, _, err = t.link([o, refo], exe)
    if rc != 0:
        raise RuntimeError("link failed:\n" + err[:2000])
    env = dict(os.environ, IDXGEN_BACKEND="emu")
    by_name = dict((k.name, k) for k in accepted)
    seen = {}
    todo = [k.name for k in accepted]
    while todo:
        running, prc = None, 0
        try:
            p = subprocess.run([exe] + todo, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                               timeout=HANG_GUARD_S, preexec_fn=cpu_limit(t.timeout))
            out, prc = p.stdout.decode(errors="replace"), p.returncode
            if out_of_cpu(prc):
                prc = -999
        except subprocess.TimeoutExpired as e:
            out, prc = (e.stdout or b"").decode(errors="replace"), -999
        for line in out.splitlines():
            m = re.match(r"(pass|wrong|invalid|run) ([^\s:]+):? ?(.*)$", line)
            if not m or m.group(2) not in by_name:
                continue
            if m.group(1) == "run":
                running = (m.group(2), m.group(3))
            else:
                seen[m.group(2)] = (m.group(1), m.group(3))
                running = None
        if prc == -999 and running:
            name, side = running
            seen[name] = ("invalid" if side == "ref" else "wrong",
                          "%s did not finish in %d s of CPU (harness killed)" % (
                              "the reference" if side == "ref" else "the translated kernel", t.timeout))
            todo = todo[todo.index(name) + 1:]
            todo = [n for n in todo if n not in seen]
        else:
            break
    for k in accepted:
        kind, msg = seen.get(k.name, ("wrong", "harness exit %d before this kernel finished" % prc))
        refusal = launch_refusal(msg) if kind == "wrong" else None
        if refusal:
            st.c["rejected"] += 1
            st.reasons[refusal] = st.reasons.get(refusal, 0) + 1
            continue
        if kind == "invalid":
            st.c["invalid"] += 1
            st.failures.append((k, "invalid", msg))
            continue
        st.c["compared"] += 1
        if kind == "wrong":
            st.c["wrong"] += 1
            st.failures.append((k, "wrong", msg))
    return seen


def generate(seed, count):
    kernels = []
    for i in range(count):
        g = gen.Gen(random.Random("%d:%d" % (seed, i)), "k%d_%d" % (seed, i))
        text = "/* kernel %d of seed %d */\n" % (i, seed) + g.kernel()
        kernels.append(kernel_from_gen(g, text))
    return kernels


# -- minimisation --------------------------------------------------------------
def protected(lines):
    """Lines deleting which could make a kernel read memory it never wrote (undefined, not a
    translator bug): the kernel's prologue up to the barrier after the shared arrays' initialisation,
    and the assignments after a declaration without initialisers."""
    keep = set()
    start = next((i for i, l in enumerate(lines) if l.startswith("__global__")), None)
    if start is not None:
        end = next((i for i in range(start, len(lines)) if lines[i].strip() == "__syncthreads();"), len(lines))
        keep |= set(range(start, end + 1))
    for i, l in enumerate(lines):
        if re.match(r"\s*unsigned int \w+, \w+;$", l):
            keep |= {i, i + 1, i + 2}
    return keep


def chunks(lines):
    """Deletion candidates: (first, last) line ranges, a statement or a braced block."""
    out = []
    keep = protected(lines)
    for i, l in enumerate(lines):
        s = l.strip()
        if not s or s.startswith("__global__") or s in ("{", "}") or s.startswith("/*") or i in keep:
            continue
        if s.endswith("{") or (s.startswith("__device__") and i + 1 < len(lines) and lines[i + 1].strip() == "{"):
            depth, j = 0, i
            while j < len(lines):
                depth += lines[j].count("{") - lines[j].count("}")
                if depth == 0 and j > i:
                    break
                if depth < 0:
                    break
                j += 1
            if s.startswith("} else"):
                j -= 1          # keep the if's closing brace
            elif j < len(lines) and lines[j].strip().startswith("} else"):
                depth2, k = 0, j
                while k + 1 < len(lines):
                    k += 1
                    depth2 += lines[k].count("{") - lines[k].count("}")
                    if depth2 < 0:
                        break
                j = k
            out.append((i, min(j, len(lines) - 1)))
        elif s.startswith("if (") and not s.endswith(";") and i + 1 < len(lines):
            out.append((i, i + 1))
        elif s.endswith(";"):
            out.append((i, i))
    out.sort(key=lambda r: r[0] - r[1])
    return out


def same_failure(t, k, kind):
    st = Stats()
    check_batch(t, [k], st, quiet=True)
    return any(f[1] == kind for f in st.failures)


def minimise(t, k, kind, budget=250):
    lines = k.text.splitlines()
    tries = 0
    progress = True
    while progress and tries < budget:
        progress = False
        for (a, b) in chunks(lines):
            cand = lines[:a] + lines[b + 1:]
            tries += 1
            if same_failure(t, Kernel(k.name, "\n".join(cand) + "\n", k.tab), kind):
                lines = cand
                progress = True
                break
            if tries >= budget:
                break
    k2 = Kernel(k.name, "\n".join(lines) + "\n", k.tab)
    f = k2.tab.split()
    for grid in (["1", "1", "1"],):
        tab = " ".join([f[0]] + grid + f[4:])
        if same_failure(t, Kernel(k.name, k2.text, tab), kind):
            k2 = Kernel(k.name, k2.text, tab)
    return k2, tries


def signature(kind, msg):
    """What tells two failures apart: the kind and the message without names and numbers."""
    e = re.search(r"error: ([^|]*)", msg)       # a compiler's or the harness's first error
    m = re.sub(r"'[^']*'|‘[^’]*’|\d+", "#", e.group(1) if e else msg)
    m = re.sub(r"/\S+|;.*", "", m)
    return kind + ": " + m.strip()[:80]


def regress_text(k, kind, msg):
    f = k.tab.split()
    return ("// fuzz: grid %s %s %s block %s %s %s os %s us %s n %s schedule %s\n"
            "// found by tests/cc/fuzz (%s): %s\n" % tuple(f[1:11] + [kind, msg.replace("\n", " ")[:300]]) + k.text)


def parse_regress(path):
    text = open(path).read()
    m = re.search(r"// fuzz: grid (\d+) (\d+) (\d+) block (\d+) (\d+) (\d+) os (\d+) us (\d+) n (\d+) schedule (\S+)",
                  text)
    name = re.search(r"__global__ void (\w+)\(", text).group(1)
    return Kernel(name, text, " ".join([name] + list(m.groups())))


# -- main ----------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cc", required=True, help="idxgen-cc")
    ap.add_argument("--obj", required=True, help="directory with harness.o and ref.o")
    ap.add_argument("--lib", required=True, help="directory with libidxgen.so")
    ap.add_argument("--work", required=True, help="scratch directory")
    ap.add_argument("--seeds", default="1-3", help="A-B, or A- (no end: until --time)")
    ap.add_argument("--count", type=int, default=40, help="kernels per batch (seed)")
    ap.add_argument("--time", type=float, default=0, help="stop after this many seconds")
    ap.add_argument("--timeout", type=int, default=120, help="CPU seconds a harness run may use")
    ap.add_argument("--opt", default="-O2,-O0",
                    help="optimisation of the translated C, by batch in turn (the reference: -O0)")
    ap.add_argument("--expect-wrong", action="store_true",
                    help="the translator has a planted bug: pass when some kernel is wrong")
    ap.add_argument("--failures", help="write failing kernels (minimised) here")
    ap.add_argument("--no-minimise", action="store_true")
    ap.add_argument("--tap", action="store_true", help="TAP lines (one per batch or regression file)")
    ap.add_argument("--regress", nargs="*", help="regression files to check instead of generating")
    ap.add_argument("--minimise", nargs="*", help="minimise these failure files (written as FILE.min.cu)")
    ap.add_argument("--kernels", type=int, default=0,
                    help="stop once this many kernels were generated (with --progress: in all runs)")
    ap.add_argument("--progress",
                    help="resume from and record to this file: the next seed, the counts so far")
    ap.add_argument("--jobs", type=int, default=1,
                    help="seeds checked at once, each in a process of its own (WORK/pPID); the "
                    "results are taken in seed order, so the output and --progress are those of "
                    "a run of one")
    a = ap.parse_args()
    t = Tools(a)
    st = Stats()
    t0 = time.time()
    tap = Tap()

    if a.minimise:
        for path in a.minimise:
            k = parse_regress(path)
            st1 = Stats()
            check_batch(t, [k], st1)
            if not st1.failures:
                print("# %s: passes, nothing to minimise" % path)
                continue
            kind, msg = st1.failures[0][1], st1.failures[0][2]
            k2, tries = minimise(t, k, kind)
            write(path.replace(".cu", "") + ".min.cu", regress_text(k2, kind, msg))
            print("# minimised %s (%s) in %d tries: %d -> %d lines" %
                  (path, kind, tries, len(k.text.splitlines()), len(k2.text.splitlines())))
        return 0
    if a.regress is not None:
        return check_regress(t, a.regress, st)

    lo, hi = (a.seeds.split("-") + [""])[:2] if "-" in a.seeds else (a.seeds, a.seeds)
    seed, last = int(lo), (int(hi) if hi else None)
    done_before = 0.0
    gens = []
    if a.progress and os.path.exists(a.progress):
        seed, done_before, gens = load_progress(a.progress, st)
        print("# resuming at seed %d (%s, %.0f s before)" % (seed, st.line(), done_before))
    if a.progress and (not gens or gens[-1][1] != generator_id()):
        gens.append([seed, generator_id()])     # the kernels of a seed are those of its generator
    def more(seed, queued):
        """Whether to start SEED, with QUEUED seeds started and not yet counted."""
        if last is not None and seed > last:
            return False
        if a.time and time.time() - t0 > a.time:
            return False
        return not a.kernels or st.c["generated"] + queued * a.count < a.kernels

    for seed, s1 in seed_results(t, a, seed, more):
        nf = len(st.failures)
        merge_stats(st, s1)
        d = s1.c
        for (k, kind, msg) in st.failures[nf:]:
            print("# %s %s: %s" % (kind, k.name, msg.replace("\n", " ")[:300]))
            sig = signature(kind, msg)
            st.sigs[sig] = st.sigs.get(sig, 0) + 1
            if a.failures:
                os.makedirs(a.failures, exist_ok=True)
                write(os.path.join(a.failures, k.name + ".orig.cu"), regress_text(k, kind, msg))
                # one minimised example per kind of failure: each takes hundreds of runs
                if not a.no_minimise and kind != "invalid" and st.sigs[sig] == 1:
                    k2, tries = minimise(t, k, kind)
                    write(os.path.join(a.failures, k.name + ".cu"), regress_text(k2, kind, msg))
                    print("# minimised %s in %d tries: %d -> %d lines" %
                          (k.name, tries, len(k.text.splitlines()), len(k2.text.splitlines())))
        if a.tap:
            # a seed passes when nothing was wrong and at least half of its kernels were compared
            # (MIN_COMPARED): a translator that rejects most kernels must not pass by the few it keeps
            enough = d["compared"] > 0 and d["compared"] * MIN_COMPARED[1] >= d["generated"] * MIN_COMPARED[0]
            ok = d["wrong"] == 0 and d["invalid"] == 0 and enough
            if a.expect_wrong:
                ok = d["wrong"] > 0 and d["invalid"] == 0
            tap.ok(ok, "%sseed %d: compared %d of %d kernels%s; %s" % (
                "planted bug caught (wrong > 0): " if a.expect_wrong else "",
                seed, d["compared"], d["generated"],
                "" if enough or a.expect_wrong else " (fewer than %d/%d: too few to pass)" % MIN_COMPARED,
                " ".join("%s %d" % (k, d[k]) for k in Stats.KEYS)))
        else:
            print("seed %d: %s (total %s, %.0f s)" % (seed, " ".join("%d" % d[k] for k in Stats.KEYS),
                                                      st.line(), time.time() - t0))
        sys.stdout.flush()
        if a.progress:
            save_progress(a.progress, seed + 1, st, done_before + time.time() - t0, gens)
    print("# total: %s in %.0f s" % (st.line(), done_before + time.time() - t0))
    for r, n in sorted(st.reasons.items(), key=lambda x: -x[1]):
        print("# rejected %d: %s" % (n, r))
    for r, n in sorted(st.sigs.items(), key=lambda x: -x[1]):
        print("# failed %d: %s" % (n, r))
    if a.tap:
        return tap.done()
    return 1 if st.c["wrong"] or st.c["invalid"] else 0


def check_seed(t, seed, count):
    """One seed's batch, counted in a Stats of its own."""
    s1 = Stats()
    t.opt = t.opts[seed % len(t.opts)]
    check_batch(t, generate(seed, count), s1)
    return s1


def merge_stats(st, s1):
    for k in Stats.KEYS:
        st.c[k] += s1.c[k]
    for r, n in s1.reasons.items():
        st.reasons[r] = st.reasons.get(r, 0) + n
    st.failures.extend(s1.failures)


# A --jobs worker process's tools: made once per process (its own work
# directory and precompiled header), by the pool's initializer.
_worker_tools = None


def _init_worker(a):
    global _worker_tools
    wa = argparse.Namespace(**vars(a))
    wa.work = os.path.join(a.work, "p%d" % os.getpid())
    _worker_tools = Tools(wa)


def _worker_seed(seed, count):
    return check_seed(_worker_tools, seed, count)


def seed_results(t, a, seed, more):
    """(seed, its Stats) from SEED on, in seed order, while more(next seed, seeds queued).
    With --jobs N, N worker processes check them; up to 2N are queued so none waits while the
    oldest is taken: those still count when more() says stop."""
    if a.jobs <= 1:
        while more(seed, 0):
            yield seed, check_seed(t, seed, a.count)
            seed += 1
        return
    import collections
    import multiprocessing
    with multiprocessing.Pool(a.jobs, initializer=_init_worker, initargs=(a,)) as pool:
        queued = collections.deque()
        while True:
            while len(queued) < 2 * a.jobs and more(seed, len(queued)):
                queued.append((seed, pool.apply_async(_worker_seed, (seed, a.count))))
                seed += 1
            if not queued:
                return
            s, res = queued.popleft()
            yield s, res.get()


def generator_id():
    """What draws a seed's kernels: gen.py's text (its SHA-1, 12 digits)."""
    with open(os.path.join(HERE, "gen.py"), "rb") as f:
        return hashlib.sha1(f.read()).hexdigest()[:12]


def load_progress(path, st):
    """The next seed, the seconds spent and the generators ([first seed, generator_id()], in
    order), from a --progress file; its counts into st."""
    with open(path) as f:
        p = json.load(f)
    for k in Stats.KEYS:
        st.c[k] = int(p["counts"].get(k, 0))
    st.sigs = dict(p.get("failures", {}))
    return int(p["next_seed"]), float(p.get("seconds", 0)), list(p.get("generators", []))


def save_progress(path, next_seed, st, seconds, gens):
    """Written after every batch (a new file renamed over the old: a kill loses one batch)."""
    tmp = path + ".new"
    with open(tmp, "w") as f:
        json.dump({"next_seed": next_seed, "counts": st.c, "failures": st.sigs,
                   "seconds": round(seconds), "generators": gens}, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def check_regress(t, paths, st):
    """Each regression file: passes, or fails exactly as its known-failure line says."""
    tap = Tap()
    for path in paths:
        k = parse_regress(path)
        name = os.path.basename(path)
        try:
            known = known_failure(k.text)
        except ValueError as e:
            tap.ok(False, "regression %s: %s" % (name, e))
            continue
        before, compared, reasons = len(st.failures), st.c["compared"], dict(st.reasons)
        check_batch(t, [k], st)
        bad = st.failures[before:]
        passed = not bad and st.c["compared"] > compared
        kinds = sorted(set(f[1] for f in bad)) or ([] if passed else ["rejected"])
        why = "; ".join("%s: %s" % (f[1], " ".join(f[2].split())[:200]) for f in bad)
        why = why or "; ".join("rejected: " + r for r in st.reasons if st.reasons[r] != reasons.get(r, 0))
        if not known:
            tap.ok(passed, "regression %s: translated, same results as the reference%s" %
                   (name, "" if passed else ": " + why))
        elif kinds != [known[0]]:
            # a known failure that passes or fails another way: the marker goes or a new bug
            tap.ok(False, "regression %s: known to fail as %s (%s), now %s%s" %
                   (name, known[0], known[1][:120], "passes: delete its known-failure line"
                    if passed else "fails as " + ", ".join(kinds) + ": " + why[:200], ""))
        else:
            # a translator bug found here and left to lib/cc's owners: an expected failure
            # (tests/run-tests.sh counts "not ok # TODO"), while it fails the known way
            tap.todo(False, known[1][:200], "regression %s fails as known (%s): %s" %
                     (name, known[0], why[:200]))
    return tap.done()


if __name__ == "__main__":
    sys.exit(main())
