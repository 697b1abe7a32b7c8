#!/usr/bin/env python3
"""Lists the CUDA features each program of progs/ uses, by pattern, and
writes features.json and FEATURES.md beside this script. Rerun it after
adding or changing a program (README.md says so); `features.py --check`
exits 1 when the committed files are out of date, `--check --tap` says so
in TAP (lib/cc's `make check` runs it beside the corpus: the lists went
stale when programs were added without it)."""
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# (tag, what it means, pattern over the program's sources)
FEATURES = [
    ('std-headers', 'standard C/C++ headers', r'#include\s*<(stdio|stdlib|math|string|cstdio|cstdlib|cmath|cstring|cassert|cstdint|vector)(\.h)?>'),
    ('math-constants', 'M_PI & co.', r'\bM_(PI|E|SQRT2)\b'),
    ('error-check', 'error-check macro / cudaGetLastError', r'CUDA_CHECK|CHECK\(|checkErrors|cudaGetLastError|cudaPeekAtLastError'),
    ('launch-error', 'launch errors (invalid configuration)', r'cudaErrorInvalidConfiguration'),
    ('constant', '__constant__ memory', r'__constant__'),
    ('symbol-copy', 'cudaMemcpyToSymbol/FromSymbol/GetSymbolAddress', r'cudaMemcpy(To|From)Symbol|cudaGetSymbolAddress'),
    ('device-var', 'file-scope __device__/__managed__ variable', r'^\s*(static\s+)?__(device|managed)__\s+(?!.*\()[\w ]+\s+\w+\s*(\[[^\]]*\])?\s*(=[^;]*)?;'),
    ('builtins-in-device-fn', 'threadIdx/__shared__ inside __device__ functions', r'__device__[^;{]*\)\s*\{[^}]*(threadIdx|__shared__|warpSize)'),
    ('vector-types', 'float4/int2/uchar4/double2 & make_*', r'\b(float|int|uint|uchar|char|double|short|longlong)[1-4]\b'),
    ('templates', 'templates', r'\btemplate\s*<'),
    ('template-block-size', 'kernel templated on a block size', r'template\s*<[^>]*\b(unsigned|int)\s+(BLOCK|N|K)\b'),
    ('cxx', 'classes, references, casts, auto, constexpr, namespaces, nullptr, lambdas', r'\bnamespace\b|\bconstexpr\b|\bnullptr\b|static_cast|\[=\]|\[&\]|\bauto\b'),
    ('pragma-unroll', '#pragma unroll', r'#pragma\s+unroll'),
    ('math-float', 'single-precision math API / fast intrinsics', r'\b(sqrtf|expf|sinf|rsqrtf|__expf|__sinf|__fdividef|__saturatef|fmaf)\b'),
    ('math-double', 'double-precision math API', r'\b(sincos|sinpi|lgamma|tgamma|rsqrt|erfc)\s*\('),
    ('int-intrinsics', '__popc/__clz/__ffs/__brev/__mul24/__umulhi', r'__(popc|clz|ffs|brev|mul24|umulhi|byte_perm|funnelshift)'),
    ('ldg', '__ldg', r'__ldg\s*\('),
    ('threadfence', '__threadfence', r'__threadfence'),
    ('atomics', 'atomicAdd & co.', r'\batomic(Add|Sub|Inc|Dec|CAS|Exch|Min|Max|And|Or|Xor)\s*\('),
    ('atomics-64-double', '64-bit and double atomics, atomicInc/Dec/CAS', r'atomic(Inc|Dec|CAS)\s*\(|->(usum|dsum|smin)'),
    ('device-printf', 'printf in device code', r'__global__[^{]*\{[^}]*printf'),
    ('assert', 'device assert', r'\bassert\s*\('),
    ('streams-events', 'streams, events, async copies, pinned memory', r'cudaStreamCreate|cudaEventRecord|cudaMemcpyAsync|cudaMallocHost'),
    ('graphs', 'CUDA graphs, stream capture, host functions in streams', r'cudaGraph|cudaStreamBeginCapture|cudaLaunchHostFunc|cudaStreamAddCallback'),
    ('graph-conditional', 'conditional graph nodes (cudaGraphSetConditional, if/while/switch)', r'cudaGraphConditionalHandle|cudaGraphSetConditional'),
    ('simd-in-word', 'SIMD-in-a-word and DPX intrinsics (__vadd2, __vcmpgtu4, __vimax3_s32, ...)', r'__v(add|sub|abs|avg|hadd|cmp|set|max|min|neg|sad)\w*\d\s*\(|__vi(add|max|min|bmax|bmin)\w*\s*\('),
    ('implicit-includes', 'no #include for what nvcc\'s implicit cuda_runtime.h or a library header makes visible (std::llabs, strcasecmp, printf through cusparse.h)', r'\bstrcasecmp\s*\('),
    ('nv-atomics', 'CUDA 12.8 scoped atomics (__nv_atomic_fetch_add, __NV_ATOMIC_RELAXED, ...)', r'__nv_atomic_\w+\s*\('),
    ('cache-hints', 'cache-hinted loads and stores (__stcs, __stcg, __ldlu, __ldcv, ...)', r'__(st(cs|cg|wb|wt)|ld(lu|cv))\s*\('),
    ('directed-rounding', 'arithmetic/conversion intrinsics with _rz/_ru/_rd rounding', r'__(f|d)(add|sub|mul|div|rcp|sqrt)_r[zud]\b|__fmaf?_r[zud]\b|2(float|double)_r[zud]\b'),
    ('libcu-sync', 'libcu++ barriers and pipelines (cuda::barrier, cuda::pipeline, cuda::memcpy_async)', r'cuda::(barrier|pipeline|memcpy_async|make_pipeline)'),
    ('libcu-std', 'libcu++ cuda::std and cuda::atomic_ref', r'cuda::std::|cuda::atomic'),
    ('nvtx', 'NVTX annotations (nvtxRangePush/Pop, nvtx3::scoped_range)', r'\bnvtx\w+\s*\(|nvtx3::'),
    ('textures', 'texture and surface objects (tex1Dfetch, tex1D/2D/3D, surf2Dread/write)', r'cudaCreateTextureObject|cudaCreateSurfaceObject|\btex[123]D|\bsurf[123]D'),
    ('cubemaps', 'cubemap textures and surfaces (texCubemap, texCubemapLayered, surfCubemapwrite)', r'texCubemap|surfCubemap'),
    ('library-guards', 'NVIDIA\'s include-guard macros of the library headers tested to pick overloads (CUBLAS_API_H_, _CUFFT_H_, CUSPARSEAPI, as helper_cuda.h)', r'#ifdef\s+(CUBLAS_API_H_|_CUFFT_H_|CURAND_H_|CUSPARSEAPI|CUSOLVER_COMMON_H_)'),
    ('device-malloc', 'malloc/free/new/delete in device code (heap sized by cudaLimitMallocHeapSize)', r'cudaLimitMallocHeapSize'),
    ('managed', 'cudaMallocManaged / __managed__', r'cudaMallocManaged|__managed__'),
    ('multi-kernel', 'several kernels in one program', None),
    ('multi-file', 'several source files (.cu + .cpp)', None),
    ('dynamic-shared', 'extern __shared__ with a launch size', r'extern\s+__shared__'),
    ('static-shared', '__shared__ arrays', r'(?<!extern )__shared__'),
    ('grid-2d-3d', '2-D/3-D grids and blocks (dim3)', r'dim3\s*\w*\s*\(\s*[^,()]+,\s*[^,()]+'),
    ('argv', 'command-line arguments', r'\bargv\b'),
    ('rand-inputs', 'srand/rand inputs', r'\bsrand\s*\('),
    ('device-props', 'cudaGetDeviceProperties', r'cudaGetDeviceProperties'),
    ('memory-api', 'cudaMemset/cudaMemcpy2D/cudaMallocPitch/cudaMemGetInfo', r'cudaMemset|cudaMemcpy2D|cudaMallocPitch|cudaMemGetInfo'),
    ('launch-api', 'cudaLaunchKernel, cudaFuncSetAttribute, occupancy calls', r'cudaLaunchKernel|cudaFuncSetAttribute|cudaOccupancy'),
    ('block-votes', '__syncthreads_count/_and/_or', r'__syncthreads_(count|and|or)'),
    ('warp-shfl', '__shfl*_sync', r'__shfl(_up|_down|_xor)?_sync'),
    ('warp-vote', '__ballot_sync/__any_sync/__all_sync', r'__(ballot|any|all)_sync'),
    ('warp-sync', '__syncwarp/__activemask', r'__syncwarp|__activemask'),
    ('warp-match-reduce', '__match_*_sync/__reduce_*_sync', r'__match_(any|all)_sync|__reduce_(add|min|max|and|or|xor)_sync'),
    ('warp-size', 'warpSize', r'\bwarpSize\b'),
    ('cg-block', 'cooperative_groups::this_thread_block', r'this_thread_block'),
    ('cg-tiles', 'cooperative_groups tiled_partition', r'tiled_partition'),
    ('cg-reduce', 'cooperative_groups::reduce', r'cg::reduce'),
    ('partial-warps', 'blocks not a multiple of 32 with warp functions', r'dim3\(\d+\), dim3\(100\)|threads = 80'),
    ('expected-output', 'stdout compared with NAME.expected', None),
]


