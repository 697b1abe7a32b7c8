// SPDX-License-Identifier: MIT
/*
 * hang_guard.h: IDXGEN_HANG_GUARD_S may shorten an in-guest test's wait
 * bound and nothing else (TAP; run by test-hang-guard.sh on the host).
 */
#include <stdlib.h>

#include "hang_guard.h"
#include "tap.h"

static void expect(const char *value, int fallback, int want, const char *what)
{
	int got;

	if (value)
		setenv("IDXGEN_HANG_GUARD_S", value, 1);
	else
		unsetenv("IDXGEN_HANG_GUARD_S");
	got = hang_guard_s(fallback);
	tap_ok(got == want, "IDXGEN_HANG_GUARD_S=%s: %d s of %d (want %d): %s",
	       value ? value : "(unset)", got, fallback, want, what);
}

int main(void)
{
	expect(NULL, 1500, 1500, "unset: the debug kernel's bound");
	expect("300", 1500, 300, "the stock kernel's shorter bound");
	expect("5000", 1500, 1500, "a longer value cannot outlast the suite's guard");
	expect("0", 1500, 1500, "zero is no bound: ignored");
	expect("-5", 1500, 1500, "negative: ignored");
	expect("soon", 1500, 1500, "not a number: ignored");
	return tap_done();
}
