/* expect: 9:33: error: use of undeclared identifier 'srcc' */
#include <idxgen_coop.h>
COOP_WARPS(2);
COOP_BUFFER(buf, 32);
static const int32_t src[32];

void coop_main(void)
{
	coop_copy(0, &buf, 0, 8, src + srcc);
}
