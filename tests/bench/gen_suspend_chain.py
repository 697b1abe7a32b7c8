#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""gen_suspend_chain.py N G > chain.cu: a large program for the translator's
search for functions that suspend (lib/cc/fiber_plan.c, fiber_names_find, a
fixed point): a chain of N __device__ helpers, each defined before the one it
calls, the last one waiting at a barrier, so that each round of the fixed
point finds one more; G template helpers with dependent member calls that
never suspend, asked about each round.  Time `idxgen-cc --emit-cxx -o
/dev/null chain.cu` (lib/cc/README.md: 400 800, 19.6 s of CPU before the
search kept what it read, 1.2 s after)."""
import sys
n, g = int(sys.argv[1]), int(sys.argv[2])
o = ['#include <cuda_runtime.h>', '#include <cstdio>', '',
     'struct Scale {', '\tfloat k;', '\t__device__ float get(float y) const { return k * y; }', '};', '']
for i in range(n + 1):
    o.append(f'__device__ float chain{i}(float *s, float x);')
for j in range(g):
    o += [f'template <class V> __device__ float plain{j}(const V &v, float y)', '{',
          f'\tfloat a = v.get(y) + {j}.0f;', '\tfor (int i = 0; i < 3; i++)',
          f'\t\ta = a * 0.5f + v.get(a) - {j % 7}.0f;', '\treturn a;', '}', '']
for i in range(n, 0, -1):
    o += [f'__device__ float chain{i}(float *s, float x)', '{', '\tScale sc = { 0.5f };',
          f'\tfloat y = plain{i % g}(sc, x) + 1.0f;', f'\treturn chain{i - 1}(s, y) - 1.0f;', '}', '']
o += ['__device__ float chain0(float *s, float x)', '{', '\ts[threadIdx.x] = x;', '\t__syncthreads();',
      '\treturn s[(threadIdx.x + 1) % blockDim.x];', '}', '',
      '__global__ void run(float *out)', '{', '\t__shared__ float s[64];',
      f'\tout[threadIdx.x] = chain{n}(s, (float)threadIdx.x);', '}', '',
      'int main()', '{', '\tfloat *d;', '\tcudaMalloc(&d, 64 * sizeof(float));', '\trun<<<1, 64>>>(d);',
      '\tcudaDeviceSynchronize();', '\tprintf("done\\n");', '\treturn 0;', '}']
print('\n'.join(o))
