#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Forward the guest's "### hmp COMMAND" result lines to QEMU's monitor.

usage: hmp-forward.py RESULTS_FILE MONITOR_SOCKET LOG_FILE [PIDFILE]

Follows RESULTS_FILE (the guest's second serial port) and sends each
COMMAND to the human monitor on MONITOR_SOCKET (a unix socket), one at a
time; the monitor's answer goes to LOG_FILE.  Lets an in-guest test drive
host-side actions such as pcie_aer_inject_error.  Exits at the guest's
"### IDXGEN-VM-DONE" line or when killed by run-vm.sh.

With PIDFILE (QEMU's -pidfile; run-vm.sh passes it only under
IDXGEN_VM_TEST_CRASH=1, for tests/vm/test-harness.sh), the line
"### test-abort-qemu" kills QEMU with SIGABRT: a crash on purpose, to test
how run-vm.sh handles one.
"""
import os
import signal
import socket
import sys
import time


def hmp(sock_path, cmd, log):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(10)
    s.connect(sock_path)
    buf = b""
    while not buf.endswith(b"(qemu) "):
        chunk = s.recv(4096)
        if not chunk:
            break
        buf += chunk
    s.sendall(cmd.encode() + b"\n")
    buf = b""
    while b"(qemu) " not in buf:
        chunk = s.recv(4096)
        if not chunk:
            break
        buf += chunk
    s.close()
    # the monitor echoes the command with line editing: keep the answer only
    lines = buf.decode(errors="replace").replace("\r", "").split("\n")
    answer = " / ".join(ln.strip() for ln in lines[1:] if ln.strip() != "(qemu)")
    log.write("hmp: %s -> %s\n" % (cmd, answer))
    log.flush()


def main():
    results, sock_path, log_path = sys.argv[1:4]
    pidfile = sys.argv[4] if len(sys.argv) > 4 else None
    pos = 0
    pending = b""
    with open(log_path, "a") as log:
        while True:
            try:
                with open(results, "rb") as f:
                    f.seek(pos)
                    data = f.read()
                    pos += len(data)
            except FileNotFoundError:
                data = b""
            pending += data
            *lines, pending = pending.split(b"\n")
            for raw in lines:
                line = raw.decode(errors="replace").strip("\r")
                if line.startswith("### IDXGEN-VM-DONE"):
                    return
                if line == "### test-abort-qemu" and pidfile:
                    with open(pidfile) as f:
                        pid = int(f.read().split()[0])
                    log.write("test: SIGABRT to QEMU (pid %d)\n" % pid)
                    log.flush()
                    os.kill(pid, signal.SIGABRT)
                if line.startswith("### hmp "):
                    try:
                        hmp(sock_path, line[len("### hmp "):], log)
                    except OSError as e:
                        log.write("hmp: %s failed: %s\n" % (line, e))
                        log.flush()
            time.sleep(0.1)


if __name__ == "__main__":
    main()
