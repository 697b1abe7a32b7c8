// A member template of a dependent type named without `template` (nvcc's
// front end takes the `<` as template arguments when it instantiates; clang
// reads a less-than): edg_compat.c inserts the keyword after `::`, `.` and
// `->`, each name where the statement (or the #define body of the macro
// used there) writes it, and nowhere else -- not
// where `template` is written already, not in a comment, not in a string,
// not a non-dependent call, and not in the statement after.
template <typename T>
struct table {
	T v[8];
	template <int I> __host__ __device__ T at(T s) const { return v[I] * s; }
	template <int I> __host__ __device__ static int slot(int b) { return b + I; }
};

__host__ __device__ int plain_slot(int b) { return b; }

#define SLOT(Tab, b) Tab::slot<7>(b)

template <typename Tab, typename T>
__global__ void lookup(Tab t, T *out, const char **msg)
{
	const Tab *p = &t;
	int i = threadIdx.x;

	out[i] = t.at<1>((T)i) + p->at<2>((T)1) /* t.at<3>(x) */ + (T)Tab::slot<4>(i);
	out[i] += t.template at<5>((T)2) + (T)plain_slot(i);
	*msg = "t.at<6>(x)";
	out[i] += (T)(i < 3) + (T)SLOT(Tab, i);
}

void run(float *out, const char **msg)
{
	table<float> t = { { 1, 2, 3, 4, 5, 6, 7, 8 } };

	lookup<<<1, 32>>>(t, out, msg);
}
// CXX: #define SLOT(Tab, b) Tab::template slot<7>(b)
// CXX: out[i] = t.template at<1>((T)i) + p->template at<2>((T)1) /* t.at<3>(x) */ + (T)Tab::template slot<4>(i);
// CXX-NEXT: out[i] += t.template at<5>((T)2) + (T)plain_slot(i);
// CXX-NEXT: *msg = "t.at<6>(x)";
// CXX-NEXT: out[i] += (T)(i < 3) + (T)SLOT(Tab, i);
