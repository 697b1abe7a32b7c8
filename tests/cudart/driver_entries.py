#!/usr/bin/env python3
"""The driver functions cuGetProcAddress hands out (lib/cudart/driver_entries.h), TAP.

Every CUresult function that include/cuda/cuda.h declares for C (preprocessed
as C: the C++-only overloads are not functions of the library) must be in the
table, and nothing else: a name cuda.h declares but the table lacks is a
function a program fetching driver entry points (cudaGetDriverEntryPoint,
cuGetProcAddress: CUTLASS, framework loaders) would not find.  Also checks that
every declared function links (a program calling it would otherwise fail to
build).

    driver_entries.py [--write] [--lib LIBIDXGEN_CUDART.A --libdir DIR]
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(HERE, "..", "common"))
from tap import Tap  # noqa: E402

TABLE = os.path.join(ROOT, "lib", "cudart", "driver_entries.h")
HEAD = """/* SPDX-License-Identifier: MIT */
/*
 * driver_entries.h - every driver function of include/cuda/cuda.h by name,
 * for cuGetProcAddress and cudaGetDriverEntryPoint (driver_proc.c).
 * Written by tests/cudart/driver_entries.py --write; make check fails when
 * cuda.h declares a function this list lacks.
 */
"""


def declared():
    cc = os.environ.get("CC", "cc")
    inc = os.path.join(ROOT, "include")
    res = subprocess.run([cc, "-E", "-P", "-x", "c", "-I", os.path.join(inc, "cuda"), "-I", inc, "-"],
                         input="#include <cuda.h>\n", capture_output=True, text=True, check=True)
    return sorted(set(re.findall(r"^CUresult\s+(cu\w+)\s*\(", res.stdout, flags=re.M)))


def table():
    return re.findall(r"^DRIVER_ENTRY\((\w+)\)", open(TABLE).read(), flags=re.M)


def links(names, lib, libdir):
    cc = os.environ.get("CC", "cc")
    inc = os.path.join(ROOT, "include")
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "t.c")
        with open(src, "w") as f:
            f.write("#include <cuda.h>\nstatic void (*const t[])(void) = {\n")
            f.writelines("\t(void (*)(void))%s,\n" % n for n in names)
            f.write("};\nint main(void) { return t[0] == 0; }\n")
        res = subprocess.run([cc, "-w", "-I", os.path.join(inc, "cuda"), "-I", inc, src, lib, "-L", libdir,
                              "-lidxgen", "-lpthread", "-lm", "-o", os.path.join(d, "t")],
                             capture_output=True, text=True)
        return sorted(set(re.findall(r"undefined reference to .(\w+)", res.stderr))), res.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--lib")
    ap.add_argument("--libdir")
    a = ap.parse_args()
    names = declared()
    if a.write:
        with open(TABLE, "w") as f:
            f.write(HEAD + "".join("DRIVER_ENTRY(%s)\n" % n for n in names))
        return 0
    t = Tap()
    have = table()
    missing = sorted(set(names) - set(have))
    extra = sorted(set(have) - set(names))
    t.ok(not missing, "driver_entries.h has every function cuda.h declares (%d)" % len(names))
    for n in missing:
        t.diag("  not in driver_entries.h: %s (driver_entries.py --write)" % n)
    t.ok(not extra, "driver_entries.h has nothing cuda.h does not declare")
    for n in extra:
        t.diag("  not declared: %s" % n)
    if a.lib:
        undef, rc = links(names, a.lib, a.libdir)
        t.ok(rc == 0 and not undef, "every function cuda.h declares links (%d)" % len(names))
        for n in undef:
            t.diag("  undefined: %s" % n)
    return t.done()


if __name__ == "__main__":
    sys.exit(main())
