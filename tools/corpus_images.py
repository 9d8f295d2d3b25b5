#!/usr/bin/env python3
"""tools/corpus_images.py ISECT SRC.case... : the symmetric images of corpus cases.
tools/corpus_images.py --invalid ISECT corpus/QUERY... : one-bad-value cases.

For each case, writes its images under the exact symmetries of the query,
each as a new case in SRC's folder named images_<SRC name>.case:
  perm   the coordinates cycled (x, y, z) -> (y, z, x), twice (half extents
         of oriented boxes are not coordinates and stay);
  mirror x negated (a box's min.x and max.x swap places and signs);
  rot    the vertices of each triangle rotated (v0 v1 v2 -> v1 v2 v0), rot2 twice;
  swap   the two objects exchanged (symmetric queries), or the two ends of a
         segment (p0 p1);
  ends   both capsules' segments reversed (capsule_capsule); for edge_edge_ccd,
         the first edge reversed (ends) and the second (ends2).
The CCD queries name a vertex by its letter and its time (vertex_face_ccd
p0 a0 b0 c0 p1 a1 b1 c1, edge_edge_ccd a0 b0 c0 d0 a1 b1 c1 d1): a relabelling
moves a vertex's two positions together (rot: a b c -> b c a at t = 0 and 1;
swap: the edges ab and cd exchanged).
The inputs are rewritten as text (reordered, or a sign added or removed), so
each image is the original configuration moved by an exact isometry or
relabelled: ref's boolean, side and t are unchanged, points move with the
space.  The expect lines are ref's answer (ISECT eval --json), and the
script stops if a boolean, a side, a t or a squared distance differs from
the original's: an image whose answer is not that of its source is a bug.
The images kill mutants that one orientation of a test cannot reach: an
index written for one axis or one vertex, a branch taken for one sign.
"""
import json
import os
import subprocess
import sys

TRI = [("v0", "v1", "v2"), ("a0", "a1", "a2"), ("b0", "b1", "b2")]
SWAPS = {
    "sphere_sphere": [("c0", "c1"), ("r0", "r1")],
    "aabb_aabb": [("min0", "min1"), ("max0", "max1")],
    "capsule_capsule": [("p0", "q0"), ("p1", "q1"), ("r0", "r1")],
    "obb_obb": [("center0", "center1"), ("axis00", "axis10"), ("axis01", "axis11"), ("axis02", "axis12"),
                ("half0", "half1")],
    "triangle_triangle": [("a0", "b0"), ("a1", "b1"), ("a2", "b2")],
    "ray_cylinder": [("p0", "p1")],
    "ray_capsule": [("p0", "p1")],
    "sphere_sweep_segment": [("p0", "p1")],
}
ENDS = {"capsule_capsule": [("p0", "p1"), ("q0", "q1")]}
# Relabellings of the CCD queries (their a0 a1 are one vertex at two times, not
# two vertices of a triangle as in TRI): (name, pairs or cycles, cycle).
CCD_VF_ROT = [("a0", "b0", "c0"), ("a1", "b1", "c1")]
CCD = {
    "vertex_face_ccd": [("rot", CCD_VF_ROT, 1), ("rot2", CCD_VF_ROT, 2)],
    "edge_edge_ccd": [("swap", [("a0", "c0"), ("b0", "d0"), ("a1", "c1"), ("b1", "d1")], 0),
                      ("ends", [("a0", "b0"), ("a1", "b1")], 0), ("ends2", [("c0", "d0"), ("c1", "d1")], 0)],
}
BOXES = [("min", "max"), ("min0", "max0"), ("min1", "max1")]
INVARIANT = ("valid", "hit", "t", "side", "dist2")


def parse(path):
    """[(query, [(field, [tokens])], header comments)] of a case file."""
    cases, cur, comments = [], None, []
    for line in open(path, encoding="utf-8"):
        body = line.split("#", 1)[0].split()
        if not body:
            if line.strip().startswith("#") and cur is None:
                comments.append(line.rstrip())
            continue
        if body[0] == "query":
            cur = (body[1], [], comments)
            comments = []
            cases.append(cur)
        elif body[0] != "expect":
            cur[1].append((body[0], body[1:]))
    return cases


