// A program whose kernels live partly in a header one folder up, included
// as "../common/grid_helpers.h" (every CUDA by Example program includes
// "../common/book.h", which defines the float_to_color kernels).  Such a
// header was refused: "kernels defined in ./../common/grid_helpers.h, a file
// outside the program's folder, are not supported" (exit 1).  Its
// translation is now written where the translated main file's quoted include
// finds it first.  The header's kernel and the program's own, checked
// against the same levels computed on the host.
#include "../common/grid_helpers.h"

#define DIM 64

__global__ void ramp(float *v)
{
	int x = threadIdx.x + blockIdx.x * blockDim.x;
	int y = threadIdx.y + blockIdx.y * blockDim.y;

	v[x + y * DIM] = (float)((x * 7 + y * 3) % 97) / 96.0f;
}

static unsigned char host_level(float v, int shift)
{
	int l = (int)(v * 255.0f) + shift;
	return (unsigned char)(l < 0 ? 0 : l > 255 ? 255 : l);
}

int main(void)
{
	float *dev_v;
	unsigned char *dev_rgba, rgba[DIM * DIM * 4];
	dim3 blocks(DIM / 16, DIM / 16), threads(16, 16);

	CHECK_CALL(cudaMalloc((void **)&dev_v, DIM * DIM * sizeof(float)));
	CHECK_CALL(cudaMalloc((void **)&dev_rgba, sizeof(rgba)));
	ramp<<<blocks, threads>>>(dev_v);
	to_levels<<<blocks, threads>>>(dev_rgba, dev_v);
	CHECK_CALL(cudaMemcpy(rgba, dev_rgba, sizeof(rgba), cudaMemcpyDeviceToHost));
	int bad = 0;
	for (int y = 0; y < DIM; y++)
		for (int x = 0; x < DIM; x++) {
			float v = (float)((x * 7 + y * 3) % 97) / 96.0f;
			const unsigned char *p = rgba + (x + y * DIM) * 4;

			bad += p[0] != host_level(v, 10) || p[1] != host_level(v, 0) || p[2] != host_level(v, -10) ||
			       p[3] != 255;
		}
	cudaFree(dev_v);
	cudaFree(dev_rgba);
	printf("%d of %d pixels wrong\n%s\n", bad, DIM * DIM, bad ? "FAIL" : "PASS");
	return bad != 0;
}
