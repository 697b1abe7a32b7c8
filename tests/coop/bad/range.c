/* expect: 9:21: error: range [30, 40) is outside buffer 'buf' of 32 elements */
#include <idxgen_coop.h>
COOP_WARPS(2);
COOP_BUFFER(buf, 32);
static const int32_t src[32];

void coop_main(void)
{
	coop_copy(0, &buf, 30, 40, src);
}
