/* expect: 9:26: error: loop increment must be v++, ++v or v += POSITIVE_CONSTANT */
#include <idxgen_coop.h>
COOP_WARPS(2);
COOP_BUFFER(buf, 32);
static const int32_t src[32];

void coop_main(void)
{
	for (int i = 4; i < 10; i--)
		coop_copy(0, &buf, i, i + 1, src);
}
