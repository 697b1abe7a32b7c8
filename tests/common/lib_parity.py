#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Name parity of a CUDA library header of ours with NVIDIA's, TAP.

For each HEADER named, lists the public names NVIDIA's copy declares
(functions, enumerators, typedef and struct names, object-like macros that
do not start with "_"; read from an installed toolkit, names only) and
checks that our include/cuda/HEADER, preprocessed as C++, has each one as a
token or a macro.  A name listed in EXCEPTIONS (one "name reason" a line)
is not asked for; one listed there that we now declare fails, so that the
list only shrinks.  Without a toolkit: a skip that says so.

    lib_parity.py [--cuda DIR] [--include DIR] [--exceptions FILE] HEADER...
"""
import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from tap import Tap  # noqa: E402


def nvidia_names(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    names = set(m.group(1) for m in re.finditer(r"^\s*#\s*define\s+(\w+)[ \t]+\S", text, flags=re.M)
                if not m.group(1).startswith("_") and not m.group(1).endswith("API"))
    body = re.sub(r"^\s*#.*?(?<!\\)$", " ", text, flags=re.M | re.S)
    for m in re.finditer(r"\b(\w+)\s*\(", body):
        if re.match(r"(cu|CU)", m.group(1)) and not m.group(1).endswith("API"):
            names.add(m.group(1))
    for m in re.finditer(r"\benum\s+\w*\s*\{(.*?)\}", body, flags=re.S):
        names.update(e.group(1) for e in re.finditer(r"(?:^|,)\s*(\w+)", m.group(1)))
    names.update(re.findall(r"\}\s*(\w+)\s*;", body))
    names.update(re.findall(r"\btypedef\b[^;{}]*?\b(\w+)\s*;", body))
    names.update(re.findall(r"\b(?:struct|enum)\s+(\w+)\s*\{", body))
    return {n for n in names if re.match(r"(cu|CU|LIB_|MAX_)", n)}


def our_names(include, header):
    src = "#include <%s>\n" % header
    cxx = os.environ.get("CXX_FOR_PARITY", "g++")
    res = subprocess.run([cxx, "-x", "c++", "-std=c++17", "-E", "-dD", "-I", os.path.join(include, "cuda"),
                          "-I", include, "-"], input=src, capture_output=True, text=True)
    if res.returncode:
        return None, res.stderr
    macros = set(re.findall(r"^#define\s+(\w+)", res.stdout, flags=re.M))
    tokens = set(re.findall(r"\b\w+\b", re.sub(r"^#.*$", "", res.stdout, flags=re.M)))
    return tokens | macros, ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cuda", default=os.environ.get("CUDA_HOME", "/usr/local/cuda"))
    ap.add_argument("--include", default=os.path.join(HERE, "..", "..", "include"))
    ap.add_argument("--exceptions")
    ap.add_argument("headers", nargs="+")
    a = ap.parse_args()
    t = Tap()
    excused = {}
    if a.exceptions:
        for line in open(a.exceptions, encoding="utf-8"):
            if line.strip() and not line.startswith("#"):
                name, _, why = line.strip().partition(" ")
                excused[name] = why
    for header in a.headers:
        theirs = os.path.join(a.cuda, "include", header)
        if not os.path.exists(theirs):
            t.skip("no CUDA toolkit at %s (--cuda)" % a.cuda, "%s: every name of NVIDIA's is ours" % header)
            continue
        have, err = our_names(a.include, header)
        if have is None:
            t.ok(False, "%s: ours preprocesses as C++" % header)
            t.diag(err[:2000])
            continue
        want = nvidia_names(theirs)
        missing = sorted(n for n in want if n not in have and n not in excused)
        t.ok(not missing, "%s: the %d names of NVIDIA's are ours (%d excused)" %
             (header, len(want), len([n for n in want if n in excused])))
        if missing:
            t.diag("missing: " + " ".join(missing))
        stale = sorted(n for n in excused if n in want and n in have)
        t.ok(not stale, "%s: no excused name is declared now" % header)
        if stale:
            t.diag("declared, drop from the exceptions: " + " ".join(stale))
    return t.done()


if __name__ == "__main__":
    sys.exit(main())
