/* SPDX-License-Identifier: MIT */
/* fiber_switch.h - the context switch of fiber.c (fiber_switch.c says how and why). */
#ifndef IDXGEN_RT_FIBER_SWITCH_H
#define IDXGEN_RT_FIBER_SWITCH_H

#include <stdint.h>

/* Save the running context's stack pointer in *save and continue the one of to. */
void rt_fiber_switch(void **save, void *to) __attribute__((visibility("hidden")));
/* A fresh context on the stack ending at stack_top that runs fn(arg) (fn never returns). */
void *rt_fiber_init(void *stack_top, void (*fn)(void *), void *arg) __attribute__((visibility("hidden")));

#endif
