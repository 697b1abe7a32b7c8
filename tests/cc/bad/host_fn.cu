// expect: 2:5: error: function 'host' is neither __global__ nor __device__
int host(int x)
{
	return x;
}
