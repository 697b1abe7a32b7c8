/* expect: 12:3: error: c2 reads buf[10, 20), which no earlier producer writes */
#include <idxgen_coop.h>
COOP_WARPS(2);
COOP_BUFFER(buf, 32);
static const int32_t src[32];
__attribute__((unused)) static void use(const struct coop_buf *b, long lo, long hi, long a) {(void)b; (void)lo; (void)hi; (void)a;}

void coop_main(void)
{
	coop_copy(0, &buf, 0, 10, src);
	for (int i = 0; i < 2; i++)
		coop_consume(1, use, &buf, 0, 10 + 10 * i, i);
}
