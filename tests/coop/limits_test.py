#!/usr/bin/env python3
"""Regression tests of idxgen-coop's limits (TAP).

  limits_test.py TOOL BUILD WORKDIR

The fixed arrays of the single-file translator are gone: each test below
generates an input past one of the old sizes and checks that it translates
correctly (the parallel program, run with random delays, prints what the
sequential one prints) -- or, where a limit remains (the runtime's warps, the
device's 16-bit words, the trips of one loop, the memory the reduction
needs, the system's path length), that it gets a FILE:LINE:COL: error (or
an I/O error) naming the limit, exit status 1 (2 for I/O), no output.
BUILD is the build tree of `make -C lib/coop all lib` (build/coop/libidxgen-coop.a,
build/lib/libidxgen.so).
"""
import os
import re
import resource
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'common'))
import guard  # noqa: E402  (tests/common/guard.py)
from tap import Tap  # noqa: E402  (tests/common/tap.py, found through the line above)

TOOL, BUILD, WORK = sys.argv[1], os.path.abspath(sys.argv[2]), os.path.abspath(sys.argv[3])
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CFLAGS = ['-std=c11', '-Wall', '-Wextra', '-Werror', '-O0', '-I' + os.path.join(ROOT, 'include')]
LIBS = [os.path.join(BUILD, 'coop', 'libidxgen-coop.a'), '-L' + os.path.join(BUILD, 'lib'),
        '-Wl,-rpath,' + os.path.join(BUILD, 'lib'), '-lidxgen', '-lpthread']
# A parallel run is stopped only when it hangs (tests/common/progress-guard.c);
# a channel wait gives up, as a deadlock, after COOP_TIMEOUT_MS.  The slowest
# run measured (tests/README.md) is far below all three.
STALL_S = 120
HANG_GUARD_S = 1800
COOP_TIMEOUT_MS = 120000
ENV = dict(os.environ, IDXGEN_BACKEND='emu', COOP_TIMEOUT_MS=str(COOP_TIMEOUT_MS))
os.makedirs(WORK, exist_ok=True)
GUARD = guard.build(WORK)
TAP = Tap()


def ok(cond, msg, detail=''):
    TAP.ok(cond, msg)
    if not cond and detail:
        TAP.diag(detail.strip()[-3000:])
    return cond


def program(nwarps, decls, body, ncons):
    """A complete cooperative program; consumers store checksums in result[arg]."""
    return '''#include <stdio.h>
#include <idxgen_coop.h>

COOP_WARPS(%d);
%s
static long result[%d];

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

void coop_main(void)
{
%s
}

int main(void)
{
	coop_main();
	for (int k = 0; k < %d; k++)
		printf("%%d %%ld\\n", k, result[k]);
	coop_shutdown();
	return 0;
}
''' % (nwarps, decls, max(ncons, 1), body, ncons)


def write(name, text):
    path = os.path.join(WORK, name)
    with open(path, 'w') as f:
        f.write(text)
    return path


def translate(src, *args, limit_as=None):
    out = src[:-2] + '.par.c'
    if os.path.exists(out):
        os.remove(out)

    def lim():
        if limit_as:
            resource.setrlimit(resource.RLIMIT_AS, (limit_as, limit_as))
    r = subprocess.run([TOOL, '-o', out] + list(args) + [src], capture_output=True, text=True,
                       preexec_fn=lim)
    return r, out


def runs_agree(src, par, nruns=3):
    """Build both programs; the parallel one, with delays, must print what the sequential one does."""
    exes = []
    for c, suffix in ((src, '.seq'), (par, '.par')):
        exe = src[:-2] + suffix
        r = subprocess.run(['cc', '-o', exe, c] + CFLAGS + LIBS, capture_output=True, text=True)
        if r.returncode:
            return False, r.stderr
        exes.append(exe)
    seq = subprocess.run([exes[0]], capture_output=True, text=True, env=ENV)
    if seq.returncode:
        return False, 'sequential run failed: ' + seq.stderr
    for k in range(nruns):
        e = dict(ENV, COOP_DELAY_US=str([0, 20, 50][k % 3]), COOP_SEED=str(k + 1))
        par = subprocess.run(guard.wrap(GUARD, [exes[1]], STALL_S, HANG_GUARD_S),
                             capture_output=True, text=True, env=e)
        if par.returncode or par.stdout != seq.stdout:
            return False, 'run %d: rc %d, %s' % (k, par.returncode, par.stderr)
    return True, ''


