#!/usr/bin/env python3
"""Sizes of the public structs and unions in two abidw corpora (stdlib only).

A second look at the ABI that does not go through abidiff's change
categories and filters: every struct or union that the old corpus defines
in a public header (a file under HEADERS_DIR) must have the same size in
the new one and must still be defined there.  A caller allocates these
(struct idxgen_config on its stack, arrays of struct idxgen_job_result),
so a size change breaks every program built against the old header, even
when each member it already used kept its offset.

A struct that the suppression file SUPPR (abidiff's format, optional)
allows to grow at its end (a [suppress_type] section with
has_data_member_inserted_at = end: one the library allocates and hands out
by pointer) may grow, as long as every old member is still there at its old
offset.

usage: abi-sizes.py OLD.abi NEW.abi HEADERS_DIR [SUPPR]
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


def grow_at_end(path):
    """Names of the structs SUPPR lets grow at their end."""
    names, name, at_end = set(), None, False
    lines = open(path).read().splitlines() if path else []
    for line in lines + ["["]:
        line = line.split("#", 1)[0].strip()
        if line.startswith("["):
            if name and at_end:
                names.add(name)
            name, at_end = None, False
        elif "=" in line:
            key, val = (x.strip() for x in line.split("=", 1))
            if key == "name":
                name = val
            elif key == "has_data_member_inserted_at" and val == "end":
                at_end = True
    return names


def members(path, name):
    """(member name, offset in bits) of struct NAME's definition."""
    for el in ET.parse(path).getroot().iter("class-decl"):
        if el.get("name") == name and el.get("size-in-bits") is not None:
            return {(dm.find("var-decl").get("name"), dm.get("layout-offset-in-bits"))
                    for dm in el.findall("data-member")}
    return set()


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
    if len(sys.argv) not in (4, 5):
        print("usage: abi-sizes.py OLD.abi NEW.abi HEADERS_DIR [SUPPR]", file=sys.stderr)
        sys.exit(2)
    headers = public_headers(sys.argv[3])
    growable = grow_at_end(sys.argv[4] if len(sys.argv) == 5 else None)
    old, new = sizes(sys.argv[1], headers), sizes(sys.argv[2], headers)
    changes = 0
    for name, (kind, size) in sorted(old.items()):
        if size is None:
            continue
        now = new.get(name, (kind, None))[1]
        if (name in growable and now is not None and now > size and
                members(sys.argv[1], name) <= members(sys.argv[2], name)):
            continue
        if now != size:
            what = "no longer defined" if now is None else f"size changed from {size} to {now} bits"
            print(f"{kind} {name}: {what}")
            changes += 1
    sys.exit(1 if changes else 0)


if __name__ == "__main__":
    main()
