// SPDX-License-Identifier: MIT
// Includes a system header that does not parse (broken.h); see whole.sh.
#include "broken.h"

__global__ void k(int *a) { a[threadIdx.x] = 1; }

int main() { return 0; }
