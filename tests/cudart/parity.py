#!/usr/bin/env python3
"""Header parity with NVIDIA's runtime API (issue 44), TAP.

Lists the public names of NVIDIA's cuda_runtime_api.h, driver_types.h,
vector_types.h, surface_types.h, texture_types.h and channel_descriptor.h
(functions, types, enumerators, macros: names only, read from an installed
toolkit) and checks that our include/cuda declares each one: a name is
declared when the preprocessed text of our cuda_runtime.h (C++) has it as a
token or a macro.  A name we lack fails unless parity-exceptions.txt lists
it (with its reason) or parity-todo.txt does (not written yet; a name there
that we now declare fails too, so that the list only shrinks).  Without a
toolkit: every test is a skip that says so.

    parity.py [--cuda DIR] [--include DIR] [--figures]
"""
import argparse
import os
import re
import subprocess
import sys

HEADERS = ["cuda_runtime_api.h", "driver_types.h", "vector_types.h", "surface_types.h",
           "texture_types.h", "channel_descriptor.h"]
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "common"))
from tap import Tap  # noqa: E402


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def names_of(path):
    """{kind: set(names)} of one of NVIDIA's headers."""
    return names_by_kind(strip_comments(open(path, encoding="utf-8", errors="replace").read()))


def names_by_kind(text):
    """{kind: set(names)} of a header's text, its comments stripped."""
    out = {"function": set(), "type": set(), "enumerator": set(), "macro": set()}
    for m in re.finditer(r"^\s*#\s*define\s+(\w+)", text, flags=re.M):
        name = m.group(1)
        if not name.startswith("_") or re.fullmatch(r"__\w+_H__", name):
            out["macro"].add(name)
    body = re.sub(r"^\s*#.*?(?<!\\)$", " ", text, flags=re.M | re.S)
    for m in re.finditer(r"\bCUDARTAPI\s+(\w+)\s*\(", body):
        out["function"].add(m.group(1))
    for m in re.finditer(r"\b(cudaCreateChannelDesc\w*)\s*(<[^>]*>)?\s*\(", body):
        out["function"].add(m.group(1))
    for m in re.finditer(r"\benum\s+(?:__device_builtin__\s+)?(\w*)\s*\{(.*?)\}", body, flags=re.S):
        if m.group(1):
            out["type"].add(m.group(1))
        for e in m.group(2).split(","):
            em = re.match(r"\s*(\w+)", e)
            if em:
                out["enumerator"].add(em.group(1))
    for m in re.finditer(r"\b(?:struct|union)\s+(?:__device_builtin__\s+)?(?:__\w+__\(\w*\)\s+)?(\w+)\s*\{",
                         body):
        out["type"].add(m.group(1))
    for m in re.finditer(r"\btypedef\b[^;{}]*?\b(\w+)\s*;", body):
        out["type"].add(m.group(1))
    for m in re.finditer(r"\}\s*(\w+)\s*;", body):
        out["type"].add(m.group(1))
    # member names of typedef'd structs and unions match the patterns too: a type is cuda*/CU*
    out["type"] = {n for n in out["type"] if n.startswith(("cuda", "CU", "char", "uchar", "short", "ushort",
                                                            "int", "uint", "long", "ulong", "float", "double",
                                                            "dim3", "surface", "texture"))}
    for kind in out:
        out[kind] = {n for n in out[kind] if not n.startswith("__") or kind == "macro"}
    return out


def ours(include):
    """Identifiers and macro names of our cuda_runtime.h, preprocessed as C++."""
    have = [h for h in ("cuda_texture_types.h", "surface_types.h", "texture_types.h", "channel_descriptor.h")
            if os.path.exists(os.path.join(include, "cuda", h))]
    src = "#include <cuda_runtime.h>\n" + "".join("#include <%s>\n" % h for h in have)
    cxx = os.environ.get("CXX_FOR_PARITY", "clang++")
    res = subprocess.run([cxx, "-x", "c++", "-std=c++17", "-E", "-dD", "-I", os.path.join(include, "cuda"),
                          "-I", include, "-"], input=src, capture_output=True, text=True)
    if res.returncode:
        sys.stderr.write(res.stderr)
        sys.exit(2)
    macros = set(re.findall(r"^#define\s+(\w+)", res.stdout, flags=re.M))
    tokens = set(re.findall(r"\b\w+\b", re.sub(r"^#.*$", "", res.stdout, flags=re.M)))
    return tokens, macros


