#!/usr/bin/env python3
"""Independent graph checks for idxgen-coop's --dump-edges output.

Library for random.py and the paper test, and a command:
  graph.py EDGES         check that every removed dependence is implied by the
                         kept ones plus program order, and every kept one is not
Computes dependences by brute force per element (no segments) and reachability by
plain depth-first search, so it shares nothing with the translator's code.
"""
import sys


def parse(path):
    nodes, edges = [], []
    for line in open(path):
        f = line.split()
        if not f or f[0].startswith('#'):
            continue
        if f[0] == 'node':
            nodes.append(dict(label=f[1], warp=int(f[2]), role=f[3], buf=f[4],
                              lo=int(f[5]), hi=int(f[6])))
        elif f[0] == 'edge':
            edges.append((f[1], f[2], f[3], f[4]))
    return nodes, edges


def expected_deps(nodes):
    """Data: last writer -> reader; resource: reader -> next writer (per element)."""
    deps = set()
    state = {}  # (buf, elem) -> [writer, readers]
    for n in nodes:
        for e in range(n['lo'], n['hi']):
            st = state.setdefault((n['buf'], e), [None, []])
            if n['role'] == 'consume':
                assert st[0] is not None, 'read of unwritten element'
                deps.add(('data', st[0], n['label']))
                st[1].append(n['label'])
            else:
                for r in st[1]:
                    deps.add(('resource', r, n['label']))
                st[0], st[1] = n['label'], []
    return deps


def order_edges(nodes):
    last, out = {}, set()
    for n in nodes:
        if n['warp'] in last:
            out.add((last[n['warp']], n['label']))
        last[n['warp']] = n['label']
    return out


def reaches(adj, u, v, skip=None):
    seen, stack = set(), [u]
    while stack:
        x = stack.pop()
        for y in adj.get(x, ()):
            if (x, y) == skip:
                continue
            if y == v:
                return True
            if y not in seen:
                seen.add(y)
                stack.append(y)
    return False


def check(path, out=print):
    """Returns a list of problems (empty: fine)."""
    nodes, edges = parse(path)
    probs = []
    order = order_edges(nodes)
    got_order = {(u, v) for k, u, v, s in edges if k == 'control'}
    if got_order != order:
        probs.append('control edges %s != program order %s' % (sorted(got_order), sorted(order)))
    deps = {(k, u, v) for k, u, v, s in edges if k != 'control'}
    want = expected_deps(nodes)
    if deps != want:
        probs.append('dependences differ: missing %s, extra %s' %
                     (sorted(want - deps), sorted(deps - want)))
    adj = {}
    for u, v in order:
        adj.setdefault(u, []).append(v)
    kept = [(u, v) for k, u, v, s in edges if k != 'control' and s == 'kept']
    for u, v in kept:
        adj.setdefault(u, []).append(v)
    for k, u, v, s in edges:
        if k == 'control':
            continue
        if s == 'removed' and not reaches(adj, u, v):
            probs.append('removed %s %s->%s is not implied' % (k, u, v))
        if s == 'kept' and reaches(adj, u, v, skip=(u, v)):
            probs.append('kept %s %s->%s is implied by the others' % (k, u, v))
    return probs


if __name__ == '__main__':
    p = check(sys.argv[1])
    for x in p:
        print(x)
    sys.exit(1 if p else 0)
