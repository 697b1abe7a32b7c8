#!/usr/bin/env python3
"""Randomized differential test of idxgen-coop (TAP).

  random_test.py TOOL CFLAGS_AND_LIBS WORKDIR [PROGRAMS [RUNS [SEED]]]
  random_test.py --stage DIR TOOL CFLAGS_AND_LIBS WORKDIR PROGRAMS SEED
      only translate and build: DIR/coop-rNNN-{seq,par} for the VM suite

Each random program (2-4 warps, stages of constant-trip loops, host and device
buffers, copy / user / device producers, consumers recording checksums) is
translated; the parallel program, run RUNS times with random delays injected
into every intrinsic (COOP_DELAY_US), must print exactly what the sequential
original prints, within a time bound.  The dependences are recomputed here by
brute force (graph.py): the translator's graph must match them, every removed
edge must be implied by the kept ones plus program order, every kept one not.
"""
import os
import random
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
import graph  # noqa: E402
import guard  # noqa: E402  (tests/common/guard.py)
from tap import Tap  # noqa: E402  (tests/common/tap.py)

# A parallel run is stopped only when it hangs (tests/common/progress-guard.c);
# a channel wait gives up, as a deadlock, after COOP_TIMEOUT_MS.  The slowest
# run measured (tests/README.md) is far below all three.
STALL_S = 120
HANG_GUARD_S = 1800
COOP_TIMEOUT_MS = 120000

HEADER = '''#include <stdio.h>
#include <idxgen_coop.h>

COOP_WARPS(%(nwarps)d);
COOP_BUFFER(ha, %(size)d);
COOP_BUFFER(hb, %(size)d);
COOP_DEVBUFFER(dv, %(size)d);

static int32_t table[4096];
static long result[%(ncons)d];

__attribute__((unused)) static void fill(struct coop_buf *b, long lo, long hi, long arg)
{
	for (long i = lo; i < hi; i++)
		coop_buf_set(b, i, (int32_t)(arg * 1000 + i));
}

__attribute__((unused)) static void sum(const struct coop_buf *b, long lo, long hi, long arg)
{
	long s = 7;

	for (long i = lo; i < hi; i++)
		s = s * 31 + coop_buf_get(b, i);
	result[arg] = s;
}

'''

FOOTER = '''
int main(void)
{
	for (int k = 0; k < 4096; k++)
		table[k] = k * 7919 %% 10007;
	coop_main();
	for (int k = 0; k < %(ncons)d; k++)
		printf("%%d %%ld\\n", k, result[k]);
	coop_shutdown();
	return 0;
}
'''