def programs():
    progs = os.path.join(HERE, 'progs')
    for name in sorted(os.listdir(progs)):
        path = os.path.join(progs, name)
        if name.endswith('.cu'):
            yield name[:-3], [path]
        elif os.path.isdir(path):
            yield name, sorted(os.path.join(path, f) for f in os.listdir(path)
                               if f.endswith(('.cu', '.cpp', '.c', '.h')))


def describe(name, files):
    text = ''.join(open(f).read() for f in files)
    first = open(files[0] if files[0].endswith('.cu') else
                 next(f for f in files if f.endswith('.cu'))).read()
    summary = ' '.join(l[2:].strip() for l in first.splitlines() if l.startswith('//'))
    tags = []
    for tag, _, rx in FEATURES:
        if rx is None:
            hit = {'multi-kernel': len(re.findall(r'__global__', text)) > 1,
                   'multi-file': len(files) > 1,
                   'expected-output': os.path.exists(os.path.join(HERE, 'progs', name + '.expected'))}[tag]
        else:
            hit = re.search(rx, text, re.M | re.S if tag in ('device-printf', 'builtins-in-device-fn') else re.M)
        if hit:
            tags.append(tag)
    return {'name': name, 'sources': [os.path.relpath(f, HERE) for f in files if not f.endswith('.h')],
            'summary': summary, 'features': tags}


