/* expect: 10:13: error: warp number 2 out of range: COOP_WARPS(2) allows 0..1 */
#include <idxgen_coop.h>
COOP_WARPS(2);
COOP_BUFFER(buf, 32);
static const int32_t src[32];

void coop_main(void)
{
	for (int i = 0; i < 4; i++)
		coop_copy(2, &buf, 8 * i, 8 * i + 8, src);
}
