#!/usr/bin/env python3
"""Driver-API parity with NVIDIA's cuda.h (issue 44), TAP.

Lists the CUDAAPI functions of NVIDIA's cuda.h (names only, read from an
installed toolkit; the block NVIDIA keeps for its own build,
__CUDA_API_VERSION_INTERNAL, left out) and checks that our cuda.h declares
each one: a name is declared when the preprocessed text of our cuda.h (C++)
has it as a token or a macro.  Since the fifteenth session also the
header's types, enumerators and macros (parity.py's reading of a header,
on the same public text), one test per kind, with the same lists.  A name we lack fails unless
driver-parity-exceptions.txt lists it with its reason or
driver-parity-todo.txt does (not written yet; a name there that we now
declare fails too, so that the list only shrinks).  One test per group of
names (by the prefix after "cu": cuMem, cuGraph, ...), so that a failure
names its area.  Without a toolkit: every test is a skip that says so.

    driver_parity.py [--cuda DIR] [--include DIR] [--figures]
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "common"))
from tap import Tap  # noqa: E402
from parity import listed, strip_comments, names_by_kind  # noqa: E402  (the same list files' format)

GROUPS = ["cuArray", "cuCheckpoint", "cuCoredump", "cuCtx", "cuDevice", "cuDevResource", "cuDevSm", "cuEvent",
          "cuExternal", "cuFunc", "cuGraph", "cuGreenCtx", "cuIpc", "cuKernel", "cuLaunch", "cuLibrary", "cuLink",
          "cuLogs", "cuMem", "cuMipmapped", "cuModule", "cuMulticast", "cuOccupancy", "cuParam", "cuPointer",
          "cuStream", "cuSurf", "cuTensorMap", "cuTex", "cuUserObject"]


def public_text(path):
    """NVIDIA's cuda.h without the block of its own build's older versions."""
    out, skip = [], 0
    for line in open(path, encoding="utf-8", errors="replace"):
        s = line.strip()
        if skip:
            if re.match(r"#\s*if", s):
                skip += 1
            elif re.match(r"#\s*endif", s):
                skip -= 1
            continue
        if re.match(r"#\s*if\s+defined\s*\(\s*__CUDA_API_VERSION_INTERNAL\s*\)", s):
            skip = 1
            continue
        out.append(line)
    return strip_comments("".join(out))


def names_of(path):
    return set(re.findall(r"\bCUDAAPI\s+(\w+)\s*\(", public_text(path)))


def ours(include):
    """Tokens and macro names of our cuda.h, preprocessed as C++."""
    cxx = os.environ.get("CXX_FOR_PARITY", "clang++")
    res = subprocess.run([cxx, "-x", "c++", "-std=c++17", "-E", "-dD", "-I", os.path.join(include, "cuda"),
                          "-I", include, "-"], input="#include <cuda.h>\n", capture_output=True, text=True)
    if res.returncode:
        sys.stderr.write(res.stderr)
        sys.exit(2)
    macros = set(re.findall(r"^#define\s+(\w+)", res.stdout, flags=re.M))
    return set(re.findall(r"\b\w+\b", re.sub(r"^#.*$", "", res.stdout, flags=re.M))) | macros


def group_of(name):
    best = ""
    for g in GROUPS:
        if name.startswith(g) and len(g) > len(best):
            best = g
    return best or "other"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cuda", default=os.environ.get("CUDA_HOME", "/usr/local/cuda"))
    ap.add_argument("--include", default=os.path.join(HERE, "..", "..", "include"))
    ap.add_argument("--figures", action="store_true", help="print the figures per group only")
    a = ap.parse_args()
    header = os.path.join(a.cuda, "include", "cuda.h")
    t = Tap()
    if not os.path.exists(header):
        t.skip("no CUDA toolkit at %s (set CUDA_HOME)" % a.cuda, "driver API functions of cuda.h")
        return t.done()
    have = ours(os.path.abspath(a.include))
    exceptions, todo = listed("driver-parity-exceptions.txt"), listed("driver-parity-todo.txt")
    want = names_of(header)
    groups = {}
    for n in want:
        groups.setdefault(group_of(n), []).append(n)
    declared = 0
    for g in sorted(groups):
        names = sorted(groups[g])
        missing = [n for n in names if n not in have]
        declared += len(names) - len(missing)
        if a.figures:
            t.diag("%s: %d of %d declared" % (g, len(names) - len(missing), len(names)))
            continue
        bad = [n for n in missing if n not in exceptions and n not in todo]
        stale = [n for n in names if n in todo and n not in missing]
        for n in bad:
            t.diag("  missing: %s" % n)
        for n in stale:
            t.diag("  declared now, still in driver-parity-todo.txt: %s" % n)
        t.ok(not bad and not stale, "%s*: every function declared or listed (%d of %d declared, %d listed)"
             % (g, len(names) - len(missing), len(names), len(missing)))
    kinds = names_by_kind(public_text(header))
    known = set(want)
    for kind in ("type", "enumerator", "macro"):
        # a macro named as a function maps it to its per-thread form: the function's entry says
        names = sorted(n for n in kinds[kind] if not (kind == "macro" and n in want))
        known |= set(names)
        missing = [n for n in names if n not in have]
        t.diag("%ss: %d of %d declared" % (kind, len(names) - len(missing), len(names)))
        if a.figures:
            continue
        bad = [n for n in missing if n not in exceptions and n not in todo]
        stale = [n for n in names if n in todo and n not in missing]
        for n in bad:
            t.diag("  missing: %s" % n)
        for n in stale:
            t.diag("  declared now, still in driver-parity-todo.txt: %s" % n)
        t.ok(not bad and not stale, "cuda.h's %ss: every one declared or listed (%d of %d declared, %d listed)"
             % (kind, len(names) - len(missing), len(names), len(missing)))
    unknown = [n for n in list(exceptions) + list(todo) if n not in known]
    if not a.figures:
        for n in unknown:
            t.diag("  listed but not a name of NVIDIA's cuda.h: %s" % n)
        t.ok(not unknown, "the lists name only functions, types, enumerators and macros of NVIDIA's cuda.h")
    t.diag("all: %d of %d CUDAAPI functions of cuda.h declared (%d exceptions, %d todo)"
           % (declared, len(want), len([n for n in exceptions if n in want]), len([n for n in todo if n in want])))
    if a.figures:
        return 0
    return t.done()


if __name__ == "__main__":
    sys.exit(main())