def neg(tok):
    return tok[1:] if tok.startswith("-") else tok[1:] if tok.startswith("+") else "-" + tok


def spatial(field):
    return not field.startswith("half") and field not in ("tmax",)


def perm(q, fields):
    return [(f, v[1:] + v[:1] if len(v) == 3 and spatial(f) else v) for f, v in fields]


def mirror(q, fields):
    d = dict(fields)
    out = []
    for f, v in fields:
        if len(v) == 3 and spatial(f):
            pair = [p for p in BOXES if f in p and all(x in d for x in p)]
            if pair:
                other = pair[0][1] if f == pair[0][0] else pair[0][0]
                v = [neg(d[other][0])] + v[1:]
            else:
                v = [neg(v[0])] + v[1:]
        out.append((f, v))
    return out


def relabel(fields, pairs, cycle=False):
    d = dict(fields)
    m = {}
    for p in pairs:
        if cycle:
            for i, f in enumerate(p):
                m[f] = p[(i + 1) % len(p)]
        else:
            m[p[0]], m[p[1]] = p[1], p[0]
    return [(f, d[m.get(f, f)]) for f, _ in fields]


def images(q, fields):
    names = {f for f, _ in fields}
    out = [("perm", perm(q, fields)), ("perm2", perm(q, perm(q, fields))), ("mirror", mirror(q, fields))]
    if q in CCD:
        for name, pairs, turns in CCD[q]:
            img = fields
            for _ in range(max(turns, 1)):
                img = relabel(img, pairs, cycle=turns > 0)
            out.append((name, img))
        return out
    tris = [t for t in TRI if all(f in names for f in t)]
    if tris:
        out.append(("rot", relabel(fields, tris, cycle=True)))
        out.append(("rot2", relabel(relabel(fields, tris, cycle=True), tris, cycle=True)))
    if q in SWAPS:
        out.append(("swap", relabel(fields, SWAPS[q])))
    if q in ENDS:
        out.append(("ends", relabel(fields, ENDS[q])))
    return out


def ref_answers(isect, path):
    p = subprocess.run([isect, "eval", "--json", path], stdout=subprocess.PIPE, check=False)
    rows = [json.loads(l) for l in p.stdout.decode().splitlines() if l.startswith("{")]
    return [r for r in rows if r.get("target") == "ref"]


def expect_lines(row):
    if not row.get("valid", True):
        return ["expect valid 0"]
    lines = []
    skip = {"file", "index", "query", "target", "valid"}
    for k, v in row.items():
        if k in skip:
            continue
        vals = v if isinstance(v, list) else [v]
        txt = []
        for x in vals:
            if isinstance(x, bool):
                txt.append("1" if x else "0")
            elif isinstance(x, int):
                txt.append(str(x))
            else:
                txt.append(float(x).hex() if x == x and abs(x) != float("inf") else str(x))
        lines.append("expect %s %s" % (k, " ".join(txt)))
    return lines


RADII = ("r", "r0", "r1", "radius")


def invalid_variants(fields):
    """(label, fields) of one bad value each: NaN or inf in a field (every
    component of the first vector field, the first of the others), a negative
    radius, half extent or tmax, a box with min > max along one axis."""
    out = []
    first = True
    d = dict(fields)

    def put(f, i, tok):
        return [(g, (v[:i] + [tok] + v[i + 1:]) if g == f else v) for g, v in fields]

    for f, v in fields:
        comps = range(len(v)) if first and len(v) == 3 else [0]
        first = first and len(v) != 3
        for i in comps:
            out.append(("nan in %s[%d]" % (f, i), put(f, i, "nan")))
        if f != "tmax":
            out.append(("inf in %s[0]" % f, put(f, 0, "-inf")))
        if f in RADII or f == "tmax":
            out.append(("%s negative" % f, put(f, 0, "-0x1p-20")))
        if f.startswith("half"):
            for i in range(3):
                out.append(("%s[%d] negative" % (f, i), put(f, i, "-0x1p-20")))
        for lo, hi in BOXES:
            if f == lo and hi in d:
                for i in range(3):
                    x = float.fromhex(d[hi][i]) if "x" in d[hi][i] else float(d[hi][i])
                    bad = put(lo, i, (x + abs(x) + 1).hex())
                    out.append(("%s[%d] > %s[%d]" % (lo, i, hi, i), bad))
    return out


