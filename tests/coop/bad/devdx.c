/* expect: 8:34: error: dx must be a positive constant dividing the range length 10 */
#include <idxgen_coop.h>
COOP_WARPS(2);
COOP_DEVBUFFER(dv, 32);

void coop_main(void)
{
	coop_dev_produce(0, &dv, 0, 10, 3);
}
