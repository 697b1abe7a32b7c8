#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Write include/cuda/idxgen_cublas_64.h: cuBLAS 12's 64-bit-size calls.

cuBLAS 12 declares a `_64` form of most calls (cublasSgemm_64,
cublasIsamax_64, ...): every int size, increment, leading dimension and
batch count an int64_t, and the integer result of I?amax/I?amin an
int64_t.  Ours are static inline forwarders to the int calls, written from
our own declarations (cublas_api.h, preprocessed), so no signature is typed
twice: a value outside int's range is CUBLAS_STATUS_NOT_SUPPORTED (the
BLAS under lib/cublas takes 32-bit integers), the rest is the int call.
The calls that get a 64-bit form are named in calls-64.txt (the base name,
and "v2" where cuBLAS spells the 64-bit name NAME_v2_64).  Parameter names
are reserved identifiers (`__n`), so that no user macro reaches them.

    gen-64.py INCLUDE_DIR CALLS_FILE > idxgen_cublas_64.h
"""
import re
import subprocess
import sys


def prototypes(include):
    src = "#define IDXGEN_CUBLAS_NO_64\n#include <cublas_api.h>\n"
    pp = subprocess.run(["cc", "-E", "-P", "-x", "c", "-I", include + "/cuda", "-I", include, "-"], input=src,
                        capture_output=True, text=True, check=True).stdout
    protos = {}
    for m in re.finditer(r"cublasStatus_t\s+(cublas\w+)\s*\(([^;{]*?)\)\s*;", pp, flags=re.S):
        protos.setdefault(m.group(1), [" ".join(p.split()) for p in m.group(2).split(",")])
    return protos


def param(p):
    """(type text before the name, name, suffix such as "[]")"""
    m = re.match(r"(.*?)(\w+)\s*(\[\])?$", p)
    return m.group(1).strip(), m.group(2), m.group(3) or ""


def wrapper(name, params):
    decl, checks, args, pre, post = [], [], [], [], []
    for p in params:
        t, n, suffix = param(p)
        local = "__" + n
        if t == "int":
            decl.append("int64_t " + local)
            checks.append("!__idxgen_cublas_fits_int(%s)" % local)
            args.append("(int)" + local)
        elif t == "int *":  # the index results of I?amax, I?amin
            decl.append("int64_t *" + local)
            pre.append("int %s_int = 0;" % local)
            args.append("%s ? &%s_int : (int *)0" % (local, local))
            post.append("if (__st == CUBLAS_STATUS_SUCCESS && %s)\n\t\t*%s = %s_int;" % (local, local, local))
        else:
            decl.append("%s%s%s%s" % (t, "" if t.endswith("*") else " ", local, suffix))
            args.append(local)
    out = ["static inline cublasStatus_t %s_64(%s)" % (name, ", ".join(decl)), "{"]
    for line in pre:
        out.append("\t" + line)
    if checks:
        out.append("\tif (%s)" % " ||\n\t    ".join(checks))
        out.append("\t\treturn CUBLAS_STATUS_NOT_SUPPORTED;")
    call = "%s(%s)" % (name, ", ".join(args))
    if post:
        out.append("\tcublasStatus_t __st = %s;" % call)
        out.extend("\t" + line for line in post)
        out.append("\treturn __st;")
    else:
        out.append("\treturn %s;" % call)
    out.append("}")
    return "\n".join(out)


def main():
    include, calls = sys.argv[1], sys.argv[2]
    protos = prototypes(include)
    print("/* SPDX-License-Identifier: MIT */")
    print("/*")
    print(" * idxgen_cublas_64.h - cuBLAS 12's 64-bit-size calls (cublasSgemm_64, ...) as")
    print(" * forwarders to the int calls; written by lib/cublas/gen-64.py from")
    print(" * cublas_api.h and lib/cublas/calls-64.txt (make -C lib/cublas gen-64):")
    print(" * do not edit.  Included by cublas_api.h.")
    print(" */")
    print("#ifndef IDXGEN_CUDA_IDXGEN_CUBLAS_64_H")
    print("#define IDXGEN_CUDA_IDXGEN_CUBLAS_64_H")
    print()
    print("#include <stdint.h>")
    print("#include \"cublas_api.h\" /* alone: the declarations first (they include this file back: a no-op) */")
    print()
    print("/* the BLAS under lib/cublas takes 32-bit integers */")
    print("static inline int __idxgen_cublas_fits_int(int64_t __v)")
    print("{")
    print("\treturn __v >= INT32_MIN && __v <= INT32_MAX;")
    print("}")
    for line in open(calls, encoding="utf-8"):
        words = line.split("#")[0].split()
        if not words:
            continue
        name = words[0]
        if name not in protos:
            sys.exit("gen-64.py: %s is not declared in cublas_api.h" % name)
        print()
        print(wrapper(name, protos[name]))
        if "v2" in words[1:]:
            print("#define %s_v2_64 %s_64" % (name, name))
    print()
    print("#endif")


if __name__ == "__main__":
    main()
