// Regression (issue 21): an array parameter is a pointer (C and CUDA pass the
// decayed pointer); it used to be unpacked as "float[4][4] m".
__global__ void array_param(float m[4][4], int v[], float *d)
{
	d[threadIdx.x] = m[threadIdx.x % 4][0] + v[threadIdx.x];
}
// CHECK-LABEL: static void array_param__block(
// CHECK: float (*m)[4] = *(float (**)[4])__b->args[0];
// CHECK-NEXT: int *v = *(int **)__b->args[1];
// CHECK-NEXT: float * d = *(float * *)__b->args[2];
// CHECK: static const size_t array_param__arg_sizes[] = { sizeof(float (*)[4]), sizeof(int *), sizeof(float *) };
