// A kernel parameter of reference type travels as the address it binds to,
// as in the PTX ABI (the unified-memory blog post's `DataElement &elem` on a
// managed object): its slot in the launch's argument array is a pointer,
// sized so; the host stub keeps the referent's address in a local for the
// array to point at, and the block reads the reference through it.  Before,
// the C++ written spelled `sizeof(T &)` (the referent's size: a copy) and
// `*(T & *)__b->args[0]`, which does not compile.
struct Acc {
	int n;
	float s;
};

__global__ void bump(Acc &a, const float &v)
{
	if (threadIdx.x == 0)
		atomicAdd(&a.s, v);
}

int main()
{
	return 0;
}

// CXX: Acc & a = **(__typeof__(Acc) * *)__b->args[0];
// CXX: const float & v = **(__typeof__(const float) * *)__b->args[1];
// CXX: bump__arg_sizes[] = { sizeof(__typeof__(Acc) *), sizeof(__typeof__(const float) *) };
// CXX: bump__arg_aligns[] = { alignof(__typeof__(Acc) *), alignof(__typeof__(const float) *) };
// CXX: __typeof__(Acc) *__idxgen_ref_a = __builtin_addressof(a);
// CXX: __typeof__(const float) *__idxgen_ref_v = __builtin_addressof(v);
// CXX: void *__args[] = { (void *)&__idxgen_ref_a, (void *)&__idxgen_ref_v };
