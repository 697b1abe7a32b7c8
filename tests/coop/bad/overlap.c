/* expect: 11:2: error: p2 (warp 1) writes buf[8, 10), which p1 (warp 0) also writes: overlapping writes by two warps */
#include <idxgen_coop.h>
COOP_WARPS(2);
COOP_BUFFER(buf, 32);
static const int32_t src[32];
__attribute__((unused)) static void use(const struct coop_buf *b, long lo, long hi, long a) {(void)b; (void)lo; (void)hi; (void)a;}

void coop_main(void)
{
	coop_copy(0, &buf, 0, 10, src);
	coop_copy(1, &buf, 8, 20, src);
	coop_consume(1, use, &buf, 0, 20, 0);
}
