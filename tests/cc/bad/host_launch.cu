// expect: 9:3: error: a kernel launch <<<...>>> in host code: idxgen-cc translates kernels, not host code (compile the host code as C and launch with idxgen_rt_launch() or idxgen_module_load())
/* Regression (issue 21): a host-side launch was reported as "dynamic parallelism in device code". */
__global__ void k(float *d)
{
	d[threadIdx.x] = 1.0f;
}
void host(float *d)
{
	k<<<1, 64>>>(d);
}
