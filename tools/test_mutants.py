#!/usr/bin/env python3
"""tools/test_mutants.py: checks of tools/mutants.py's file mapping and of
which sites it mutates (run by make mutants-allow-check)."""
import importlib.util
import os
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

if failed:
    print("tools/test_mutants.py: FAILED: " + "; ".join(failed))
    sys.exit(1)
print("tools/test_mutants.py: ok")
