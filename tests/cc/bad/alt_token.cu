// expect: 5:15: error: 'and' is a C++ alternative token and the output is C: write '&&'
/* Regression (issue 21): alternative tokens were passed through to C. */
__global__ void k(int *d)
{
	if (d[0] > 0 and d[1] > 0)
		d[threadIdx.x] = 1;
}
