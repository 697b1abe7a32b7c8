// Regression (issue 21): the C++ names of the C headers (<cstdio>, <cmath>)
// failed like <stdio.h>; the C includes their C names.
#include <cstdio>
#include <cmath>
#include <cstdlib>
#if 0	/* not included: neither diagnosed nor changed */
#include <vector>
#endif

__global__ void headers_cxx(float *d)
{
	d[threadIdx.x] = sqrtf(d[threadIdx.x]) + expf(1.0f);
	if (threadIdx.x == 0)
		printf("%f\n", (double)d[0]);
}
// CHECK: #include <stdio.h>
// CHECK-NEXT: #include <math.h>
// CHECK-NEXT: #include <stdlib.h>
// CHECK-NEXT: #if 0
// CHECK-NEXT: #include <vector>
// CHECK-LABEL: static void headers_cxx__block(
