# SPDX-License-Identifier: MIT
"""test-cpu-bound.py - the fuzzer's bounds on its tools are CPU time, not wall time (TAP).

A tool that takes long on the clock without using CPU (a loaded machine, the
long runs' nice 19; here `sleep`) must finish; one that spins past its CPU
bound must be stopped and say so.  With the wall-clock bound it had before,
a 0.45 s compile missed 300 s at nice 19 under load 17 and its batch's
kernels were counted wrong.
"""
import argparse
import os
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzz  # noqa: E402
from tap import Tap  # noqa: E402  (tests/common/tap.py, on fuzz's path)


def main():
    t = Tap()
    with tempfile.TemporaryDirectory() as work:
        tools = fuzz.Tools(argparse.Namespace(cc="idxgen-cc", obj=work, lib=work, work=work, timeout=1,
                                              opt="-O0"))
        rc, _, err = tools.run(["sleep", "3"], cpu=1)
        t.ok(rc == 0, "a tool asleep for 3 s with a 1 s CPU bound finishes (rc %d%s)" %
             (rc, ": " + err if err else ""))
        rc, _, err = tools.run([sys.executable, "-c", "while True: pass"], cpu=1)
        t.ok(rc == -999 and "s of CPU" in err, "a tool spinning past its 1 s CPU bound is stopped "
             "and says so (rc %d: %s)" % (rc, err.strip()))
    return t.done()


if __name__ == "__main__":
    sys.exit(main())