# Structs whose layout programs depend on (sizeof, copies, offsets printed by
# deviceQuery-style code): every member NVIDIA's header gives must be ours at
# the same offset with the same size, and the struct the same size.
LAYOUT = ["cudaDeviceProp", "cudaPointerAttributes", "cudaFuncAttributes", "cudaChannelFormatDesc",
          "cudaExtent", "cudaPitchedPtr", "cudaPos", "cudaMemcpy3DParms", "cudaMemcpy3DPeerParms",
          "cudaKernelNodeParams", "cudaMemsetParams", "cudaHostNodeParams", "cudaLaunchConfig_st",
          "cudaMemPoolProps", "cudaMemLocation", "cudaMemAccessDesc", "cudaAccessPolicyWindow",
          "cudaMemAllocNodeParams", "cudaGraphInstantiateParams_st", "cudaTextureDesc",
          "cudaResourceViewDesc", "cudaKernelNodeParamsV2", "cudaMemcpyNodeParams",
          "cudaMemsetParamsV2", "cudaHostNodeParamsV2", "cudaChildGraphNodeParams",
          "cudaEventRecordNodeParams", "cudaEventWaitNodeParams", "cudaMemAllocNodeParamsV2",
          "cudaMemFreeNodeParams", "cudaConditionalNodeParams", "cudaExternalMemoryBufferDesc",
          "cudaExternalMemoryMipmappedArrayDesc", "cudaExternalSemaphoreSignalNodeParams",
          "cudaExternalSemaphoreWaitNodeParams", "cudaArrayMemoryRequirements", "cudaMemcpyAttributes",
          "cudaOffset3D", "cudalibraryHostUniversalFunctionAndDataTable",
          ("cudaGraphNodeParams", ["type", "kernel", "memcpy", "memset", "host", "graph", "eventWait",
                                   "eventRecord", "alloc", "free", "conditional", "reserved2"])]


def members_of(path, struct):
    """Member names of NVIDIA's struct (arrays by name), in order; none for one that nests."""
    body = strip_comments(open(path, encoding="utf-8", errors="replace").read())
    m = re.search(r"\bstruct\s+(?:__device_builtin__\s+)?%s\s*\{([^{}]*)\}\s*\w*\s*;" % struct, body, flags=re.S)
    if not m:
        return []
    return [d.group(1) for d in re.finditer(r"(\w+)\s*(?:\[[^\]]*\])*\s*;", m.group(1))]


def members_of_any(cuda_inc, struct):
    for h in ("driver_types.h", "texture_types.h"):
        found = members_of(os.path.join(cuda_inc, h), struct)
        if found:
            return found
    return []


def layout(include_args, structs):
    """{struct: ['sizeof N', 'member offset size', ...]} of structs ({name: members}) compiled
    against include_args in one program, or None and the compiler's errors."""
    src = "#include <stddef.h>\n#include <stdio.h>\n#include <cuda_runtime_api.h>\n#include <texture_types.h>\n" \
          "#define F(s, m) printf(#s \" \" #m \" %zu %zu\\n\", offsetof(struct s, m), " \
          "sizeof(((struct s *)0)->m));\nint main(void) {\n"
    for struct, members in structs.items():
        src += ' printf("%s sizeof %%zu\\n", sizeof(struct %s));\n' % (struct, struct)
        src += "".join(" F(%s, %s)\n" % (struct, m) for m in members)
    src += " return 0;\n}\n"
    cc = os.environ.get("CC_FOR_PARITY", "cc")
    exe = os.path.join(os.environ.get("TMPDIR", "/tmp"), "parity-layout-%d" % os.getpid())
    res = subprocess.run([cc, "-x", "c", "-std=c11", "-o", exe, "-"] + include_args, input=src,
                         capture_output=True, text=True)
    if res.returncode:
        return None, res.stderr
    try:
        run = subprocess.run([exe], capture_output=True, text=True)
    finally:
        os.unlink(exe)
    out = {s: [] for s in structs}
    for line in run.stdout.splitlines():
        struct, rest = line.split(" ", 1)
        out[struct].append(rest)
    return out, run.stderr


