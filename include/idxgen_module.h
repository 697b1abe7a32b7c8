/* SPDX-License-Identifier: MIT */
/*
 * idxgen_module.h - what makes a shared object a module of translated
 * kernels for the driver API's cuModuleLoad* (lib/cudart/driver_module.c).
 * `idxgen-cc -fatbin x.cu` (and -cubin; -ptx as text, below) writes an
 * ELF shared object of x.cu's translated kernels with this tag in a section
 * of this name; the loader reads the section before it dlopens anything, so
 * that an ELF file of another kind is refused without running its code.
 * The version counts changes of what a module expects of the program that
 * loads it (the launch ABI of lib/cudart).
 */
#ifndef IDXGEN_MODULE_H
#define IDXGEN_MODULE_H

#define IDXGEN_MODULE_SECTION ".idxgen_module"
#define IDXGEN_MODULE_TAG "idxgen module 1"
/*
 * -ptx writes the module as text, as PTX is text that programs read into C
 * strings: this first line, comment lines ("//"), then the object in
 * base64 (RFC 4648), 76 characters a line (no comment after it: a line of
 * base64 may start with "//").
 */
#define IDXGEN_MODULE_TEXT_HEAD "// idxgen module 1 (base64)"

/*
 * Two modules or more linked into one image (cuLinkComplete of several):
 * this tag (16 bytes, NUL-padded), a little-endian 64-bit count of parts
 * (2 to IDXGEN_LINK_MAX), their 64-bit sizes, then each module's ELF
 * image, each starting at a multiple of 16 bytes from the image's start.
 * cuModuleLoadData loads the parts as one module: a kernel of one calls
 * an `extern __device__` function another defines.
 */
#define IDXGEN_LINK_TAG "idxgen link 1"
#define IDXGEN_LINK_TAG_SIZE 16
#define IDXGEN_LINK_MAX 16

#endif
