/* expect: 11:2: error: while loop: cooperative warps need for loops with constant trip counts */
#include <idxgen_coop.h>
COOP_WARPS(2);
COOP_BUFFER(buf, 32);
static const int32_t src[32];

void coop_main(void)
{
	int i = 0;

	while (i < 3)
		coop_copy(0, &buf, 0, 1, src);
}
