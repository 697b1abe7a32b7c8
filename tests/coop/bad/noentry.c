/* expect: 1:1: error: no definition of coop_main() in this file */
#include <idxgen_coop.h>
COOP_WARPS(2);
COOP_BUFFER(buf, 32);
static const int32_t src[32];

void other(void)
{
	coop_copy(0, &buf, 0, 8, src);
}
