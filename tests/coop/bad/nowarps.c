/* expect: 1:1: error: no COOP_WARPS(N) declaration in this file */
#include <idxgen_coop.h>
COOP_BUFFER(buf, 32);
static const int32_t src[32];

void coop_main(void)
{
	coop_copy(0, &buf, 0, 8, src);
}
