#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Seed corpus for QEMU's generic-fuzz target against -device idxgen.

    gen-seeds.py OUTDIR

Writes one file per seed (seed-<name>) in generic-fuzz's input format
(QEMU's tests/qtest/fuzz/generic_fuzz.c): commands separated by "FUZZ", each an
opcode byte followed by the operands of that opcode's C struct, copied with
memcpy, so with the struct's natural padding.

Without seeds, libFuzzer must guess a CRC-checked firmware image and a valid
64-byte descriptor before it reaches the queues and the generator.  Here the
firmware image and descriptors are DMA patterns (generic-fuzz fills every
device DMA read of guest RAM with the next pattern), and the seeds walk the
paths a driver takes: firmware load, queue enable, doorbell, clock steps to
let the job's timer run, completion, MSI-X, history hits, range commands,
faults, aborts, reset, rings aimed at the device's own BARs.

MMIO operands name a region by index among the fuzzed regions in address
order (qpci maps BAR0, BAR2, BAR4 upwards from 0xe0000000 with -M q35), and
an offset inside it.  generic-fuzz re-maps the BARs at the start of every
input, so those addresses are stable.
"""
import os
import struct
import sys
import zlib

SEP = b"FUZZ"
OP_IN, OP_OUT, OP_READ, OP_WRITE, OP_PCI_READ, OP_PCI_WRITE, OP_DISABLE_PCI, \
    OP_ADD_DMA_PATTERN, OP_CLEAR_DMA_PATTERNS, OP_CLOCK_STEP = range(10)

# Fuzzed MemoryRegions, in address order (checked with QTEST_LOG=1).
R_REGS, R_IMEM, R_MSIX_TABLE, R_MSIX_PBA = range(4)
# Where qpci puts the BARs (for rings aimed at the device itself).
BAR0_ADDR = 0xE0000000
BAR2_ADDR = 0xE4000000
BAR4_ADDR = 0xE8000000

# include/idxgen_hw.h
REG_CTRL, REG_STATUS = 0x040, 0x044
REG_FW_ADDR_LO, REG_FW_ADDR_HI, REG_FW_SIZE, REG_FW_CTRL = 0x80, 0x84, 0x88, 0x8c
REG_FW_STATUS = 0x90
REG_IRQ_STATUS, REG_IRQ_ENABLE = 0xa0, 0xa4
REG_RANGE_BASE_LO, REG_RANGE_SIZE_LO, REG_RANGE_CMD = 0xb0, 0xb8, 0xc0
REG_STAT_JOBS = 0x100
REG_DBG_FAULT = 0x800
CTRL_ENABLE, CTRL_RESET, CTRL_HIST_FLUSH = 1, 2, 4
FAULT_HANG, FAULT_DROP_IRQ, FAULT_CORRUPT_CPL, FAULT_FAIL_DMA = 1, 2, 4, 8
Q_RING_BASE_LO, Q_RING_BASE_HI, Q_CPL_BASE_LO, Q_CPL_BASE_HI = 0, 4, 8, 0xc
Q_RING_SIZE, Q_HEAD, Q_TAIL, Q_CTRL, Q_STATUS = 0x10, 0x14, 0x18, 0x1c, 0x20
Q_IRQ_VECTOR, Q_WARPS_READY, Q_COMPLETED = 0x24, 0x2c, 0x34


def qreg(q, r):
    return 0x1000 + q * 0x100 + r


# User queues (FEAT_USER_QUEUES) and their shadow tail (FEAT_UQ_SHADOW)
UQ_RING_BASE_LO, UQ_CPL_BASE_LO, UQ_RING_SIZE, UQ_CTRL, UQ_STATUS = \
    0, 8, 0x10, 0x1c, 0x20
UQ_FENCE_ADDR_LO, UQ_WIN0, UQ_SHADOW_ADDR_LO = 0x30, 0x40, 0xc0


def uqreg(u, r):
    return 0x2000 + u * 0x100 + r


# Guest RAM used by the seeds (-M q35 has 128 MiB).
FW_ADDR = 0x100000
RING = 0x200000
CPL = 0x300000


# ---- commands --------------------------------------------------------------
def write(region, off, val, size=2):
    """op_write: {u8 size; u8 base; u32 offset; u64 value} (16 bytes)."""
    return bytes([OP_WRITE]) + struct.pack("<BBxxIQ", size, region, off, val)


def wl(off, val):
    return write(R_REGS, off, val, 2)


def wq(off, val):
    return write(R_REGS, off, val, 3)


def read(region, off, size=2):
    """op_read: {u8 size; u8 base; u32 offset} (8 bytes)."""
    return bytes([OP_READ]) + struct.pack("<BBxxI", size, region, off)


def rl(off):
    return read(R_REGS, off, 2)


def pci_write(off, val, size=2):
    """op_pci_write: {u8 size; u8 base; u8 offset; u32 value} (8 bytes)."""
    return bytes([OP_PCI_WRITE]) + struct.pack("<BBBxI", size, 0, off, val)


def pattern(data, index=0, stride=0):
    return bytes([OP_ADD_DMA_PATTERN, index, stride]) + data


def clear_patterns():
    return bytes([OP_CLEAR_DMA_PATTERNS])


def step(n=1):
    return [bytes([OP_CLOCK_STEP])] * n


# ---- device data -------------------------------------------------------------
def fw_image(features=0x1f, hist=16, max_threads=1 << 20, dims=(65535,) * 3):
    params = struct.pack("<IHHHHII", max_threads, dims[0], dims[1], dims[2],
                         hist, features, 0)
    payload = struct.pack("<HH", 1, len(params)) + params
    hdr = struct.pack("<IHHIIII24s16s", 0x57465849, 1, 64, 0x010000,
                      len(payload), 0, 0, b"fuzz-seed", b"\0" * 16)
    crc = zlib.crc32(hdr + payload) & 0xffffffff
    hdr = hdr[:16] + struct.pack("<I", crc) + hdr[20:]
    return hdr + payload


def width(d):
    w = 0
    while (1 << w) < d:
        w += 1
    return w


def desc(dx, dy=1, dz=1, c=32, target=0, job_id=1, ws=None, flags=0,
         size_limit=None, **bad):
    mx, my, mz = width(dx), width(dy), width(dz)
    if ws is None:
        ws = 2 if mx + my + mz <= 16 else 4
    threads = dx * dy * dz
    if size_limit is None:
        size_limit = threads * ws
    xc, yc, zc = c % dx, (c // dx) % dy, c // (dx * dy)
    f = dict(target=target, size_limit=size_limit, job_id=job_id, dx=dx,
             dy=dy, dz=dz, c=c, xc=xc, yc=yc, zc=zc, mx=mx, my=my, mz=mz,
             ws=ws, flags=flags, order=0, grid=1)
    # Overrides: any field by name; raw_<field> for the positional ones.
    f.update({k[4:] if k.startswith("raw_") else k: v for k, v in bad.items()})
    d = struct.pack("<QIIHHHHHHHBBBBHBBHIHHI12s", f["target"], f["size_limit"],
                    f["job_id"], f["dx"], f["dy"], f["dz"], f["c"], f["xc"],
                    f["yc"], f["zc"], f["mx"], f["my"], f["mz"], f["ws"],
                    f["flags"], f["order"], 0, 0, 0, 0, 0, f["grid"],
                    b"\0" * 12)
    assert len(d) == 64
    return d


# ---- sequences ---------------------------------------------------------------
def load_fw(img=None):
    img = img or fw_image()
    return [clear_patterns(), pattern(img),
            wl(REG_FW_ADDR_LO, FW_ADDR), wl(REG_FW_ADDR_HI, 0),
            wl(REG_FW_SIZE, len(img)), wl(REG_FW_CTRL, 1),
            rl(REG_FW_STATUS), clear_patterns()]


def queue_on(q=0, size=16, ring=RING, cpl=CPL):
    return [wq(qreg(q, Q_RING_BASE_LO), ring), wq(qreg(q, Q_CPL_BASE_LO), cpl),
            wl(qreg(q, Q_RING_SIZE), size), wl(qreg(q, Q_CTRL), 1)]


def submit(q, descs, tail):
    return [clear_patterns()] + [pattern(d) for d in descs] + \
        [wl(qreg(q, Q_TAIL), tail)]


def status(q=0):
    return [rl(REG_STATUS), rl(qreg(q, Q_STATUS)), rl(qreg(q, Q_HEAD)),
            rl(qreg(q, Q_WARPS_READY)), rl(qreg(q, Q_COMPLETED)),
            rl(REG_STAT_JOBS), rl(REG_IRQ_STATUS)]


def msix_on(vectors=5):
    # MSI-X capability (first one after the header: 0x40) + table entries.
    cmds = [pci_write(0x40, 0x8000 << 16, 2)]
    for v in range(vectors):
        cmds += [write(R_MSIX_TABLE, v * 16, 0xFEE00000, 2),
                 write(R_MSIX_TABLE, v * 16 + 8, 0x40 + v, 2)]
    return cmds


def enable():
    return [wl(REG_CTRL, CTRL_ENABLE), wl(REG_IRQ_ENABLE, 0xffffffff)]


SEEDS = {}


def seed(name, cmds):
    SEEDS[name] = cmds


seed("fw-load", load_fw() + [rl(0x10), rl(0x14), rl(0x30), rl(0x94)])
seed("fw-bad-crc", [clear_patterns(), pattern(fw_image()[:-1] + b"\x01"),
                    wl(REG_FW_ADDR_LO, FW_ADDR), wl(REG_FW_SIZE, 88),
                    wl(REG_FW_CTRL, 1), rl(REG_FW_STATUS)])
seed("job-no-fw", enable() + queue_on() + submit(0, [desc(32)], 1) +
     step(3) + status())
seed("job-one", load_fw() + enable() + queue_on() +
     submit(0, [desc(32, 8, 2, c=32)], 1) + step(4) + status())
seed("job-hit", load_fw() + enable() + queue_on() +
     submit(0, [desc(64, 4, c=16, job_id=7)], 2) + step(6) + status())
seed("job-many", load_fw() + enable() + queue_on(size=8) +
     submit(0, [desc(17, 3, 5, c=7, job_id=1), desc(1000, c=64, ws=4,
                                                    target=0x10000),
                desc(3, 3, 3, c=1, target=0x20000, flags=2)], 5) +
     step(12) + status())
seed("job-big-incremental", load_fw() + enable() + queue_on() +
     submit(0, [desc(1024, 1024, c=32, ws=4)], 1) +
     sum([[bytes([OP_CLOCK_STEP]), rl(qreg(0, Q_WARPS_READY))]
          for _ in range(8)], []) + status())
seed("job-bad-descs", load_fw() + enable() + queue_on() +
     submit(0, [desc(32, flags=0x80), desc(32, grid=5), desc(32, raw_dx=0),
                desc(32, c=0), desc(32, xc=3), desc(32, ws=3),
                desc(32, mx=1), desc(32, mx=30, ws=2), desc(32, target=1),
                desc(32, target=0x7fffffe), desc(32, size_limit=2)], 11) +
     step(14) + status())
seed("multi-queue", load_fw() + enable() +
     sum([queue_on(q, 4, RING + q * 0x1000, CPL + q * 0x1000)
          for q in range(4)], []) +
     [clear_patterns(), pattern(desc(16, 16, c=32))] +
     [wl(qreg(q, Q_TAIL), 3) for q in range(4)] + step(16) + status(3))
seed("msix", msix_on() + load_fw() + enable() + queue_on() +
     [wl(qreg(0, Q_IRQ_VECTOR), 4)] + submit(0, [desc(8)], 1) + step(3) +
     [write(R_MSIX_TABLE, 12, 1, 2), wl(qreg(0, Q_TAIL), 2)] + step(3) +
     [read(R_MSIX_PBA, 0, 3)] + status())
seed("range", load_fw() + enable() + queue_on() +
     submit(0, [desc(256, c=32)], 1) + step(3) +
     [wq(REG_RANGE_BASE_LO, 0x100), wq(REG_RANGE_SIZE_LO, 0x1000),
      wl(REG_RANGE_CMD, 1), wl(REG_RANGE_CMD, 2),
      wq(REG_RANGE_SIZE_LO, 0x4000000), wl(REG_RANGE_CMD, 2),
      rl(0xc4), write(R_IMEM, 0x40, 0xdeadbeef, 2),
      wl(REG_CTRL, CTRL_ENABLE | CTRL_HIST_FLUSH),
      wl(qreg(0, Q_TAIL), 2)] + step(3) + status())
seed("faults", load_fw() + enable() + queue_on() +
     [wl(REG_DBG_FAULT, FAULT_DROP_IRQ | FAULT_CORRUPT_CPL)] +
     submit(0, [desc(32)], 1) + step(3) +
     [wl(REG_DBG_FAULT, FAULT_FAIL_DMA), wl(qreg(0, Q_TAIL), 2)] + step(3) +
     [wl(REG_DBG_FAULT, FAULT_HANG), wl(qreg(0, Q_TAIL), 3)] + step(3) +
     [wl(qreg(0, Q_CTRL), 0), rl(0x804)] + queue_on() +
     submit(0, [desc(32)], 1) + step(3) + status())
seed("abort-reset", load_fw() + enable() + queue_on() +
     submit(0, [desc(1024, 512, c=32, ws=4)], 2) + step(2) +
     [wl(qreg(0, Q_CTRL), 0)] + step(1) + queue_on() +
     submit(0, [desc(1024, 512, c=32, ws=4)], 1) + step(2) +
     [wl(REG_CTRL, CTRL_RESET)] + step(2) + load_fw() +
     [wl(REG_FW_CTRL, 1)] + status())
seed("fatal", enable() + [wl(REG_STATUS, 1), wl(qreg(9, 0), 1), rl(0x48),
                          wl(REG_CTRL, CTRL_RESET)] + status())
seed("self-dma", load_fw() + enable() +
     queue_on(0, 4, BAR2_ADDR + 0x1000, BAR0_ADDR + 0x1000) +
     submit(0, [desc(32)], 1) + step(3) +
     queue_on(1, 4, RING, BAR2_ADDR) + submit(1, [desc(32)], 1) + step(3) +
     queue_on(2, 4, BAR4_ADDR, BAR4_ADDR) + submit(2, [desc(32)], 1) +
     step(3) + [wl(REG_FW_ADDR_LO, BAR0_ADDR), wl(REG_FW_SIZE, 88),
                wl(REG_FW_CTRL, 1)] + status(2))
seed("bad-rings", load_fw() + enable() +
     [wq(qreg(0, Q_RING_BASE_LO), 0xffffffffffffffc0),
      wl(qreg(0, Q_RING_SIZE), 4096), wl(qreg(0, Q_CTRL), 1),
      wl(qreg(0, Q_RING_SIZE), 3), wl(qreg(0, Q_CTRL), 1)] + queue_on() +
     [wl(qreg(0, Q_TAIL), 16), wl(qreg(0, Q_TAIL), 0xffffffff)] + status())
seed("fw-busy", load_fw() + enable() + queue_on() +
     submit(0, [desc(1024, 64, c=32, ws=4)], 1) + load_fw() + step(4) +
     [wq(REG_FW_ADDR_LO, 0xfffffffffffff000), wl(REG_FW_SIZE, 0x100000),
      wl(REG_FW_CTRL, 1)] + status())



def uq_on(u=0, size=8, shadow=RING + 0x80000):
    """User queue u with a window over all index memory and a shadow
    block: enabling it makes the device read the shadow tail (a DMA
    pattern here, so any value), then the descriptors."""
    return [wq(uqreg(u, UQ_RING_BASE_LO), RING + u * 0x1000),
            wq(uqreg(u, UQ_CPL_BASE_LO), CPL + u * 0x1000),
            wq(uqreg(u, UQ_FENCE_ADDR_LO), CPL + 0x80000 + u * 8),
            wl(uqreg(u, UQ_WIN0), 0), wl(uqreg(u, UQ_WIN0 + 4), 64 << 20),
            wl(uqreg(u, UQ_WIN0 + 8), 7),
            wq(uqreg(u, UQ_SHADOW_ADDR_LO), shadow),
            wl(uqreg(u, UQ_RING_SIZE), size), wl(uqreg(u, UQ_CTRL), 1)]


seed("uq-shadow", load_fw() + enable() + [clear_patterns()] +
     [pattern(desc(32, 4, target=3)), pattern(desc(16, 2, c=16))] +
     uq_on(0) + step(6) + [rl(uqreg(0, UQ_STATUS))] + uq_on(1, 4) +
     step(6) + [rl(uqreg(1, UQ_STATUS)), rl(REG_STAT_JOBS)])
seed("uq-shadow-bad", load_fw() + enable() +
     uq_on(0, 16, 0xfff00000000) + step(2) +
     uq_on(1, 16, RING + 0x80004) + uq_on(2, 16, 0xfffffffffffffff8) +
     uq_on(3, 16, BAR0_ADDR + 0x2000) + step(4) +
     [rl(uqreg(u, UQ_STATUS)) for u in range(4)] + status())

IMEM_END = 64 << 20


def at_end(dx, dy=1, dz=1, c=32, ws=None, job_id=1):
    """A job whose output ends exactly at the end of index memory."""
    d = desc(dx, dy, dz, c=c, ws=ws, job_id=job_id)
    nbytes = struct.unpack_from("<I", d, 8)[0]
    return desc(dx, dy, dz, c=c, ws=ws, job_id=job_id,
                target=IMEM_END - nbytes)


seed("job-imem-end", load_fw() + enable() + queue_on(size=16) +
     submit(0, [at_end(3, c=3), at_end(5, 3, c=7, ws=4),
                at_end(33, c=31, ws=2), at_end(1000, 3, c=29),
                at_end(40000, c=17, ws=2), at_end(7, 7, 7, c=1, ws=4),
                at_end(65535, 16, c=32, ws=4)], 7) + step(80) + status())


# ---- hostile user queues (doorbell path), replayable ------------------------
# These seeds place their DMA data with mem() (a DMA pattern in the fuzz
# input, a memory write at that address when replay-seeds.py runs them
# through qtest on the ordinary QEMU build) and check what they reach with
# expect() (a read in the fuzz input, a checked read in the replay): so
# make check knows that each seed still reaches the path it is for.
R_DB = 4                      # BAR5, the doorbell pages, after BAR4's two
                              # (checked in the ASan+UBSan fuzz build: the
                              # device's trace shows the doorbell rung)
UQW_VALID, UQW_W16, UQW_W32, UQW_SHARED = 1, 2, 4, 8
UQ_REJECTED, UQ_FENCE_VALUE_LO = 0x2c, 0x38
QS_ENABLED, QS_ERROR = 1, 4
QERR_BAD_RING, QERR_BAD_DOORBELL, QERR_DMA = 1, 2, 3
NOWHERE = 0xfff00000000      # beyond guest RAM: a DMA that fails


def qerr(code):
    return QS_ERROR | code << 8


class Mem:
    """DMA data at addr: a pattern for generic-fuzz (which fills the next
    device read with it), a memory write for the replay."""
    def __init__(self, addr, data):
        self.addr, self.data = addr, data

    def fuzz(self):
        return pattern(self.data)


class Expect:
    """A read of (region, off) that the replay checks against value."""
    def __init__(self, region, off, value, size=2):
        self.region, self.off, self.value, self.size = region, off, value, size

    def fuzz(self):
        return read(self.region, self.off, self.size)


def mem(addr, data):
    return Mem(addr, data)


def expect(off, value, region=R_REGS, size=2):
    return Expect(region, off, value, size)


def db(u, val, off=0):
    """A store into doorbell page u (offset 0: the tail)."""
    return write(R_DB, u * 0x1000 + off, val, 2)


def load_fw_mem():
    img = fw_image(features=0xffff)
    return [clear_patterns(), mem(FW_ADDR, img),
            wl(REG_FW_ADDR_LO, FW_ADDR), wl(REG_FW_ADDR_HI, 0),
            wl(REG_FW_SIZE, len(img)), wl(REG_FW_CTRL, 1),
            rl(REG_FW_STATUS), clear_patterns()]


def uq_ring(u):
    return RING + 0x10000 + u * 0x1000


def uq_fence(u):
    return CPL + 0x80000 + u * 8


def uq_db_on(u, size, win=(0x40000, 0x10000, UQW_VALID | UQW_W16 | UQW_W32),
             ring=None, cpl=None, fence=None, shadow=0):
    """User queue u without a shadow tail (the doorbell path; shadow: its
    shadow block instead) and one window: [win base, + size) of index
    memory with win flags."""
    ring = uq_ring(u) if ring is None else ring
    cpl = CPL + 0x10000 + u * 0x1000 if cpl is None else cpl
    fence = uq_fence(u) if fence is None else fence
    return [mem(fence, bytes(8)),
            wq(uqreg(u, UQ_RING_BASE_LO), ring), wq(uqreg(u, UQ_CPL_BASE_LO), cpl),
            wq(uqreg(u, UQ_FENCE_ADDR_LO), fence),
            wl(uqreg(u, UQ_WIN0), win[0]), wl(uqreg(u, UQ_WIN0 + 4), win[1]),
            wl(uqreg(u, UQ_WIN0 + 8), win[2]),
            wq(uqreg(u, UQ_SHADOW_ADDR_LO), shadow),
            wl(uqreg(u, UQ_RING_SIZE), size), wl(uqreg(u, UQ_CTRL), 1)]


def garbage(n, seed):
    """n bytes that look random and are the same every run."""
    out, x = bytearray(), seed
    while len(out) < n:
        x = (x * 6364136223846793005 + 1442695040888963407) & (2**64 - 1)
        out += struct.pack("<Q", x)
    return bytes(out[:n])


def uq_jobs(u, descs, first_slot=0):
    """Descriptors into queue u's ring from first_slot on."""
    return [clear_patterns()] + [mem(uq_ring(u) + (first_slot + i) * 64, d)
                                 for i, d in enumerate(descs)]


WIN = 0x40000
# Garbage and hostile descriptors: the device rejects each with an error
# completion (or runs it inside the window); the queue keeps running, the
# count reaches 8 and index memory outside the window stays untouched.
seed("uq-garbage", load_fw_mem() + enable() + uq_db_on(0, 16) +
     uq_jobs(0, [garbage(64, 1), desc(32, 4, target=WIN, job_id=2),
                 desc(32, target=0, job_id=3),            # outside the window
                 desc(64, 64, target=WIN + 0xf000, job_id=4),  # runs past it
                 garbage(64, 5), desc(8, 8, target=WIN, flags=1, job_id=6),
                 desc(16, target=WIN + 0x100, ws=4, job_id=7),
                 garbage(64, 8)]) +
     [db(0, 8)] + step(24) +
     [expect(uqreg(0, UQ_STATUS), QS_ENABLED),
      expect(uqreg(0, UQ_FENCE_VALUE_LO), 8),
      expect(WIN, 0x10000, R_IMEM),  # job 2's threads 0 and 1
      expect(0x0, 0, R_IMEM), expect(WIN - 4, 0, R_IMEM),
      expect(WIN + 0x10000, 0, R_IMEM), rl(uqreg(0, UQ_REJECTED))])
# Doorbells past the ring stop that queue only; pages of absent queues and
# other offsets are ignored; re-enabling restarts it at slot 0.
seed("uq-doorbell-past", load_fw_mem() + enable() + uq_db_on(1, 8) +
     uq_db_on(2, 4, win=(0x60000, 0x1000, UQW_VALID | UQW_W16)) +
     uq_jobs(1, [desc(16, 2, target=WIN, job_id=1)]) + [db(1, 1)] +
     step(6) + [expect(uqreg(1, UQ_FENCE_VALUE_LO), 1),
                db(15, 1), db(9, 3), db(1, 5, off=8), db(1, 0, off=4),
                expect(uqreg(1, UQ_STATUS), QS_ENABLED),
                db(1, 8), expect(uqreg(1, UQ_STATUS), qerr(QERR_BAD_DOORBELL)),
                db(1, 0xffffffff), db(1, 2)] + step(4) +
     [expect(uqreg(1, UQ_FENCE_VALUE_LO), 1)] +
     uq_jobs(2, [desc(8, 8, target=0x60000, job_id=9)]) + [db(2, 1)] +
     step(6) + [expect(uqreg(2, UQ_FENCE_VALUE_LO), 1),
                expect(uqreg(2, UQ_STATUS), QS_ENABLED),
                wl(uqreg(1, UQ_CTRL), 0), wl(uqreg(1, UQ_CTRL), 1),
                expect(uqreg(1, UQ_STATUS), QS_ENABLED)] +
     uq_jobs(1, [desc(16, 2, target=WIN + 0x1000, job_id=2)]) + [db(1, 1)] +
     step(6) + [expect(uqreg(1, UQ_FENCE_VALUE_LO), 1),  # counted from enable
                expect(WIN + 0x1000, 0x10000, R_IMEM)] + status())  # threads 0, 1
# Bad ring addresses: beyond RAM (the descriptor read fails: DMA), a ring
# of a size that is no power of two, a misaligned fence (refused at
# enable: BAD_RING), completions beyond RAM (DMA), rings aimed at the
# device's own BARs; a good queue beside them still runs its job.
seed("uq-bad-ring", load_fw_mem() + enable() +
     uq_db_on(3, 4, ring=NOWHERE) + [db(3, 1)] + step(4) +
     [expect(uqreg(3, UQ_STATUS), qerr(QERR_DMA)),
      expect(uqreg(3, UQ_FENCE_VALUE_LO), 1)] +
     uq_db_on(4, 3) + [expect(uqreg(4, UQ_STATUS), qerr(QERR_BAD_RING))] +
     uq_db_on(4, 4, fence=uq_fence(4) + 4) +
     [expect(uqreg(4, UQ_STATUS), qerr(QERR_BAD_RING)), db(4, 1)] +
     uq_db_on(5, 4, cpl=NOWHERE) + uq_jobs(5, [desc(8, target=WIN)]) +
     [db(5, 1)] + step(4) +
     [expect(uqreg(5, UQ_STATUS), qerr(QERR_DMA)),
      expect(uqreg(5, UQ_FENCE_VALUE_LO), 0)] +
     uq_db_on(6, 4, ring=BAR0_ADDR + 0x2000, cpl=BAR2_ADDR + WIN) +
     [db(6, 2)] + step(4) + [rl(uqreg(6, UQ_STATUS))] +
     uq_db_on(7, 4, win=(0x70000, 0x1000, UQW_VALID | UQW_W16)) +
     uq_jobs(7, [desc(8, 8, target=0x70000, job_id=5)]) + [db(7, 1)] +
     step(6) + [expect(uqreg(7, UQ_FENCE_VALUE_LO), 1),
                expect(uqreg(7, UQ_STATUS), QS_ENABLED)] + status())

# Queues destroyed while their jobs run: disabling the queue aborts its job
# (an ABORTED completion, counted in its completion value) and leaves the
# job queued behind it unrun, another queue's job still runs; a doorbell
# past the ring during a job aborts it and stops the queue; a device reset
# during a job drops it with no completion and forgets every queue, and a
# doorbell afterwards is ignored.  Queue 0's window holds the long job
# (1024x512 threads, 32-bit words: 2 MiB; 32 lanes, 512 warps a timer step).
BIG_WIN = (0x100000, 0x400000, UQW_VALID | UQW_W16 | UQW_W32)
QS_BUSY = 2
R_STAT_ERRORS = 0x128


def big_job(job_id):
    return desc(1024, 512, c=32, ws=4, target=BIG_WIN[0], job_id=job_id)


seed("uq-destroy-running", load_fw_mem() + enable() +
     uq_db_on(0, 8, win=BIG_WIN) +
     uq_db_on(1, 8, win=(0x60000, 0x1000, UQW_VALID | UQW_W16)) +
     uq_jobs(0, [big_job(1), desc(32, target=BIG_WIN[0], job_id=2)]) +
     [db(0, 2)] + step(2) +
     [expect(uqreg(0, UQ_STATUS), QS_ENABLED | QS_BUSY),
      expect(uqreg(0, UQ_FENCE_VALUE_LO), 0)] +
     uq_jobs(1, [desc(8, 8, target=0x60000, job_id=3)]) + [db(1, 1)] +
     [wl(uqreg(0, UQ_CTRL), 0),                     # destroy while running
      expect(uqreg(0, UQ_STATUS), 0),
      expect(uqreg(0, UQ_FENCE_VALUE_LO), 1),       # the ABORTED completion
      expect(4, 1, R_DB)] + step(6) +               # head: past slot 0 only
     [expect(uqreg(1, UQ_FENCE_VALUE_LO), 1),
      expect(uqreg(1, UQ_STATUS), QS_ENABLED),
      expect(0x60000, 0x10000, R_IMEM),            # job 3's threads 0, 1
      expect(uqreg(0, UQ_FENCE_VALUE_LO), 1),       # job 2 never ran
      expect(REG_STAT_JOBS, 2), expect(R_STAT_ERRORS, 1)] +
     # re-created: runs again from slot 0; a doorbell past the ring mid-job
     [wl(uqreg(0, UQ_CTRL), 1), expect(uqreg(0, UQ_FENCE_VALUE_LO), 0)] +
     uq_jobs(0, [big_job(4)]) + [db(0, 1)] + step(2) +
     [expect(uqreg(0, UQ_STATUS), QS_ENABLED | QS_BUSY), db(0, 8),
      expect(uqreg(0, UQ_STATUS), qerr(QERR_BAD_DOORBELL)),
      expect(uqreg(0, UQ_FENCE_VALUE_LO), 1)] + step(2) +
     # and once more: a device reset mid-job, then a doorbell
     [wl(uqreg(0, UQ_CTRL), 0), wl(uqreg(0, UQ_CTRL), 1)] +
     uq_jobs(0, [big_job(5)]) + [db(0, 1)] + step(2) +
     [expect(uqreg(0, UQ_STATUS), QS_ENABLED | QS_BUSY),
      wl(REG_CTRL, CTRL_RESET), expect(uqreg(0, UQ_STATUS), 0),
      expect(uqreg(0, UQ_FENCE_VALUE_LO), 0), expect(REG_STAT_JOBS, 0),
      db(0, 1)] + step(4) +
     [expect(uqreg(0, UQ_STATUS), 0), expect(4, 0, R_DB),
      expect(REG_STAT_JOBS, 0)] + status())

# A shadow-tail queue (no doorbells: the device reads the tail from the
# process's shadow block) destroyed while the device polls it in its idle
# window: the poll that falls due finds it stopped and reads nothing; re-
# created with a shadow tail past the ring, it stops with BAD_DOORBELL, as
# a doorbell past the ring would.
SHADOW = CPL + 0x90000


def shadow_tail(tail, event=0):
    return mem(SHADOW, struct.pack("<II", tail, event))


seed("uq-shadow-destroy", load_fw_mem() + enable() + [shadow_tail(2)] +
     uq_jobs(2, [desc(16, 2, target=WIN, job_id=1),
                 desc(8, 8, target=WIN + 0x1000, job_id=2)]) +
     uq_db_on(2, 8, shadow=SHADOW) + step(6) +
     [expect(uqreg(2, UQ_FENCE_VALUE_LO), 2),
      expect(uqreg(2, UQ_STATUS), QS_ENABLED),
      expect(WIN + 0x1000, 0x10000, R_IMEM),       # job 2's threads 0, 1
      wl(uqreg(2, UQ_CTRL), 0)] + step(4) +         # destroyed mid-window
     [expect(uqreg(2, UQ_STATUS), 0), expect(uqreg(2, UQ_FENCE_VALUE_LO), 2),
      expect(REG_STAT_JOBS, 2), shadow_tail(9), wl(uqreg(2, UQ_CTRL), 1)] +
     step(2) + [expect(uqreg(2, UQ_STATUS), qerr(QERR_BAD_DOORBELL)),
                expect(uqreg(2, UQ_FENCE_VALUE_LO), 0),
                expect(REG_STAT_JOBS, 2)] + status())

REPLAY = ["uq-garbage", "uq-doorbell-past", "uq-bad-ring", "uq-destroy-running",
          "uq-shadow-destroy"]


def fuzz_input(cmds):
    """The generic-fuzz input of a seed's commands."""
    raw = [c if isinstance(c, bytes) else c.fuzz() for c in cmds]
    for c in raw:
        assert SEP not in c, c
    return SEP.join(raw)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: gen-seeds.py OUTDIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name, cmds in SEEDS.items():
        data = fuzz_input(cmds)
        with open(os.path.join(out, "seed-" + name), "wb") as f:
            f.write(data)
    print(f"gen-seeds: {len(SEEDS)} seeds in {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