def check_layouts(t, cuda_inc, include):
    """One program each side for all the structs; where ours does not compile, one per struct
    (so that the test names the struct that lacks a member)."""
    structs = {}
    for struct in LAYOUT:
        if isinstance(struct, tuple):  # nested unions: the members named here
            structs[struct[0]] = struct[1]
        else:
            structs[struct] = [m for m in members_of_any(cuda_inc, struct) if m != "reserved"]
    theirs, err = layout(["-I", cuda_inc], structs)
    if theirs is None:
        t.ok(False, "layouts: NVIDIA's headers do not compile: %s" % err.strip()[:200])
        return
    ours_args = ["-I", os.path.join(include, "cuda"), "-I", include]
    mine, err = layout(ours_args, structs)
    for struct, members in structs.items():
        if mine is None:
            one, err = layout(ours_args, {struct: members})
            if one is None:
                t.diag(err.strip()[:2000])
                t.ok(False, "layout of %s: a member of NVIDIA's is not ours" % struct)
                continue
            got = one[struct]
        else:
            got = mine[struct]
        bad = [(a, b) for a, b in zip(theirs[struct], got) if a != b]
        for a, b in bad:
            t.diag("  NVIDIA: %s, ours: %s" % (a, b))
        t.ok(members and not bad and len(theirs[struct]) == len(got),
             "layout of %s: %d members at NVIDIA's offsets and sizes, same sizeof" % (struct, len(members)))


def listed(name):
    path = os.path.join(HERE, name)
    out = {}
    for line in open(path, encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if line:
            out[line.split()[0]] = line
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cuda", default=os.environ.get("CUDA_HOME", "/usr/local/cuda"))
    ap.add_argument("--include", default=os.path.join(HERE, "..", "..", "include"))
    ap.add_argument("--figures", action="store_true", help="print the figures per header and kind only")
    a = ap.parse_args()
    inc = os.path.join(a.cuda, "include")
    t = Tap()
    if not all(os.path.exists(os.path.join(inc, h)) for h in HEADERS):
        for h in HEADERS:
            t.skip("no CUDA toolkit at %s (set CUDA_HOME)" % a.cuda, "parity of %s with NVIDIA's" % h)
        return t.done()
    tokens, macros = ours(os.path.abspath(a.include))
    exceptions, todo = listed("parity-exceptions.txt"), listed("parity-todo.txt")
    for h in HEADERS:
        theirs = names_of(os.path.join(inc, h))
        for kind in ("function", "type", "enumerator", "macro"):
            want = sorted(theirs[kind])
            if not want:
                continue
            # cuda_runtime_api.h's macros named like its functions map them to per-thread-stream
            # variants: a function of that name declared is the name declared
            have = [n for n in want if n in macros or
                    (n in tokens and (kind != "macro" or n in theirs["function"] or n[:4] == "cuda"))]
            missing = [n for n in want if n not in have]
            t.diag("%s %ss: %d of %d declared" % (h, kind, len(have), len(want)))
            if a.figures:
                continue
            bad = [n for n in missing if n not in exceptions and n not in todo]
            stale = [n for n in have if n in todo]
            for n in bad:
                t.diag("  missing: %s" % n)
            for n in stale:
                t.diag("  declared now, still in parity-todo.txt: %s" % n)
            t.ok(not bad and not stale, "%s: every %s declared or listed (%d of %d declared, %d listed)" %
                 (h, kind, len(have), len(want), len(missing)))
    if a.figures:
        return 0
    check_layouts(t, inc, os.path.abspath(a.include))
    return t.done()


if __name__ == "__main__":
    sys.exit(main())
