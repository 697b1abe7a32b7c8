/* expect: 11:13: error: warp number 3 out of range: COOP_WARPS(3) allows 0..2 */
#include <idxgen_coop.h>
COOP_WARPS(3);
COOP_BUFFER(buf, 32);
static const int32_t src[32];
__attribute__((unused)) static void use(const struct coop_buf *b, long lo, long hi, long a) {(void)b; (void)lo; (void)hi; (void)a;}

void coop_main(void)
{
	for (int w = 0; w < 4; w++)
		coop_copy(w, &buf, 8 * w, 8 * w + 8, src);
}
