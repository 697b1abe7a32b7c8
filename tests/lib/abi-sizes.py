#!/usr/bin/env python3
"""Sizes of the public structs and unions in two abidw corpora (stdlib only).

A second look at the ABI that does not go through abidiff's change
categories and filters: every struct or union that the old corpus defines
in a public header (a file under HEADERS_DIR) must have the same size in
the new one and must still be defined there.  A caller allocates these
(struct idxgen_config on its stack, arrays of struct idxgen_job_result),
so a size change breaks every program built against the old header, even
when each member it already used kept its offset.

usage: abi-sizes.py OLD.abi NEW.abi HEADERS_DIR
Prints one line per change; exit status 1 when there is one, 0 when not.
"""
import os
import sys
import xml.etree.ElementTree as ET


def public_headers(root):
    names = set()
    for _, _, files in os.walk(root):
        names.update(f for f in files if f.endswith(".h"))
    return names


def sizes(path, headers):
    """name -> (kind, size in bits or None when only declared)."""
    out = {}
    for el in ET.parse(path).getroot().iter():
        if el.tag not in ("class-decl", "union-decl"):
            continue
        name = el.get("name", "")
        loc = os.path.basename(el.get("filepath", ""))
        if not name or name.startswith("__anonymous") or (loc and loc not in headers):
            continue
        kind = "union" if el.tag == "union-decl" else "struct"
        size = el.get("size-in-bits")
        if el.get("is-declaration-only") == "yes" or size is None:
            out.setdefault(name, (kind, None))
        else:
            out[name] = (kind, int(size))
    return out


def main():
    if len(sys.argv) != 4:
        print("usage: abi-sizes.py OLD.abi NEW.abi HEADERS_DIR", file=sys.stderr)
        sys.exit(2)
    headers = public_headers(sys.argv[3])
    old, new = sizes(sys.argv[1], headers), sizes(sys.argv[2], headers)
    changes = 0
    for name, (kind, size) in sorted(old.items()):
        if size is None:
            continue
        now = new.get(name, (kind, None))[1]
        if now != size:
            what = "no longer defined" if now is None else f"size changed from {size} to {now} bits"
            print(f"{kind} {name}: {what}")
            changes += 1
    sys.exit(1 if changes else 0)


if __name__ == "__main__":
    main()