def translated_and_run(name, r, src, par, what):
    if not ok(r.returncode == 0 and os.path.exists(par), '%s: translated' % name, r.stderr):
        TAP.ok(False, '%s: parallel == sequential (not translated)' % name)
        return
    good, why = runs_agree(src, par)
    ok(good, '%s: %s; parallel runs with delays == sequential' % (name, what), why)


def errors_once(name, r, par, pattern, what):
    """Exit 1, no output, the expected error, no error message printed twice."""
    errs = [line for line in r.stderr.splitlines() if ': error: ' in line]
    good = (r.returncode == 1 and not os.path.exists(par) and
            any(re.search(pattern, e) for e in errs) and len(errs) == len(set(errs)))
    ok(good, '%s: %s' % (name, what), 'rc %d\n%s' % (r.returncode, r.stderr))


def nodes(edges_path):
    return [line.split() for line in open(edges_path) if line.startswith('node ')]


# --- 1. instances: more than the old 8192 (MAX_INSTANCES): 100 x 50 x 2 = 10000
def test_instances():
    body = '''	for (int i = 0; i < 100; i++)
		for (int j = 0; j < 50; j++) {
			coop_produce(j % 2, fill, &buf, (j % 4) * 64, (j % 4) * 64 + 64, i * 50 + j);
			coop_consume(2 + j % 2, sum, &buf, (j % 4) * 64, (j % 4) * 64 + 64, i * 50 + j);
		}'''
    src = write('instances.c', program(4, 'COOP_BUFFER(buf, 256);', body, 5000))
    edges = os.path.join(WORK, 'instances.edges')
    r, par = translate(src, '--dump-edges', edges)
    n = nodes(edges) if r.returncode == 0 else []
    ok(len(n) == 10000 and n[-2][1] == 'p5000' and n[-1][1] == 'c5000',
       'instances: 10000 instances (old limit 8192), labelled p1..p5000, c1..c5000', r.stderr)
    translated_and_run('instances', r, src, par, '10000 instances')


# --- 2. buffers: more than the old 256 (bufs[256])
def test_buffers():
    decls = ''.join('COOP_BUFFER(b%d, 8);\n' % k for k in range(300))
    body = '\n'.join('\tcoop_produce(%d, fill, &b%d, 0, 8, %d);\n\tcoop_consume(%d, sum, &b%d, 0, 8, %d);'
                     % (k % 2, k, k, 1 - k % 2, k, k) for k in range(300))
    src = write('buffers.c', program(2, decls, body, 300))
    edges = os.path.join(WORK, 'buffers.edges')
    r, par = translate(src, '--dump-edges', edges)
    n = nodes(edges) if r.returncode == 0 else []
    ok(len({x[4] for x in n}) == 300, 'buffers: 300 buffers (old limit 256) in the graph', r.stderr)
    translated_and_run('buffers', r, src, par, '300 buffers')


# --- 3. statements: more than the old 4096 schedule-tree nodes (tree[4096])
def test_statements():
    body = '\n'.join('\tcoop_produce(%d, fill, &buf, %d, %d, %d);\n\tcoop_consume(%d, sum, &buf, %d, %d, %d);'
                     % (k % 2, 8 * (k % 8), 8 * (k % 8) + 8, k, 1 - k % 2, 8 * (k % 8),
                        8 * (k % 8) + 8, k) for k in range(2500))
    src = write('statements.c', program(2, 'COOP_BUFFER(buf, 64);', body, 2500))
    gdir = os.path.join(WORK, 'statements.g')
    r, par = translate(src, '--dump-graphs', gdir)
    tree = open(os.path.join(gdir, 'schedule-tree.dot')).read() if r.returncode == 0 else ''
    ok('root -> t4999;' in tree and 't5000' not in tree,
       'statements: 5000 statements (old limit 4096) in the schedule tree', r.stderr)
    translated_and_run('statements', r, src, par, '5000 statements')


