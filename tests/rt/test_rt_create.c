// SPDX-License-Identifier: MIT
/*
 * test_rt_create.c - creating runtimes: the emulation announced once per
 * process, IDXGEN_BACKEND=drm never falling back to the emulation, the
 * thread count from IDXGEN_NUM_THREADS and from the API.
 */
#include "test_rt.h"

#include <sys/wait.h>
#include <unistd.h>

void test_announce(void)
{
	int p[2], st;
	pid_t pid;
	char buf[512] = "";
	ssize_t len = 0, r;
	int lines = 0;

	if (pipe(p)) {
		tap_ok(0, "pipe");
		return;
	}
	pid = fork();
	if (pid == 0) {
		struct idxgen_rt *a = NULL, *b = NULL;

		dup2(p[1], 2);
		close(p[0]);
		idxgen_rt_create(NULL, &a);
		idxgen_rt_create(NULL, &b);
		idxgen_rt_destroy(a);
		idxgen_rt_destroy(b);
		_exit(a && b ? 0 : 1);
	}
	close(p[1]);
	while ((r = read(p[0], buf + len, sizeof(buf) - 1 - (size_t)len)) > 0)
		len += r;
	close(p[0]);
	waitpid(pid, &st, 0);
	for (char *s = buf; (s = strstr(s, "idxgen-rt:")); s++)
		lines++;
	struct idxgen_rt *rt = rt_new(1);
	bool emu = rt && idxgen_backend_of(idxgen_rt_device(rt)) == IDXGEN_BACKEND_EMU;

	idxgen_rt_destroy(rt);
	tap_ok(WIFEXITED(st) && !WEXITSTATUS(st) && lines == (emu ? 1 : 0) &&
	       (!emu || strstr(buf, "emulation")),
	       "two runtimes in one process: the emulation is announced %s (%d line%s)",
	       emu ? "once" : "never (a device)", lines, lines == 1 ? "" : "s");
}

/* IDXGEN_BACKEND=drm: a real device or -ENODEV, never a silent emulation. */
void test_forced_drm(void)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		struct idxgen_rt *rt = NULL;
		int err, ok;

		setenv("IDXGEN_BACKEND", "drm", 1);
		err = idxgen_rt_create(NULL, &rt);
		ok = err ? (err == -ENODEV && !rt)
			 : idxgen_backend_of(idxgen_rt_device(rt)) == IDXGEN_BACKEND_DRM;
		idxgen_rt_destroy(rt);
		_exit(ok ? 0 : 1);
	}
	waitpid(pid, &st, 0);
	tap_ok(WIFEXITED(st) && !WEXITSTATUS(st),
	       "IDXGEN_BACKEND=drm: the device or -ENODEV, no fallback to the emulation");
}

void test_num_threads(void)
{
	struct idxgen_rt *rt = NULL;
	char *old = getenv("IDXGEN_NUM_THREADS");
	char *saved = old ? strdup(old) : NULL;
	unsigned int a, b;

	setenv("IDXGEN_NUM_THREADS", "3", 1);
	idxgen_rt_create(NULL, &rt);
	a = idxgen_rt_num_threads(rt);
	idxgen_rt_destroy(rt);
	rt = rt_new(5);
	b = idxgen_rt_num_threads(rt);
	idxgen_rt_destroy(rt);
	if (saved)
		setenv("IDXGEN_NUM_THREADS", saved, 1);
	else
		unsetenv("IDXGEN_NUM_THREADS");
	free(saved);
	tap_ok(a == 3 && b == 5, "IDXGEN_NUM_THREADS=3 gives %u threads; the API's 5 gives %u", a, b);
}
