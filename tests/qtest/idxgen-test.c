/*
 * QTest for the idxgen accelerator (seed version: PCI identity only; the
 * device-model work extends it).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "libqtest.h"
#include "libqos/pci-pc.h"
#include "hw/pci/pci_regs.h"
#include "idxgen_hw.h"

static void test_identity(void)
{
    QTestState *qts = qtest_init("-machine q35 -device idxgen,addr=04.0");
    QPCIBus *bus = qpci_new_pc(qts, NULL);
    QPCIDevice *dev = qpci_device_find(bus, QPCI_DEVFN(4, 0));

    g_assert_nonnull(dev);
    g_assert_cmphex(qpci_config_readw(dev, PCI_VENDOR_ID), ==, IDXGEN_PCI_VENDOR_ID);
    g_assert_cmphex(qpci_config_readw(dev, PCI_DEVICE_ID), ==, IDXGEN_PCI_DEVICE_ID);
    g_free(dev);
    qpci_free_pc(bus);
    qtest_quit(qts);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    qtest_add_func("/idxgen/identity", test_identity);
    return g_test_run();
}
