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
 * This file registers the test cases; they live in idxgen-qtest-<area>.c,
 * the plumbing they share in idxgen-qtest-common.c (idxgen-qtest.h
 * declares both).
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
    static const FaultCase faults[] = {
        { "fault-hang", fault_hang, false },
        { "fault-hang", fault_hang, true },
        { "fault-drop-irq", fault_drop_irq, false },
        { "fault-drop-irq", fault_drop_irq, true },
        { "fault-corrupt-cpl", fault_corrupt_cpl, false },
        { "fault-corrupt-cpl", fault_corrupt_cpl, true },
        { "fault-fail-dma", fault_fail_dma, false },
        { "fault-fail-dma", fault_fail_dma, true },
    };
    unsigned i;

    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/idxgen/identity", test_identity);
    qtest_add_func("/idxgen/properties", test_properties);
    qtest_add_func("/idxgen/properties-invalid", test_properties_invalid);
    qtest_add_func("/idxgen/access-sizes", test_access_sizes);
    qtest_add_func("/idxgen/fw/good", test_fw_good);
    qtest_add_func("/idxgen/fw/bad", test_fw_bad);
    qtest_add_func("/idxgen/fw/none", test_no_firmware);
    qtest_add_func("/idxgen/queue/single", test_queue_single);
    qtest_add_func("/idxgen/queue/multi", test_queue_multi);
    qtest_add_func("/idxgen/queue/ring", test_ring);
    qtest_add_func("/idxgen/queue/desc-errors", test_desc_errors);
    qtest_add_func("/idxgen/history/worked-example", test_history);
    qtest_add_func("/idxgen/history/lru", test_history_lru);
    qtest_add_func("/idxgen/sched/orders", test_sched_orders);
    qtest_add_func("/idxgen/sched/table", test_sched_table);
    qtest_add_func("/idxgen/sched/table-bad", test_sched_table_bad);
    qtest_add_func("/idxgen/incremental", test_incremental);
    qtest_add_func("/idxgen/reset/register", test_reset_register);
    qtest_add_func("/idxgen/reset/system", test_reset_system);
    qtest_add_func("/idxgen/fatal", test_fatal);
    qtest_add_func("/idxgen/msix", test_msix);
    for (i = 0; i < G_N_ELEMENTS(faults); i++) {
        g_autofree char *path = g_strdup_printf("/idxgen/fault/%s/%s",
                                                faults[i].prop,
                                                faults[i].runtime ?
                                                "runtime" : "property");

        qtest_add_data_func(path, &faults[i], test_fault);
    }
    qtest_add_func("/idxgen/fault/completion-dma", test_fault_cpl_dma);
    qtest_add_func("/idxgen/fault/sticky", test_fault_sticky);
    qtest_add_func("/idxgen/garbage", test_garbage);
    qtest_add_func("/idxgen/arb/registers", test_arb_registers);
    qtest_add_func("/idxgen/arb/jobs", test_arb_jobs);
    qtest_add_func("/idxgen/migrate", test_migrate);
    qtest_add_func("/idxgen/migrate-bad-job", test_migrate_bad_job);
    qtest_add_func("/idxgen/migrate-bad-caps", test_migrate_bad_caps);
    qtest_add_func("/idxgen/sched/migrate", test_sched_migrate);
    qtest_add_func("/idxgen/trace-events", test_trace_events);
    qtest_add_func("/idxgen/uq/identity", test_uq_identity);
    qtest_add_func("/idxgen/uq/jobs", test_uq_jobs);
    qtest_add_func("/idxgen/uq/windows", test_uq_windows);
    qtest_add_func("/idxgen/uq/hostile", test_uq_hostile);
    qtest_add_func("/idxgen/uq/teardown", test_uq_teardown);
    qtest_add_func("/idxgen/uq/migrate", test_uq_migrate);
    qtest_add_func("/idxgen/uq/shadow/identity", test_uq_shadow_identity);
    qtest_add_func("/idxgen/uq/shadow/jobs", test_uq_shadow_jobs);
    qtest_add_func("/idxgen/uq/shadow/hostile", test_uq_shadow_hostile);
    qtest_add_func("/idxgen/uq/shadow/idle", test_uq_shadow_idle);
    qtest_add_func("/idxgen/uq/shadow/idle-migrate", test_uq_shadow_idle_migrate);
    qtest_add_func("/idxgen/uq/hang-bad-doorbell", test_uq_hang_bad_doorbell);
    return g_test_run();
}