def divisors(n):
    return [d for d in range(1, n + 1) if n % d == 0 and d <= 64 and n // d <= 64]


def gen(rng):
    nwarps = rng.randint(2, 4)
    size = 48
    bufs = ['ha', 'hb', 'dv']
    # Each buffer is cut into chunks, each written by one warp only.
    owners = {}
    for b in bufs:
        cuts = sorted(rng.sample(range(4, size - 3, 4), rng.randint(1, 3)))
        bounds = [0] + cuts + [size]
        owners[b] = [(bounds[k], bounds[k + 1], rng.randrange(nwarps))
                     for k in range(len(bounds) - 1)]
    body, insts, ncons = [], [], [0]

    def call(b, role, warp, lo_e, hi_e, env, extra):
        lo = eval(lo_e, {}, env)
        hi = eval(hi_e, {}, env)
        insts.append(dict(role=role, warp=warp, buf=b, lo=lo, hi=hi))

    # Prologue: every chunk produced once by its owner (so consumers can read anything).
    for b in bufs:
        for lo, hi, w in owners[b]:
            if b == 'dv':
                d = rng.choice(divisors(hi - lo))
                body.append('\tcoop_dev_produce(%d, &dv, %d, %d, %d);' % (w, lo, hi, d))
            else:
                body.append('\tcoop_copy(%d, &%s, %d, %d, table + %d);' %
                            (w, b, lo, hi, rng.randrange(1000)))
            insts.append(dict(role='produce', warp=w, buf=b, lo=lo, hi=hi))
    for _ in range(rng.randint(1, 4)):
        trips = rng.randint(1, 4)
        calls = []
        for _ in range(rng.randint(1, 4)):
            b = rng.choice(bufs)
            if rng.random() < 0.45:
                lo0, hi0, w = rng.choice(owners[b])
                ln = rng.randint(1, max(1, (hi0 - lo0) // 2))
                room = hi0 - lo0 - ln
                stride = rng.randint(0, room // max(1, trips - 1)) if trips > 1 else 0
                base = lo0 + rng.randint(0, room - stride * (trips - 1))
                lo_e, hi_e = '%d + %d * i' % (base, stride), '%d + %d * i' % (base + ln, stride)
                kind = 'dev' if b == 'dv' else rng.choice(['copy', 'fill'])
                if kind == 'dev':
                    txt = 'coop_dev_produce(%d, &dv, %s, %s, %d)' % (
                        w, lo_e, hi_e, rng.choice(divisors(ln)))
                elif kind == 'copy':
                    txt = 'coop_copy(%d, &%s, %s, %s, table + %d * i + %d)' % (
                        w, b, lo_e, hi_e, rng.randint(1, 50), rng.randrange(2000))
                else:
                    txt = 'coop_produce(%d, fill, &%s, %s, %s, %d + i)' % (
                        w, b, lo_e, hi_e, rng.randrange(100))
                calls.append(('produce', w, b, lo_e, hi_e, txt))
            else:
                w = rng.randrange(nwarps)
                ln = rng.randint(1, 16)
                base = rng.randint(0, size - ln)
                stride = rng.randint(0, (size - ln - base) // max(1, trips - 1)) if trips > 1 else 0
                lo_e, hi_e = '%d + %d * i' % (base, stride), '%d + %d * i' % (base + ln, stride)
                cid = ncons[0]
                ncons[0] += trips
                txt = 'coop_consume(%d, sum, &%s, %s, %s, %d + i)' % (w, b, lo_e, hi_e, cid)
                calls.append(('consume', w, b, lo_e, hi_e, txt))
        body.append('\tfor (int i = 0; i < %d; i++) {' % trips)
        body.extend('\t\t%s;' % c[5] for c in calls)
        body.append('\t}')
        for i in range(trips):
            for role, w, b, lo_e, hi_e, _ in calls:
                call(b, role, w, lo_e, hi_e, {'i': i}, None)
    if ncons[0] == 0:
        w = rng.randrange(nwarps)
        body.append('\tcoop_consume(%d, sum, &ha, 0, %d, 0);' % (w, size))
        insts.append(dict(role='consume', warp=w, buf='ha', lo=0, hi=size))
        ncons[0] = 1
    p = c = 0
    for n in insts:
        if n['role'] == 'produce':
            p += 1
            n['label'] = 'p%d' % p
        else:
            c += 1
            n['label'] = 'c%d' % c
    d = dict(nwarps=nwarps, size=size, ncons=ncons[0])
    src = HEADER % d + 'void coop_main(void)\n{\n' + '\n'.join(body) + '\n}\n' + FOOTER % d
    return src, insts


def stage(argv):
    """Build random programs for the guest (which has no compiler)."""
    out, tool, cflags, work = argv[0], argv[1], shlex.split(argv[2]), argv[3]
    nprog, seed = int(argv[4]), int(argv[5])
    os.makedirs(work, exist_ok=True)
    os.makedirs(out, exist_ok=True)
    for k in range(nprog):
        src, _ = gen(random.Random(seed * 100003 + k))
        base = os.path.join(work, 'g%03d' % k)
        open(base + '.c', 'w').write(src)
        subprocess.run([tool, '-o', base + '.par.c', base + '.c'], check=True)
        for c, suffix in ((base + '.c', 'seq'), (base + '.par.c', 'par')):
            subprocess.run(['cc', '-o', os.path.join(out, 'coop-r%03d-%s' % (k, suffix)), c] +
                           cflags, check=True)
    return 0


def main():
    if sys.argv[1] == '--stage':
        return stage(sys.argv[2:])
    tool, cflags, work = sys.argv[1], shlex.split(sys.argv[2]), sys.argv[3]
    nprog = int(sys.argv[4]) if len(sys.argv) > 4 else 20
    runs = int(sys.argv[5]) if len(sys.argv) > 5 else 5
    seed = int(sys.argv[6]) if len(sys.argv) > 6 else 1
    os.makedirs(work, exist_ok=True)
    env = dict(os.environ, IDXGEN_BACKEND='emu', COOP_TIMEOUT_MS=str(COOP_TIMEOUT_MS))
    guard_exe = guard.build(work)
    tap = Tap()
    ok = tap.ok

    total_removed = total_deps = 0
    for k in range(nprog):
        rng = random.Random(seed * 100003 + k)
        src, insts = gen(rng)
        base = os.path.join(work, 'r%03d' % k)
        open(base + '.c', 'w').write(src)
        r = subprocess.run([tool, '-o', base + '.par.c', '--dump-edges', base + '.edges',
                            base + '.c'], capture_output=True, text=True)
        if not ok(r.returncode == 0, 'program %d (seed %d): translated' % (k, seed)):
            print('# ' + r.stderr.replace('\n', '\n# '))
            continue
        nodes, edges = graph.parse(base + '.edges')
        same = [(n['label'], n['warp'], n['role'], n['buf'], n['lo'], n['hi']) for n in nodes] == \
            [(n['label'], n['warp'], n['role'], n['buf'], n['lo'], n['hi']) for n in insts]
        ok(same, 'program %d: instances are the expansion the generator made' % k)
        probs = graph.check(base + '.edges')
        for p in probs:
            print('# ' + p)
        deps = [e for e in edges if e[0] != 'control']
        total_deps += len(deps)
        total_removed += sum(1 for e in deps if e[3] == 'removed')
        ok(not probs, 'program %d: %d dependences = brute force; %d removed, all implied; '
           'kept ones minimal' % (k, len(deps), sum(1 for e in deps if e[3] == 'removed')))
        built = True
        for src_c, exe in ((base + '.c', base + '.seq'), (base + '.par.c', base + '.par')):
            r = subprocess.run(['cc', '-o', exe, src_c] + cflags, capture_output=True, text=True)
            if r.returncode:
                built = False
                print('# ' + r.stderr.replace('\n', '\n# '))
        if not ok(built, 'program %d: sequential and parallel programs compile' % k):
            continue
        seq = subprocess.run([base + '.seq'], capture_output=True, text=True, env=env)
        good = seq.returncode == 0
        for run in range(runs):
            e = dict(env, COOP_DELAY_US=str(rng.choice([0, 50, 300])), COOP_SEED=str(run + 1))
            par = subprocess.run(guard.wrap(guard_exe, [base + '.par'], STALL_S, HANG_GUARD_S),
                                 capture_output=True, text=True, env=e)
            if par.returncode or par.stdout != seq.stdout:
                print('# run %d: rc %d, output differs: %s' % (run, par.returncode,
                                                               par.stderr.strip()))
                good = False
                break
        ok(good, 'program %d: %d parallel runs with random delays == sequential' % (k, runs))
    print('# %d dependences in all, %d removed as implied' % (total_deps, total_removed))
    return tap.done()


if __name__ == '__main__':
    sys.exit(main())
