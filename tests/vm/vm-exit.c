// SPDX-License-Identifier: MIT
/*
 * vm-exit - leave the test VM with a status QEMU reports as its own exit
 * status, through the isa-debug-exit device (iobase 0xf4): QEMU exits with
 * (value << 1) | 1.  Static, so it runs from the bare initramfs.
 *
 * usage: vm-exit CODE [TTY]
 *
 * With TTY (the results port), first waits until every byte written to it
 * has left the UART (tcdrain): a slow debug kernel can still hold the last
 * results lines in its transmit buffer, and QEMU would exit without them.
 * DRAIN_HANG_GUARD_S bounds that wait against a port that never drains
 * (the drain takes well under a second); then the VM exits anyway.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/io.h>
#include <termios.h>
#include <unistd.h>

#define DRAIN_HANG_GUARD_S 600

static void on_alarm(int sig)
{
	(void)sig; /* only interrupts tcdrain */
}

static void drain(const char *tty)
{
	struct sigaction sa = {.sa_handler = on_alarm}; /* no SA_RESTART */
	int fd = open(tty, O_WRONLY | O_NOCTTY | O_CLOEXEC);

	if (fd < 0) {
		perror("vm-exit: open");
		return;
	}
	sigaction(SIGALRM, &sa, NULL);
	alarm(DRAIN_HANG_GUARD_S);
	if (tcdrain(fd))
		perror("vm-exit: tcdrain");
	alarm(0);
	close(fd);
}

int main(int argc, char **argv)
{
	unsigned long code = argc > 1 ? strtoul(argv[1], NULL, 0) : 0;

	if (argc > 2)
		drain(argv[2]);
	if (ioperm(0xf4, 1, 1)) {
		perror("vm-exit: ioperm");
		return 1;
	}
	outb((unsigned char)code, 0xf4);
	return 1; /* not reached when the device exists */
}