# --- 4. nesting: deeper than the old 32 loops (env[MAX_DEPTH])
def test_depth():
    depth = 40
    body = ''.join('\t' * (d + 1) + 'for (int v%d = 0; v%d < %d; v%d++)\n' % (d, d, 2 if d % 13 == 0 else 1, d)
                   for d in range(depth))
    ind = '\t' * (depth + 1)
    body += (ind + '{\n' + ind + 'coop_produce(0, fill, &buf, 8 * v13, 8 * v13 + 8, v0 + 2 * v26);\n' +
             ind + 'coop_consume(1, sum, &buf, 8 * v13, 8 * v13 + 8, v0 + 2 * v26 + 4 * v39);\n' + ind + '}')
    src = write('depth.c', program(2, 'COOP_BUFFER(buf, 16);', body, 16))
    r, par = translate(src)
    text = open(par).read() if r.returncode == 0 else ''
    ok(text.count('v39=') == 32 and 'v0=1 v1=0' in text,
       'depth: 40 nested loops (old limit 32), 16 iterations of 2 calls', r.stderr)
    translated_and_run('depth', r, src, par, '40 nested loops')


# --- 5. clang arguments: more than the old 250 (cargs[256]; the rest was dropped silently)
def test_cargs():
    body = '\tfor (int i = 0; i < N; i++) {\n\t\tcoop_produce(0, fill, &buf, i, i + 1, i);\n' \
           '\t\tcoop_consume(1, sum, &buf, i, i + 1, i);\n\t}'
    src = write('cargs.c', program(2, 'COOP_BUFFER(buf, N);', body, 8).replace(
        'static long result[8]', 'static long result[N]').replace('k < 8', 'k < N'))
    many = ['-DUNUSED_%d=1' % k for k in range(300)]
    r, par = translate(src, *(many + ['-DN=8']))
    ok(r.returncode == 0 and os.path.exists(par), 'cargs: 301 -D options (old limit 250), the last one used',
       r.stderr)
    r, par = translate(src, *(['--'] + many + ['-DN=8']))
    ok(r.returncode == 0 and os.path.exists(par),
       'cargs: 301 clang arguments after -- (old limit 250), the last one used', r.stderr)


# --- 6. diagnostics: more distinct errors than the old 64 remembered (seen[64]) -- none repeated
def test_diags():
    body = '\n'.join('\tTWICE(%d);' % k for k in range(70))
    decls = ('COOP_BUFFER(buf, 80);\nstatic const int32_t src[1];\n'
             '#define TWICE(k) coop_copy(9, &buf, k, k + 1, src); coop_copy(9, &buf, k, k + 1, src)')
    src = write('diags.c', program(2, decls, body, 0))
    r, par = translate(src)
    errs = [line for line in r.stderr.splitlines() if ': error: ' in line]
    notes = [line for line in r.stderr.splitlines() if ': note: ' in line]
    ok(r.returncode == 1 and len(errs) == 70 and len(set(errs)) == 70 and len(notes) == 70,
       'diags: 70 distinct errors (old memory 64), each printed once with its note', r.stderr)


