/* expect: 11:22: error: loop bound is not a compile-time constant */
#include <idxgen_coop.h>
COOP_WARPS(2);
COOP_BUFFER(buf, 32);
static const int32_t src[32];
int n = 3;
__attribute__((unused)) static void use(const struct coop_buf *b, long lo, long hi, long a) {(void)b; (void)lo; (void)hi; (void)a;}

void coop_main(void)
{
	for (int i = 0; i < n; i++)
		coop_copy(0, &buf, i, i + 1, src);
}
