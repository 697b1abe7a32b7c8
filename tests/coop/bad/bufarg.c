/* expect: 10:15: error: buffer argument must be &NAME of a COOP_BUFFER or COOP_DEVBUFFER */
#include <idxgen_coop.h>
COOP_WARPS(2);
COOP_BUFFER(buf, 32);
static const int32_t src[32];
static struct coop_buf *pick(void) { return &buf; }

void coop_main(void)
{
	coop_copy(0, pick(), 0, 8, src);
}
