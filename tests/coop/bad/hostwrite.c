/* expect: 9:15: error: coop_copy on device buffer 'dv': only the device writes index memory */
#include <idxgen_coop.h>
COOP_WARPS(2);
COOP_DEVBUFFER(dv, 32);
static const int32_t src[32];

void coop_main(void)
{
	coop_copy(0, &dv, 0, 8, src);
}
