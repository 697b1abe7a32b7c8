# SPDX-License-Identifier: MIT
"""guard.py - the hang guard of the Python harnesses (guard.sh in Python).

    import guard                          # tests/common on sys.path
    g = guard.build(workdir)              # compiles progress-guard.c there
    subprocess.run(guard.wrap(g, [exe], stall_s=120, hang_guard_s=1800), ...)

The guard stops a program only when it hangs: no CPU and no output for
stall_s seconds, or still running at hang_guard_s (progress-guard.c).  It
then exits 124 with "progress-guard: hang: ..." on stderr.
"""

import os
import subprocess

HANG = 124


def build(work):
    """Compile progress-guard.c into work; its path.  Raises when it does not build."""
    here = os.path.dirname(os.path.abspath(__file__))
    exe = os.path.join(os.path.abspath(work), 'progress-guard')
    r = subprocess.run(['cc', '-std=c11', '-O2', '-Wall', '-Wextra', '-Werror', '-o', exe,
                        os.path.join(here, 'progress-guard.c')], capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError('progress-guard.c does not build:\n' + r.stderr)
    return exe


def wrap(guard, argv, stall_s, hang_guard_s):
    """argv run under the guard."""
    return [guard, '-s', str(stall_s), '-g', str(hang_guard_s), '--'] + list(argv)
