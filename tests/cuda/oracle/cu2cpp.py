#!/usr/bin/env python3
"""Test oracle only: turns a .cu file into C++ for include/cuda_runtime.h.

Rewrites the two things a C++ compiler cannot take as macros:
  KERNEL<<<CFG>>>(ARGS)        ->  __cc_launch(__cc_cfg(CFG), [&]() { KERNEL(ARGS); })
  extern __shared__ T NAME[];  ->  T *NAME = reinterpret_cast<T *>(__cc_dynamic_shared());
Comments and string literals are left alone. Usage: cu2cpp.py IN.cu > OUT.cpp
"""
import re
import sys


def mask_comments_and_strings(src):
    """Same length as src, with comments and literals blanked out."""
    out = list(src)
    i, n = 0, len(src)
    while i < n:
        if src.startswith('//', i):
            j = src.find('\n', i)
            j = n if j < 0 else j
        elif src.startswith('/*', i):
            j = src.find('*/', i + 2)
            j = n if j < 0 else j + 2
        elif src[i] in '"\'':
            q, j = src[i], i + 1
            while j < n and src[j] != q:
                j += 2 if src[j] == '\\' else 1
            j += 1
        else:
            i += 1
            continue
        for k in range(i, min(j, n)):
            if out[k] != '\n':
                out[k] = ' '
        i = j
    return ''.join(out)


def kernel_start(m, pos):
    """Start of the kernel expression that ends just before pos."""
    i = pos - 1
    while i >= 0 and m[i].isspace():
        i -= 1
    if i >= 0 and m[i] == '>':  # template arguments
        depth = 0
        while i >= 0:
            if m[i] == '>':
                depth += 1
            elif m[i] == '<':
                depth -= 1
                if depth == 0:
                    break
            i -= 1
        i -= 1
        while i >= 0 and m[i].isspace():
            i -= 1
    while i >= 0 and (m[i].isalnum() or m[i] in '_:'):
        i -= 1
    return i + 1


def matching_paren(m, i):
    depth = 0
    while i < len(m):
        if m[i] == '(':
            depth += 1
        elif m[i] == ')':
            depth -= 1
            if depth == 0:
                return i
        i += 1
    raise SystemExit('cu2cpp: unbalanced parentheses after a launch')


def rewrite_launches(src):
    while True:
        m = mask_comments_and_strings(src)
        at = m.find('<<<')
        if at < 0:
            return src
        end = m.find('>>>', at)
        if end < 0:
            raise SystemExit('cu2cpp: <<< without >>>')
        start = kernel_start(m, at)
        p = end + 3
        while p < len(m) and m[p].isspace():
            p += 1
        if p >= len(m) or m[p] != '(':
            raise SystemExit('cu2cpp: launch without arguments')
        close = matching_paren(m, p)
        kernel = src[start:at].strip()
        cfg = src[at + 3:end]
        args = src[p + 1:close]
        src = (src[:start] + '__cc_launch(__cc_cfg(%s), [&]() { %s(%s); })' % (cfg, kernel, args) +
               src[close + 1:])


EXTERN_SHARED = re.compile(
    r'extern\s+__shared__\s+(?:__align__\s*\(([^()]|\([^()]*\))*\)\s*)?([^;\[]*?)\s*\b(\w+)\s*\[\s*\]\s*;')


def rewrite_extern_shared(src):
    out, last = [], 0
    for mo in EXTERN_SHARED.finditer(mask_comments_and_strings(src)):
        out.append(src[last:mo.start()])
        out.append('%s *%s = reinterpret_cast<%s *>(__cc_dynamic_shared());' % (mo.group(2), mo.group(3), mo.group(2)))
        last = mo.end()
    out.append(src[last:])
    return ''.join(out)


def main():
    with open(sys.argv[1]) as f:
        src = f.read()
    sys.stdout.write('#line 1 "%s"\n' % sys.argv[1])
    sys.stdout.write(rewrite_launches(rewrite_extern_shared(src)))


if __name__ == '__main__':
    main()
