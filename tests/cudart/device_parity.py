#!/usr/bin/env python3
"""Device-function parity with NVIDIA's headers (issue 44), TAP.

Lists the device functions of NVIDIA's math, intrinsic, atomic, half,
texture and surface headers (names only, read from an installed toolkit)
and checks that kernels built by idxgen-cc can call each one: a name is
there when the preprocessed text of our headers (C++, with the macros
idxgen-cc defines) has it as a token or a macro.  A name we lack fails
unless device-parity-exceptions.txt lists it with its reason (NVIDIA's
internals, names the translator rewrites, what one address space has no
answer for) or device-parity-todo.txt does (not written yet; a name there
that we now declare fails too, so that the list only shrinks).  Without a
toolkit: every test is a skip that says so.

    device_parity.py [--cuda DIR] [--include DIR] [--figures]
"""
import argparse
import os
import re
import subprocess
import sys

HEADERS = ["crt/math_functions.h", "crt/device_functions.h", "crt/device_double_functions.h",
           "device_atomic_functions.h", "sm_20_atomic_functions.h", "sm_32_atomic_functions.h",
           "sm_35_atomic_functions.h", "sm_60_atomic_functions.h", "sm_20_intrinsics.h", "sm_30_intrinsics.h",
           "sm_32_intrinsics.h", "sm_35_intrinsics.h", "sm_61_intrinsics.h", "crt/sm_70_rt.h", "crt/sm_80_rt.h",
           "crt/sm_90_rt.h", "crt/sm_100_rt.h", "cuda_fp16.h", "cuda_bf16.h", "texture_indirect_functions.h",
           "surface_indirect_functions.h", "crt/common_functions.h"]
# what our side includes: the headers a kernel sees, as idxgen-cc compiles it
PROBE = ["cuda_runtime.h", "cuda_fp16.h", "cuda_bf16.h", "sm_60_atomic_functions.h", "idxgen_cc_program.h"]
DECL = (r"(?:_DECL__|__device__|__DEVICE__|_CRTIMP|__cudart_builtin__|__DEVICE_FUNCTIONS_STATIC_DECL__|"
        r"__SM_\w+__|__STORAGE__)")
NOT_NAMES = {"if", "while", "for", "return", "sizeof", "defined", "__attribute__", "__declspec", "operator",
             "__launch_bounds__", "__align__", "__DEPRECATED__", "__CUDA_DEPRECATED"}
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "common"))
from tap import Tap  # noqa: E402
from parity import listed  # noqa: E402  (the same list files' format)


def names_of(path):
    """Device functions declared in one of NVIDIA's headers."""
    text = open(path, encoding="utf-8", errors="replace").read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    found = set()
    for m in re.finditer(DECL + r"[^;{()]*?\b(\w+)\s*\(", text):
        if m.group(1) not in NOT_NAMES and not m.group(1).endswith("_DECL__"):
            found.add(m.group(1))
    return found


def ours(include):
    """Tokens and macro names of our device headers, preprocessed as idxgen-cc compiles C++."""
    src = "".join("#include <%s>\n" % h for h in PROBE)
    cxx = os.environ.get("CXX_FOR_PARITY", "clang++")
    res = subprocess.run([cxx, "-x", "c++", "-std=c++17", "-E", "-dD", "-D__CUDACC__=1", "-D__NVCC__=1",
                          "-I", os.path.join(include, "cuda"), "-I", include, "-"],
                         input=src, capture_output=True, text=True)
    if res.returncode:
        sys.stderr.write(res.stderr)
        sys.exit(2)
    macros = set(re.findall(r"^#define\s+(\w+)", res.stdout, flags=re.M))
    tokens = set(re.findall(r"\b\w+\b", re.sub(r"^#.*$", "", res.stdout, flags=re.M)))
    return tokens | macros


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cuda", default=os.environ.get("CUDA_HOME", "/usr/local/cuda"))
    ap.add_argument("--include", default=os.path.join(HERE, "..", "..", "include"))
    ap.add_argument("--figures", action="store_true", help="print the figures per header only")
    a = ap.parse_args()
    inc = os.path.join(a.cuda, "include")
    t = Tap()
    if not all(os.path.exists(os.path.join(inc, h)) for h in HEADERS):
        for h in HEADERS:
            t.skip("no CUDA toolkit at %s (set CUDA_HOME)" % a.cuda, "device functions of %s" % h)
        return t.done()
    have = ours(os.path.abspath(a.include))
    exceptions, todo = listed("device-parity-exceptions.txt"), listed("device-parity-todo.txt")
    total = declared = 0
    for h in HEADERS:
        want = sorted(names_of(os.path.join(inc, h)))
        if not want:
            continue
        missing = [n for n in want if n not in have]
        total += len(want)
        declared += len(want) - len(missing)
        t.diag("%s: %d of %d device functions declared" % (h, len(want) - len(missing), len(want)))
        if a.figures:
            continue
        bad = [n for n in missing if n not in exceptions and n not in todo]
        stale = [n for n in want if n in todo and n not in missing]
        for n in bad:
            t.diag("  missing: %s" % n)
        for n in stale:
            t.diag("  declared now, still in device-parity-todo.txt: %s" % n)
        t.ok(not bad and not stale, "%s: every device function declared or listed (%d of %d declared, %d listed)"
             % (h, len(want) - len(missing), len(want), len(missing)))
    t.diag("all: %d of %d declared" % (declared, total))
    if a.figures:
        return 0
    return t.done()


if __name__ == "__main__":
    sys.exit(main())
