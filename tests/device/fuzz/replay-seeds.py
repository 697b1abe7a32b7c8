#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The replayable seeds of gen-seeds.py (REPLAY) through qtest on the
ordinary QEMU build, in seconds (make check's suite fuzz-seeds):

    replay-seeds.py QEMU-SYSTEM-X86_64 [SEED...]

Each seed's commands become qtest commands on a q35 machine whose idxgen
device sits at 00:04.0 with its BARs where generic-fuzz's qpci puts them
(programmed here through 0xcf8/0xcfc); mem() data is written where the
device will read it, expect() reads are checked.  TAP: per seed, one line
that QEMU took every command and stayed up, and one per expect().  The
fuzzer (make fuzz, ASan+UBSan) starts from the same seeds.
"""
import importlib.util
import os
import socket
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("gen_seeds", os.path.join(HERE, "gen-seeds.py"))
gs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gs)

SLOT = 4                                  # -device idxgen,addr=04.0
# A hang guard on QEMU's start and each reply (they take milliseconds),
# far above the slowest run of a loaded machine: never a bound a slow run meets.
HANG_GUARD_S = 600
# Region index -> bus address.  BAR5, the doorbells (64 KiB), where qpci puts
# it: after BAR4's 4 KiB table and PBA, aligned to its size.  (generic-fuzz
# finds it by index, gen-seeds.R_DB = 4; seen in a fuzz build's trace: a
# write to region 4 at 0x1000 rings user queue 1's doorbell.)
BAR5_ADDR = 0xE8010000
REGION = {gs.R_REGS: gs.BAR0_ADDR, gs.R_IMEM: gs.BAR2_ADDR, gs.R_DB: BAR5_ADDR}
SIZE = {0: "b", 1: "w", 2: "l", 3: "q"}
MASK = {0: 0xff, 1: 0xffff, 2: 0xffffffff, 3: 2**64 - 1}


def cfg_write(reg, val):
    addr = 0x80000000 | SLOT << 11 | reg
    return [f"outl 0xcf8 {addr:#x}", f"outl 0xcfc {val:#x}"]


def map_bars():
    cmds = cfg_write(0x10, gs.BAR0_ADDR)
    cmds += cfg_write(0x18, gs.BAR2_ADDR) + cfg_write(0x1c, 0)
    cmds += cfg_write(0x20, gs.BAR4_ADDR) + cfg_write(0x24, BAR5_ADDR)
    return cmds + cfg_write(0x04, 0x6)    # memory space, bus master


def qtest_cmds(cmd):
    """(qtest line, expected value or None) pairs for one seed command."""
    if isinstance(cmd, gs.Mem):
        return [(f"write {cmd.addr:#x} {len(cmd.data):#x} 0x{cmd.data.hex()}", None)]
    if isinstance(cmd, gs.Expect):
        addr = REGION[cmd.region] + cmd.off
        return [(f"read{SIZE[cmd.size]} {addr:#x}", cmd.value)]
    op = cmd[0]
    if op == gs.OP_WRITE:
        size, region, off, val = struct.unpack("<BBxxIQ", cmd[1:])
        return [(f"write{SIZE[size]} {REGION[region] + off:#x} {val & MASK[size]:#x}", None)]
    if op == gs.OP_READ:
        size, region, off = struct.unpack("<BBxxI", cmd[1:])
        return [(f"read{SIZE[size]} {REGION[region] + off:#x}", None)]
    if op == gs.OP_CLOCK_STEP:
        return [("clock_step", None)]
    if op == gs.OP_CLEAR_DMA_PATTERNS:
        return []
    raise ValueError(f"command {op} cannot be replayed (use mem() for DMA data)")


def replay(qemu, name, cmds, n):
    """Run one seed; returns the next TAP number."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "qtest.sock")
        srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        srv.bind(path)
        srv.listen(1)
        srv.settimeout(HANG_GUARD_S)
        proc = subprocess.Popen(
            [qemu, "-machine", "q35,accel=qtest", "-nodefaults", "-display", "none",
             "-qtest", f"unix:{path}", "-qtest-log", "/dev/null",
             "-device", f"idxgen,addr={SLOT:02x}.0,debug=on"],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        took, fails, buf = 0, [], b""
        try:
            conn, _ = srv.accept()
            conn.settimeout(HANG_GUARD_S)
            lines = [(c, None) for c in map_bars()]
            for c in cmds:
                lines += qtest_cmds(c)
            for line, want in lines:
                conn.sendall(line.encode() + b"\n")
                while b"\n" not in buf:
                    chunk = conn.recv(4096)
                    if not chunk:
                        raise EOFError(f"QEMU closed the connection at '{line}'")
                    buf += chunk
                reply, buf = buf.split(b"\n", 1)
                reply = reply.decode()
                if not reply.startswith("OK"):
                    raise EOFError(f"'{line}' answered '{reply}'")
                took += 1
                if want is not None:
                    got = int(reply.split()[1], 16)
                    fails.append((line, want, got))
            conn.close()
            err = None
        except (EOFError, OSError) as e:
            err = str(e)
        alive = proc.poll() is None
        proc.kill()
        out = proc.communicate()[0].decode(errors="replace")
        srv.close()
    ok = err is None and alive
    print(f"{'ok' if ok else 'not ok'} {n} - {name}: QEMU took all {len(lines)} commands and stayed up"
          + ("" if ok else f" (took {took}; {err}; exit {proc.returncode})"))
    if not ok:
        for line in out.splitlines()[-15:]:
            print(f"# qemu: {line}")
    n += 1
    for line, want, got in fails:
        print(f"{'ok' if got == want else 'not ok'} {n} - {name}: {line} = {want:#x}"
              + ("" if got == want else f" (read {got:#x})"))
        n += 1
    return n


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: replay-seeds.py QEMU-SYSTEM-X86_64 [SEED...]")
    names = sys.argv[2:] or gs.REPLAY
    n = 1
    for name in names:
        n = replay(sys.argv[1], name, gs.SEEDS[name], n)
    print(f"1..{n - 1}")


if __name__ == "__main__":
    main()
