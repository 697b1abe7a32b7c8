# SPDX-License-Identifier: MIT
"""tap.py - the TAP output of idxgen's Python tests (tap.h and tap.sh in Python).

    from tap import Tap                   # tests/common on sys.path
    t = Tap()
    t.ok(cond, 'name')                    # "ok N - name" / "not ok N - name"
    t.skip('why', 'name')                 # a test that cannot run here; the
                                          # reason is required, never a pass
    t.todo(cond, 'BUG', 'name')           # an expected failure of a known bug,
                                          # named; passing fails, so the marker
                                          # goes with the fix
    t.diag('text')                        # "# text" lines
    sys.exit(t.done())                    # plan, closing line; 1 on a failure

A "#" in a name is written "\\#", as TAP says, so that a name is never read
as a directive (tests/common/tap-count.sh).
"""

import sys


def _name(text):
    return str(text).replace('#', '\\#').replace('\n', ' ')


class Tap:
    def __init__(self, out=None):
        self.out = out or sys.stdout
        self.n = self.failed = self.skipped = self.expected_failures = 0

    def _line(self, cond, name, directive=''):
        self.n += 1
        print('%sok %d - %s%s' % ('' if cond else 'not ', self.n, _name(name), directive),
              file=self.out, flush=True)

    def ok(self, cond, name):
        if not cond:
            self.failed += 1
        self._line(cond, name)
        return bool(cond)

    def skip(self, reason, name):
        if not reason:
            self.failed += 1
            self._line(False, '%s: skipped without a reason' % name)
            return
        self.skipped += 1
        self._line(True, name, ' # SKIP %s' % reason)

    def todo(self, cond, bug, name):
        if not bug:
            self.failed += 1
            self._line(False, '%s: an expected failure must name its bug' % name)
        elif cond:
            self.failed += 1
            self._line(False, '%s: passes now, remove its known-bug marker (%s)' % (name, bug))
        else:
            self.expected_failures += 1
            self._line(False, name, ' # TODO %s' % bug)
        return bool(cond)

    def diag(self, text):
        for line in str(text).split('\n'):
            print('# ' + line, file=self.out)
        self.out.flush()

    def done(self):
        passed = self.n - self.failed - self.skipped - self.expected_failures
        print('1..%d\n# %d passed, %d failed, %d skipped, %d expected failures' %
              (self.n, passed, self.failed, self.skipped, self.expected_failures),
              file=self.out, flush=True)
        return 1 if self.failed else 0
