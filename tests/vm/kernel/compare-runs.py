#!/usr/bin/env python3
"""Compare two debug-VM runs' results suite by suite.

usage: compare-runs.py BEFORE AFTER
  BEFORE, AFTER: run-vm.sh's results files (build/vm/results-check-debug.txt
  of two runs, e.g. on two kernel configs).

For every suite ("### suite NAME" ... "### end NAME rc=N") prints the
counts passed / failed / skipped / TODO of each run and the test names
that one run has and the other lacks.  A name is a TAP line's description
with its number dropped and every run of digits written as '#' (measured
figures: ioctl counts, seconds, addresses), so that two runs of the same
tests compare equal whatever they measured.  Exits 0 only if every suite
of both runs has the same counts and the same names.
"""
import re
import sys
from collections import Counter

TAP = re.compile(r'^\s*(not ok|ok)\b\s*\d*\s*-?\s*(.*)$')


def outcome(verdict, desc):
    """passed, failed, skipped or todo, as a TAP consumer counts them."""
    directive = re.search(r'#\s*(SKIP|TODO)\b', desc, re.IGNORECASE)
    if directive and directive.group(1).upper() == 'SKIP':
        return 'skipped'
    if directive:
        return 'todo'
    return 'passed' if verdict == 'ok' else 'failed'


def normalise(desc):
    return re.sub(r'0x[0-9a-fA-F]+|\d+', '#', desc.strip())


def suites(path):
    """{suite: (Counter of outcomes, Counter of normalised names)} in order."""
    result = {}
    current = None
    with open(path, 'rb') as f:
        for raw in f:
            line = raw.decode('utf-8', 'replace').rstrip('\r\n')
            if line.startswith('### suite '):
                current = line[len('### suite '):].strip()
                result[current] = (Counter(), Counter())
                continue
            if line.startswith('### end ') or line.startswith('### IDXGEN-VM-DONE'):
                current = None
                continue
            m = TAP.match(line)
            if not m:
                continue
            name = current or '(outside any suite)'
            counts, names = result.setdefault(name, (Counter(), Counter()))
            verdict, desc = m.group(1), m.group(2)
            counts[outcome(verdict, desc)] += 1
            names[outcome(verdict, desc) + ': ' + normalise(desc)] += 1
    return result


def show(counts):
    return '%d passed, %d failed, %d skipped, %d todo' % tuple(
        counts[k] for k in ('passed', 'failed', 'skipped', 'todo'))


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    before, after = suites(sys.argv[1]), suites(sys.argv[2])
    differ = 0
    order = list(before) + [s for s in after if s not in before]
    for suite in order:
        b = before.get(suite, (Counter(), Counter()))
        a = after.get(suite, (Counter(), Counter()))
        same = b == a
        differ += not same
        print('%-4s %-22s before %s | after %s' % ('same' if same else 'DIFF', suite, show(b[0]), show(a[0])))
        for name in sorted((b[1] - a[1]).elements()):
            print('       only before: ' + name)
        for name in sorted((a[1] - b[1]).elements()):
            print('       only after:  ' + name)
    total_b = sum((v[0] for v in before.values()), Counter())
    total_a = sum((v[0] for v in after.values()), Counter())
    print('total before: %s; after: %s' % (show(total_b), show(total_a)))
    print('%d suites, %d differ' % (len(order), differ))
    sys.exit(1 if differ else 0)


if __name__ == '__main__':
    main()
