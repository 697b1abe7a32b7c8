/* expect: 9:18: error: loop of more than 8192 trips: too many instances to expand */
#include <idxgen_coop.h>
COOP_WARPS(2);
COOP_BUFFER(buf, 32);
static const int32_t src[32];

void coop_main(void)
{
	for (int i = 0; i < 2000000000; i++)
		;
	coop_copy(0, &buf, 0, 1, src);
}