def write_invalid(isect, folder):
    """BAD: folder/invalid_fields.case from the first valid case of the folder."""
    for src in sorted(os.listdir(folder)):
        if not src.endswith(".case") or src.startswith(("images_", "invalid_fields")):
            continue
        cases, rows = parse(os.path.join(folder, src)), ref_answers(isect, os.path.join(folder, src))
        base = [c for c, r in zip(cases, rows) if r.get("valid", True)]
        if base:
            break
    q, fields, _ = base[0]
    body = invalid_variants(fields)
    dst = os.path.join(folder, "invalid_fields.case")
    with open(dst, "w", encoding="utf-8") as f:
        for label, img in body:
            f.write("query %s\n" % q + "".join("%s %s\n" % (fld, " ".join(v)) for fld, v in img))
    rows = ref_answers(isect, dst)
    with open(dst, "w", encoding="utf-8") as f:
        f.write("# Invalid inputs, one bad value each, from the first valid case of %s\n"
                "# (tools/corpus_images.py --invalid): non-finite values, a negative radius,\n"
                "# half extent or tmax, a box with min > max are invalid (docs/semantics.md):\n"
                "# ref rejects them (expect valid 0) and fast answers a miss (fast/isect.h).\n"
                "# Each reaches one more test of fast's input checks.\n" % src)
        for (label, img), r in zip(body, rows):
            f.write("\n# %s\nquery %s\n" % (label, q))
            f.write("".join("%s %s\n" % (fld, " ".join(v)) for fld, v in img))
            f.write("\n".join(expect_lines(r)) + "\n")


def main(argv):
    if argv and argv[0] == "--invalid":
        for folder in argv[2:]:
            write_invalid(argv[1], folder)
        return 0
    isect, srcs = argv[0], argv[1:]
    for src in srcs:
        cases = parse(src)
        orig = ref_answers(isect, src)
        assert len(orig) == len(cases), src
        body = []
        for (q, fields, _), o in zip(cases, orig):
            for name, img in images(q, fields):
                body.append((q, name, img, o))
        dst = os.path.join(os.path.dirname(src), "images_" + os.path.basename(src))
        tmp = dst + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            for q, name, img, o in body:
                f.write("query %s\n" % q)
                for fld, v in img:
                    f.write("%s %s\n" % (fld, " ".join(v)))
        rows = ref_answers(isect, tmp)
        assert len(rows) == len(body), dst
        with open(dst, "w", encoding="utf-8") as f:
            f.write("# Images of %s under exact symmetries (tools/corpus_images.py): the\n"
                    "# configuration cycled through the axes, mirrored in x, its triangles'\n"
                    "# vertices rotated, its two objects or a segment's ends swapped.  An\n"
                    "# isometry or a relabelling keeps ref's boolean, side and t (points move\n"
                    "# with the space); the expect lines are ref's, checked equal to the source's.\n"
                    % os.path.basename(src))
            for k, ((q, name, img, o), r) in enumerate(zip(body, rows)):
                for key in INVARIANT:
                    if key in o and o.get(key) != r.get(key):
                        sys.exit("%s: image %d (%s) changes %s: %r -> %r" % (dst, k, name, key, o[key], r[key]))
                f.write("\n# %s of case %d\nquery %s\n" % (name, o["index"] + 1, q))
                for fld, v in img:
                    f.write("%s %s\n" % (fld, " ".join(v)))
                f.write("\n".join(expect_lines(r)) + "\n")
        os.remove(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
