/* expect: 9:18: error: loop never reaches its bound */
#include <idxgen_coop.h>
COOP_WARPS(2);
COOP_BUFFER(buf, 32);
static const int32_t src[32];

void coop_main(void)
{
	for (int i = 1; i != 4; i += 2)
		coop_copy(0, &buf, i, i + 1, src);
}