# --- 7. a --dump-graphs path longer than the old 4096-byte buffer: the system's limit, reported
def test_path():
    body = '\tcoop_produce(0, fill, &buf, 0, 8, 0);\n\tcoop_consume(1, sum, &buf, 0, 8, 0);'
    src = write('path.c', program(2, 'COOP_BUFFER(buf, 8);', body, 1))
    base = os.path.join(WORK, 'p')
    os.makedirs(base, exist_ok=True)
    d = base + '/.' * ((4090 - len(base)) // 2)  # < 4096: mkdir works; d/schedule-tree.dot does not fit
    r, par = translate(src, '--dump-graphs', d)
    ok(r.returncode == 2 and 'schedule-tree.dot: File name too long' in r.stderr and
       not os.listdir(base),
       'path: --dump-graphs path past PATH_MAX reported in full, exit 2, no truncated file written',
       'rc %d\n%s' % (r.returncode, r.stderr[-300:]))


# --- remaining limits: each a FILE:LINE:COL diagnostic naming it
def test_remaining():
    body = '\tcoop_copy(0, &buf, 0, 8, src);'
    decls = 'COOP_BUFFER(buf, 8);\nstatic const int32_t src[8];'
    for nw, shown in (('65', '65'), ('5000000000', '5000000000')):
        src = write('warps%s.c' % nw, program(2, decls, body, 0).replace('COOP_WARPS(2)',
                                                                          'COOP_WARPS(%s)' % nw))
        r, par = translate(src)
        errors_once('warps %s' % nw, r, par,
                    r'warps%s\.c:4:1: error: COOP_WARPS\(%s\): between 1 and 64 warps$' % (nw, shown),
                    'COOP_WARPS(%s): the runtime runs 1..64 warps (value not truncated)' % nw)
    src = write('words.c', program(2, 'COOP_DEVBUFFER(dv, 262144);',
                                   '\tcoop_dev_produce(0, &dv, 0, 262144, 512);', 0))
    r, par = translate(src)
    errors_once('words', r, par, r'words\.c:\d+:\d+: error: a 512 x 512 block needs 18-bit words; '
                'device buffers hold 16-bit words', 'a device block needs 16-bit words')
    src = write('trips.c', program(2, decls, '\tfor (int i = 0; i < 8193; i++)\n\t\t' + body.strip(), 0))
    r, par = translate(src)
    errors_once('trips', r, par, r'trips\.c:\d+:18: error: loop of more than 8192 trips: too many '
                'instances to expand', 'one loop of 8193 trips: the trip limit of a loop')
    nested = ('\tfor (int i = 0; i < 3; i++)\n\t\tfor (int j = 0; j < 2731; j++) {\n'
              '\t\t\tcoop_produce(0, fill, &buf, 0, 8, 0);\n'
              '\t\t\tcoop_consume(1, sum, &buf, 0, 8, 0);\n\t\t}')
    src = write('trips_nested.c', program(2, 'COOP_BUFFER(buf, 8);', nested, 1))
    r, par = translate(src)
    translated_and_run('trips nested', r, src, par, 'the same 8193 trips as nested loops (16386 instances)')


def test_memory():
    body = '''	for (int i = 0; i < 400; i++)
		for (int j = 0; j < 200; j++) {
			coop_produce(j % 2, fill, &buf, (j % 4) * 8, (j % 4) * 8 + 8, 0);
			coop_consume(2 + j % 2, sum, &buf, (j % 4) * 8, (j % 4) * 8 + 8, 0);
		}'''
    src = write('memory.c', program(4, 'COOP_BUFFER(buf, 32);', body, 1))
    r, par = translate(src, limit_as=600 << 20)
    errors_once('memory', r, par, r'memory\.c:\d+:\d+: error: more than \d+ intrinsic calls after loop '
                r'expansion: the transitive reduction needs N\*N/8 bytes for N calls, more than the '
                r'\d+ MiB of memory available$',
                '160000 instances in 600 MiB of address space: the memory the reduction needs')


# --- no silent overflow in loop bounds
def test_overflow():
    body = ('\tfor (long i = 9223372036854775803; i < 9223372036854775807; i += 3) {\n'
            '\t\tcoop_produce(0, fill, &buf, i - 9223372036854775803, i - 9223372036854775802, 0);\n'
            '\t\tcoop_consume(1, sum, &buf, i - 9223372036854775803, i - 9223372036854775802, 0);\n\t}')
    src = write('overflow.c', program(2, 'COOP_BUFFER(buf, 8);', body, 1))
    edges = os.path.join(WORK, 'overflow.edges')
    r, par = translate(src, '--dump-edges', edges)
    n = nodes(edges) if r.returncode == 0 else []
    ok([x[5:] for x in n] == [['0', '1'], ['0', '1'], ['3', '4'], ['3', '4']],
       'overflow: a loop up to LONG_MAX by 3 has exactly 2 trips', r.stderr)
    body = ('\tfor (long i = -9223372036854775807; i != 9223372036854775807; i++)\n'
            '\t\tcoop_copy(0, &buf, 0, 1, src);')
    src = write('overflow2.c', program(2, 'COOP_BUFFER(buf, 8);\nstatic const int32_t src[8];', body, 0))
    r, par = translate(src)
    errors_once('overflow2', r, par, r'error: loop of more than 8192 trips',
                'a loop over the whole range of long: its trip count computed without overflow')


for t in (test_instances, test_buffers, test_statements, test_depth, test_cargs, test_diags,
          test_path, test_remaining, test_memory, test_overflow):
    t()
sys.exit(TAP.done())
