/* expect: 10:2: error: call of 'puts' in a cooperative program */
#include <stdio.h>
#include <idxgen_coop.h>
COOP_WARPS(2);
COOP_BUFFER(buf, 32);
static const int32_t src[32];

void coop_main(void)
{
	puts("hello");
	coop_copy(0, &buf, 0, 1, src);
}
