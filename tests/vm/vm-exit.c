// SPDX-License-Identifier: MIT
/*
 * vm-exit - leave the test VM with a status QEMU reports as its own exit
 * status, through the isa-debug-exit device (iobase 0xf4): QEMU exits with
 * (value << 1) | 1.  Static, so it runs from the bare initramfs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/io.h>

int main(int argc, char **argv)
{
	unsigned long code = argc > 1 ? strtoul(argv[1], NULL, 0) : 0;

	if (ioperm(0xf4, 1, 1)) {
		perror("vm-exit: ioperm");
		return 1;
	}
	outb((unsigned char)code, 0xf4);
	return 1; /* not reached when the device exists */
}
