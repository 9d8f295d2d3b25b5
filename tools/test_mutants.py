#!/usr/bin/env python3
"""tools/test_mutants.py: checks of tools/mutants.py's file mapping and of
which sites it mutates (run by make mutants-allow-check)."""
import importlib.util
import os
import re
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("mutants", os.path.join(HERE, "mutants.py"))
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)

QUERIES = ["sphere_obb", "obb_obb", "sphere_triangle", "point_in_triangle", "vertex_face_ccd", "edge_edge_ccd",
           "sphere_sweep_point", "sphere_sweep_triangle"]
failed = []


def check(cond, what):
    if not cond:
        failed.append(what)


# A query's own file, its other source files (the longest query name that
# prefixes the file's), the shared CCD and sweep files; a header: None (the
# .d files decide).
check(m.query_of("fast/sphere_obb.c", QUERIES) == ["sphere_obb"], "sphere_obb.c")
check(m.query_of("fast/sphere_obb_filter.c", QUERIES) == ["sphere_obb"], "sphere_obb_filter.c")
check(m.query_of("fast/sphere_triangle_exact.c", QUERIES) == ["sphere_triangle"], "sphere_triangle_exact.c")
check(m.query_of("fast/ccd_bern.c", QUERIES) == ["vertex_face_ccd", "edge_edge_ccd"], "ccd_bern.c")
check(m.query_of("fast/sphere_sweep_common.c", QUERIES) == ["sphere_sweep_point", "sphere_sweep_triangle"],
      "sphere_sweep_common.c")
check(m.query_of("fast/sphere_obb_exact.h", QUERIES) is None, "a header")
check(m.query_of("fast/fast_exact.h", QUERIES) is None, "fast_exact.h")

# Array bounds in declarations are not mutated (fmv included); an index in
# an expression is.
src = """static void f(double *x)
{
    fmv w[3], a[3][3];
    double e[4];
    x[2] = w[1].x + e[3];
}
"""
with tempfile.TemporaryDirectory() as d:
    p = os.path.join(d, "t.c")
    open(p, "w").write(src)
    _, sites = m.enumerate_sites(p, "t.c")
consts = {(s["line"], s["old"]) for s in sites if s["op"] == "const"}
check(not any(line in (3, 4) for line, _ in consts), "declared bounds mutated: %s" % sorted(consts))
check({(5, "2"), (5, "1"), (5, "3")} <= consts, "expression indices not mutated: %s" % sorted(consts))

# The same over fast/: no constant mutant at a declared array bound, for
# any type (`uint32_t b[3]` was mutated once: its type was missing from
# DECL_START).  A declaration here: a line starting with a type name and
# a declarator, the bounds before any `=`.
KEYWORDS = {"return", "else", "case", "goto", "typedef", "struct", "if", "while", "for", "do", "switch", "sizeof"}
root = os.path.dirname(HERE)
for rel in sorted(os.listdir(os.path.join(root, "fast"))):
    if not rel.endswith((".c", ".h")) or rel == "isect.h":
        continue
    path = os.path.join(root, "fast", rel)
    text = open(path, encoding="utf-8").read()
    bounds, start = set(), 0
    for line in text.split("\n"):
        mt = re.match(r"\s*(?:static\s+|const\s+)*([A-Za-z_]\w*)\s+\**[A-Za-z_]\w*\s*\[", line)
        if mt and mt.group(1) not in KEYWORDS:
            head = line.split("=")[0]
            for b in re.finditer(r"[A-Za-z_]\w*((?:\[\d+\])+)", head):
                for d in re.finditer(r"\d+", b.group(1)):
                    bounds.add(start + b.start(1) + d.start())
        start += len(line) + 1
    _, sites = m.enumerate_sites(path, "fast/" + rel)
    bad = sorted(s["line"] for s in sites if s["op"] == "const" and s["offset"] in bounds)
    check(not bad, "fast/%s: declared bounds mutated at lines %s" % (rel, bad))

if failed:
    print("tools/test_mutants.py: FAILED: " + "; ".join(failed))
    sys.exit(1)
print("tools/test_mutants.py: ok")
