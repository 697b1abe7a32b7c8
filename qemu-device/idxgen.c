/* Placeholder until the device model lands (issue 3): registers the type. */
#include "qemu/osdep.h"
#include "hw/pci/pci_device.h"
#include "idxgen_hw.h"
#include "idxgen_model.h"

#define TYPE_IDXGEN "idxgen"

static void idxgen_class_init(ObjectClass *klass, void *data)
{
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);

    k->vendor_id = IDXGEN_PCI_VENDOR_ID;
    k->device_id = IDXGEN_PCI_DEVICE_ID;
    k->revision = IDXGEN_PCI_REVISION;
    k->class_id = IDXGEN_PCI_CLASS >> 8;
}

static const TypeInfo idxgen_info = {
    .name = TYPE_IDXGEN,
    .parent = TYPE_PCI_DEVICE,
    .instance_size = sizeof(PCIDevice),
    .class_init = idxgen_class_init,
    .interfaces = (InterfaceInfo[]) {
        { INTERFACE_PCIE_DEVICE },
        { },
    },
};

static void idxgen_register_types(void)
{
    type_register_static(&idxgen_info);
}

type_init(idxgen_register_types)
