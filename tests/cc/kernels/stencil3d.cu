/* 7-point 3-D stencil on the interior of an nx x ny x nz grid (3-D blocks). */
__global__ void stencil3d(const int *in, int *out, int nx, int ny, int nz)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	int z = blockIdx.z * blockDim.z + threadIdx.z;
	long i = ((long)z * ny + y) * nx + x;

	if (x >= nx || y >= ny || z >= nz)
		return;
	if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1) {
		out[i] = in[i];
		return;
	}
	out[i] = 6 * in[i] - in[i - 1] - in[i + 1] - in[i - nx] - in[i + nx] - in[i - (long)nx * ny] -
		 in[i + (long)nx * ny];
}
