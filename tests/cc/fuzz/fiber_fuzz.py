#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""fiber_fuzz.py - differential fuzzing of whole programs of fiber-only shapes.

Per seed, fibergen.py writes one CUDA program of COUNT kernels (barriers in
helpers, loops left by break/return, uniform barriers under data-dependent
conditions, warp operations in helpers, under else, nested, between
returns).  The reference executor (tests/cuda/oracle/oracle-cc) builds it
and runs it with its threads in forward and in reverse order: both must
print the same lines, or the seed is "invalid" (a generator or oracle bug).
idxgen-cc's driver builds the same source (--exec-model auto, or fibers
with --model fibers; --model both alternates by seed) and the program runs
under each schedule order x worker count; every kernel's line must equal
the reference's.  A build that fails is a failure too: each kernel is
valid CUDA (also built by nvcc in tests/cuda/check-nvcc.sh style by hand).

  fiber_fuzz.py --cc build/cc/idxgen-cc --work DIR --seeds 1-2 --count 6 --tap
                                            (make check: one TAP line per seed)
  fiber_fuzz.py ... --seeds 1000- --time 3600 --failures DIR   (make fuzz-fibers)

Counters at the end: programs, kernels, kernel runs compared, wrong kernel
runs, invalid seeds, failed builds.
"""
import argparse
import os
import shutil
import subprocess
import sys
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "tests", "common"))
import fibergen  # noqa: E402
from fuzz import HANG_GUARD_S, cpu_limit  # noqa: E402  (the bounds of fuzz.py's tools)
from tap import Tap  # noqa: E402

ORACLE_CC = os.path.join(ROOT, "tests", "cuda", "oracle", "oracle-cc")
# Bounds in CPU time, as fuzz.py's (a loaded machine or nice 19 stretches the
# wall clock, not the CPU): a build or a run far above any measured (a few s).
CPU_S = 300


def seeds(spec):
    """'3' -> [3]; '1-4' -> 1..4; '1000-' -> 1000.. (unbounded)."""
    if "-" not in spec:
        return iter([int(spec)])
    a, b = spec.split("-", 1)
    if b:
        return iter(range(int(a), int(b) + 1))

    def count_up(n):
        while True:
            yield n
            n += 1
    return count_up(int(a))


def run(cmd, env=None, cwd=None):
    """(exit status, stdout + stderr); -999 for a hang (no exit within the wall-clock guard)."""
    try:
        p = subprocess.run(cmd, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=HANG_GUARD_S, preexec_fn=cpu_limit(CPU_S))
        return p.returncode, p.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired as e:
        return -999, (e.stdout or b"").decode(errors="replace") + "\n(hang guard: no exit in %d s)" % HANG_GUARD_S


def kernel_lines(out):
    return [ln for ln in out.splitlines() if ln.startswith("k")]


class Stats:
    def __init__(self):
        self.programs = self.kernels = self.compared = self.wrong = self.invalid = self.builds_failed = 0

    def line(self):
        return ("programs %d, kernels %d, kernel runs compared %d, wrong %d, invalid seeds %d, "
                "failed builds %d" % (self.programs, self.kernels, self.compared, self.wrong, self.invalid,
                                      self.builds_failed))


def one_seed(a, seed, st):
    """(passed, what) for one seed."""
    d = os.path.join(a.work, "s%d" % seed)
    os.makedirs(d, exist_ok=True)
    src = os.path.join(d, "prog.cu")
    with open(src, "w") as f:
        f.write(fibergen.program(seed, a.count))
    st.programs += 1
    st.kernels += a.count
    rc, out = run([ORACLE_CC, "-o", os.path.join(d, "ref"), src])
    if rc:
        st.invalid += 1
        return False, "the reference executor did not build it (a generator bug):\n" + out
    rc1, ref = run([os.path.join(d, "ref")])
    rc2, rev = run([os.path.join(d, "ref")], env=dict(os.environ, CC_ORACLE_ORDER="reverse"))
    if rc1 or rc2 or ref != rev or len(kernel_lines(ref)) != a.count:
        st.invalid += 1
        return False, "the reference disagrees with itself (forward/reverse):\n" + ref + "---\n" + rev
    model = a.model if a.model != "both" else ("fibers" if seed % 2 else "auto")
    rc, out = run([a.cc, "--exec-model=" + model, "-o", os.path.join(d, "prod"), src])
    if rc:
        st.builds_failed += 1
        return False, "idxgen-cc --exec-model=%s failed:\n%s" % (model, out)
    bad = []
    for order in a.orders.split(","):
        for workers in a.workers.split(","):
            env = dict(os.environ, IDXGEN_BACKEND="emu", IDXGEN_SCHEDULE=order, IDXGEN_NUM_THREADS=workers)
            rc, out = run([os.path.join(d, "prod")], env=env, cwd=d)
            want, got = kernel_lines(ref), kernel_lines(out)
            st.compared += len(want)
            wrong = [w for i, w in enumerate(want) if i >= len(got) or got[i] != w]
            st.wrong += len(wrong)
            if rc or wrong:
                bad.append("order %s, %s worker(s), exit %d: %d of %d kernels differ (%s)\n%s" %
                           (order, workers, rc, len(wrong), len(want), " ".join(w.split()[0] for w in wrong),
                            out[-2000:]))
    if bad:
        return False, "\n".join(bad)
    return True, "model %s, %d kernels equal the reference under %s x %s workers" % (
        model, a.count, a.orders, a.workers)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cc", required=True, help="idxgen-cc")
    ap.add_argument("--work", required=True)
    ap.add_argument("--seeds", default="1-2")
    ap.add_argument("--count", type=int, default=6, help="kernels per program")
    ap.add_argument("--model", default="both", choices=("auto", "fibers", "both"))
    ap.add_argument("--orders", default="sequential,zigzag")
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--time", type=float, default=0, help="stop starting seeds after this many seconds")
    ap.add_argument("--failures", help="copy failing programs here")
    ap.add_argument("--tap", action="store_true")
    a = ap.parse_args()
    a.work = os.path.abspath(a.work)  # the programs run in their own folder
    t = Tap()
    st = Stats()
    start = time.monotonic()
    ok_all = True
    for seed in seeds(a.seeds):
        if a.time and time.monotonic() - start > a.time:
            break
        passed, what = one_seed(a, seed, st)
        ok_all &= passed
        if a.tap:
            t.ok(passed, "fibergen seed %d: %s" % (seed, what.splitlines()[0]))
            if not passed:
                t.diag(what)
        elif not passed:
            print("seed %d FAILED: %s" % (seed, what), flush=True)
        if not passed and a.failures:
            os.makedirs(a.failures, exist_ok=True)
            shutil.copy(os.path.join(a.work, "s%d" % seed, "prog.cu"),
                        os.path.join(a.failures, "fibergen-%d.cu" % seed))
        if passed and not a.tap:
            shutil.rmtree(os.path.join(a.work, "s%d" % seed), ignore_errors=True)
    print("# fiber_fuzz: " + st.line(), flush=True)
    if a.tap:
        sys.exit(t.done())
    sys.exit(0 if ok_all else 1)


if __name__ == "__main__":
    main()
