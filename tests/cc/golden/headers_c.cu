// Regression (issue 21): the standard C headers failed inside glibc (the
// built-in declarations of printf, sqrt, abs... clashed with glibc's).
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

__global__ void headers_c(float *d)
{
	d[threadIdx.x] = sqrtf(d[threadIdx.x]) + (float)fabs(-1.0) + (float)abs(-2);
	if (threadIdx.x == 0)
		printf("%f\n", (double)d[0]);
}
// CHECK: #include <stdio.h>
// CHECK-NEXT: #include <stdlib.h>
// CHECK-NEXT: #include <math.h>
// CHECK-LABEL: static void headers_c__block(
// CHECK: d[threadIdx.x] = sqrtf(d[threadIdx.x]) + (float)fabs(-1.0) + (float)abs(-2);
