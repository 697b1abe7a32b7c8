/* SPDX-License-Identifier: MIT */
/* module_out.h - idxgen-cc -fatbin/-cubin/-ptx: modules for cuModuleLoad (module_out.c). */
#ifndef IDXGEN_CC_MODULE_OUT_H
#define IDXGEN_CC_MODULE_OUT_H

#include "cc.h"

/* Append to a translation the tag that makes its shared object a module. */
void module_mark(struct buf *cxx);
/* The host compiler's options that link a module (NULL-terminated). */
const char *const *module_link_options(void);
/* -ptx: the module at so_path as text (base64, idxgen_module.h's head line) into out_path; 0 or 2. */
int module_write_text(const char *so_path, const char *out_path, const char *src);

#endif
