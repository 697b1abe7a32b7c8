// expect: 4:13: error: use of undeclared identifier 'y'
__global__ void k(int *d)
{
	d[0] = 1 + y;
}
