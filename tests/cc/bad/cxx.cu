// expect: 4:9: error: CXXNewExpr is outside the subset
__global__ void k(int **d)
{
	d[0] = new int[4];
}
