// SPDX-License-Identifier: MIT
/*
 * Host test of stats.c's figures: the soak's lines claim no share of
 * ioctls that reached a live device (only the fuzzer unbinds the device;
 * the soak's share read 100 % always, a figure that could never say
 * anything), the fuzzer's share is right, and so is its time by
 * operation.  The expected lines are written out by hand from the counts
 * below.  And how a successful job's output that did not verify is counted:
 * excused (failed, not wrong) only when its device was unbound since and the
 * output reads as the zero page or verifies when read again.
 */
#define TAP_SHARED_DEFINE
#include "stress.h"

/* What FN printed to stdout (tap_diag lines), NUL-terminated, into BUF. */
static void captured(void (*fn)(const struct stats *), const struct stats *st, char *buf,
		     size_t len)
{
	FILE *t = tmpfile();
	int saved = dup(STDOUT_FILENO);
	size_t n = 0;

	buf[0] = 0;
	if (!t || saved < 0) {
		tap_diag("no temporary file or no dup: %s", strerror(errno));
		return;
	}
	fflush(stdout);
	dup2(fileno(t), STDOUT_FILENO);
	fn(st);
	fflush(stdout);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	rewind(t);
	n = fread(buf, 1, len - 1, t);
	buf[n] = 0;
	fclose(t);
}

/* 6 successes, 2 ENODEV (a gone instance), 2 EINVAL: 8 of 10 live. */
static struct stats *counted(void)
{
	struct stats *st = stats_new();
	int i;

	for (i = 0; i < 6; i++)
		count(st, 0);
	count(st, -ENODEV);
	count(st, -ENODEV);
	count(st, -EINVAL);
	count(st, -EINVAL);
	return st;
}

static void soak_stats(const struct stats *st)
{
	print_stats(st, "soak", 12);
}

static void fuzz_live(const struct stats *st)
{
	print_live_share(st, "fuzz");
}

TAP_TEST(soak_no_live_share)
{
	char out[4096];

	captured(soak_stats, counted(), out, sizeof(out));
	tap_ok(strstr(out, "# soak: 10 ioctls in 12 s, 0 jobs verified") != NULL,
	       "soak: its ioctl count and jobs line");
	tap_ok(strstr(out, "#   success      6\n") != NULL, "soak: the successes by errno");
	tap_ok(strstr(out, "#   ENODEV       2\n") != NULL, "soak: ENODEV by errno");
	tap_ok(strstr(out, "reached a live device") == NULL,
	       "soak: no share of ioctls that reached a live device (the soak never unbinds)");
}

TAP_TEST(fuzz_live_share)
{
	char out[4096];

	captured(fuzz_live, counted(), out, sizeof(out));
	tap_ok(!strcmp(out, "# fuzz: 80.0 % of the ioctls reached a live device (2 ENODEV, 0 files "
			    "reopened on the device after it, 0 waits for it to be bound again)\n"),
	       "fuzz: 8 of 10 ioctls reached a live device: 80.0 %%");
}

TAP_TEST(fuzz_live_share_none)
{
	char out[4096];

	captured(fuzz_live, stats_new(), out, sizeof(out));
	tap_ok(out[0] == 0, "fuzz: no share printed before any ioctl (no division by zero)");
}

static void fuzz_time(const struct stats *st)
{
	print_time_by_op(st, "fuzz", 8);
}

/*
 * The time by operation: get_param 4 in 1 s, user queues 2 in 3 s (the
 * workers' 4 s: 25 % and 75 %), a rebind of 2.5 s in the chaos process
 * (beside them, not in the workers' total), kinds never run not shown.
 */
TAP_TEST(fuzz_time_by_op)
{
	struct stats *st = stats_new();
	char out[4096];

	st->op_n[FZ_OP_GET_PARAM] = 4;
	st->op_ns[FZ_OP_GET_PARAM] = 1000000000;
	st->op_n[FZ_OP_UQ] = 2;
	st->op_ns[FZ_OP_UQ] = 3000000000;
	st->op_n[FZ_OP_REBIND] = 1;
	st->op_ns[FZ_OP_REBIND] = 2500000000;
	captured(fuzz_time, st, out, sizeof(out));
	if (!tap_ok(
		!strcmp(out,
			"# fuzz: time by operation (8 workers' wall time together: 4 s)\n"
			"#   get_param                4  mean    250.00 ms       1.0 s   25.0 %\n"
			"#   user_queue               2  mean   1500.00 ms       3.0 s   75.0 %\n"
			"#   chaos:rebind             1  mean   2500.00 ms       2.5 s  (chaos "
			"process)\n"),
		"fuzz: time by operation: counts, means, seconds, the workers' shares"))
		tap_diag("printed:\n%s", out);
}

TAP_TEST(fuzz_time_by_op_none)
{
	char out[4096];

	captured(fuzz_time, stats_new(), out, sizeof(out));
	tap_ok(out[0] == 0,
	       "fuzz: no time by operation before any operation (no division by zero)");
}

TAP_TEST(fuzz_count_time)
{
	struct stats *st = stats_new();
	uint64_t t0 = mono_ns();

	usleep(1000);
	count_time(st, FZ_OP_JOB, t0);
	tap_ok(st->op_n[FZ_OP_JOB] == 1 && st->op_ns[FZ_OP_JOB] >= 1000000,
	       "count_time: one operation of at least the 1 ms it slept (%lu ns)",
	       (unsigned long)st->op_ns[FZ_OP_JOB]);
}

/* A 4x2x1 block of 4-byte words at offset 64 of a 256-byte buffer. */
static void small_job(struct drm_idxgen_config *c, uint8_t *buf, size_t len)
{
	uint32_t n;

	memset(c, 0, sizeof(*c));
	c->dx = 4;
	c->dy = 2;
	c->dz = 1;
	c->mx = 2;
	c->my = 1;
	c->word_size = 4;
	c->offset = 64;
	memset(buf, 0xa5, len);
	for (n = 0; n < 8; n++) {
		uint32_t w = idxgen_ref_word(n, 4, 2, 2, 1);

		memcpy(buf + 64 + 4 * n, &w, 4);
	}
}

TAP_TEST(output_unseen_zero_page)
{
	struct drm_idxgen_config c;
	uint8_t buf[256];

	small_job(&c, buf, sizeof(buf));
	memset(buf + 64, 0, 32);
	tap_ok(output_unseen(buf, &c, true),
	       "unbound, the output reads as the zero page: unseen (counted failed)");
	tap_ok(!output_unseen(buf, &c, false),
	       "still bound, the output reads zero: wrong (counted wrong)");
}

TAP_TEST(output_unseen_wrong_words)
{
	struct drm_idxgen_config c;
	uint8_t buf[256];

	small_job(&c, buf, sizeof(buf));
	buf[64 + 4 * 5] ^= 1;
	tap_ok(!output_unseen(buf, &c, true),
	       "unbound, a wrong word that is not zero: wrong, not excused by the unbind");
	memset(buf + 64, 0, 4 * 5);
	tap_ok(!output_unseen(buf, &c, true),
	       "unbound, zeros then what the device wrote: wrong (only the whole output as the "
	       "zero page is unseen)");
}

TAP_TEST(output_unseen_read_again)
{
	struct drm_idxgen_config c;
	uint8_t buf[256];

	small_job(&c, buf, sizeof(buf));
	tap_ok(output_unseen(buf, &c, true),
	       "unbound, the output verifies when read again (the first read straddled the zap)");
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
