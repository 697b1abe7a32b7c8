/*
 * QTest for the idxgen thread-index generator accelerator.
 *
 * Drives the device the way a driver would: firmware through guest memory,
 * descriptor and completion rings in guest memory (libqos allocator), index
 * memory read through BAR2, MSI-X messages into guest memory.  Outputs are
 * compared with the independent references in tests/common (gen_ref.h,
 * order_ref.h); images and descriptors are built here, not with the
 * generator model.
 *
 * Each idxgen-qtest-<area>.c holds one area's cases and registers them
 * itself (register_<area>()): adding a case is one edit, in its area's
 * file.  This file only calls the areas' registrations; the plumbing they
 * share is in idxgen-qtest-common.c (idxgen-qtest.h declares both).  Any
 * case runs alone: -p /x86_64/idxgen/NAME (-l lists them).
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "libqtest.h"
#include "idxgen-qtest.h"

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    register_identity();
    register_fw();
    register_queue();
    register_history();
    register_sched();
    register_reset();
    register_fault();
    register_arb();
    register_migrate();
    register_trace();
    register_uq();
    register_uq_shadow();
    return g_test_run();
}