def render():
    progs = [describe(n, f) for n, f in programs()]
    js = json.dumps({'features': {t: d for t, d, _ in FEATURES}, 'programs': progs}, indent=1) + '\n'
    md = ['# Features per program', '',
          'Generated by `features.py` from patterns over the sources (a tag means the program uses the',
          'feature; the summary is the program\'s own header comment).', '',
          '| program | features |', '|---|---|']
    for p in progs:
        md.append('| %s | %s |' % (p['name'], ', '.join(p['features'])))
    md += ['', '## Programs per feature', '', '| feature | meaning | programs |', '|---|---|---|']
    for t, d, _ in FEATURES:
        users = [p['name'] for p in progs if t in p['features']]
        md.append('| %s | %s | %d: %s |' % (t, d, len(users), ', '.join(users)))
    md += ['', '## What each program does', '']
    for p in progs:
        md.append('- **%s** (%s): %s' % (p['name'], ' '.join(p['sources']), p['summary']))
    return js, '\n'.join(md) + '\n'


def main():
    js, md = render()
    targets = {os.path.join(HERE, 'features.json'): js, os.path.join(HERE, 'FEATURES.md'): md}
    if '--check' in sys.argv:
        stale = [p for p, t in targets.items() if not os.path.exists(p) or open(p).read() != t]
        if '--tap' in sys.argv:
            for i, p in enumerate(targets, 1):
                name = 'tests/cuda/' + os.path.basename(p)
                print('%s %d - %s matches progs/%s' % ('not ok' if p in stale else 'ok', i, name,
                      ' (out of date: run tests/cuda/features.py)' if p in stale else ''))
            print('1..%d' % len(targets))
            print('# %d passed, %d failed, 0 skipped, 0 expected failures'
                  % (len(targets) - len(stale), len(stale)))
        else:
            for p in stale:
                print('%s is out of date: run tests/cuda/features.py' % p)
        sys.exit(1 if stale else 0)
    for p, t in targets.items():
        with open(p, 'w') as f:
            f.write(t)


if __name__ == '__main__':
    main()
