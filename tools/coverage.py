#!/usr/bin/env python3
"""tools/coverage.py [BUILD] [--corpus-only] [--files F...]: line and branch
coverage of fast/ and ref/.

Needs the cov flag set (gcc --coverage, -O0): BUILD/cov/isect and the test
binaries BUILD/cov/tests/test_* (make coverage builds them).  Two runs, each
from zero counters: `isect check corpus/`, then the tests.  After each, gcov
(JSON, one object at a time) gives the counts; a header's lines and branches
are merged over every object that includes it (a branch is reached when some
object takes it).  Prints per part and per file: lines executed, branches
taken at least once; then the fast/ branches the corpus never takes
(file:line, and how many of the line's branches).  Writes the full listing to
BUILD/coverage.txt.  --corpus-only skips the tests; --files restricts the
closing figure and the unreached list to some fast/ files.  Exit status 0 (a report, not a gate), 2 when the build
is missing.
"""
import re
import argparse
import glob
import json
import os
import subprocess
import sys


def clear(build):
    for f in glob.glob(os.path.join(build, "cov", "**", "*.gcda"), recursive=True):
        os.remove(f)


def collect(build, parts):
    """{source path: {line: [count, [branch counts...]]}} merged over the objects of parts."""
    cov = {}
    for part in parts:
        for obj in sorted(glob.glob(os.path.join(build, "cov", part, "*.o"))):
            if not os.path.exists(obj[:-2] + ".gcno"):
                continue
            p = subprocess.run(["gcov", "--json-format", "--stdout", "--branch-probabilities", "-o", obj, obj], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, check=False)
            for doc in p.stdout.decode("utf-8", "replace").splitlines():
                if not doc.startswith("{"):
                    continue
                for f in json.loads(doc)["files"]:
                    name = os.path.normpath(f["file"])
                    if not name.startswith(("fast/", "ref/")):
                        continue
                    lines = cov.setdefault(name, {})
                    for l in f["lines"]:
                        cur = lines.setdefault(l["line_number"], [0, []])
                        cur[0] += l["count"]
                        br = [b["count"] for b in l.get("branches", [])]
                        if len(cur[1]) < len(br):
                            cur[1] += [0] * (len(br) - len(cur[1]))
                        for i, c in enumerate(br):
                            cur[1][i] += c
    return cov


def summary(cov, prefix):
    lt = lh = bt = bh = 0
    for name, lines in cov.items():
        if not name.startswith(prefix):
            continue
        for count, br in lines.values():
            lt += 1
            lh += count > 0
            bt += len(br)
            bh += sum(1 for c in br if c > 0)
    return lt, lh, bt, bh


def pct(a, b):
    return 100.0 * a / b if b else 100.0


def report(title, cov, out):
    print("== %s" % title)
    out.append("== %s" % title)
    for prefix in ("fast/", "ref/"):
        lt, lh, bt, bh = summary(cov, prefix)
        s = "%-6s lines %5.1f%% (%d of %d)   branches %5.1f%% (%d of %d)" % (prefix, pct(lh, lt), lh, lt,
                                                                             pct(bh, bt), bh, bt)
        print(s)
        out.append(s)
    for name in sorted(cov):
        lt, lh, bt, bh = summary({name: cov[name]}, name)
        out.append("  %-36s lines %5.1f%%  branches %5.1f%% (%d of %d)" % (name, pct(lh, lt), pct(bh, bt), bh, bt))


def out_null_branches(cov, prefix):
    """Branches of `if (out)` lines: isect check always passes a result, so
    their out == NULL side is out of the corpus's reach (the tests take it)."""
    n = 0
    for name in cov:
        if not name.startswith(prefix):
            continue
        src = open(name, encoding="utf-8").read().split("\n")
        for line, (count, br) in cov[name].items():
            if line <= len(src) and re.sub(r"\s*/\*.*\*/\s*$", "", src[line - 1]).strip() in ("if (out)", "if (out) {"):
                n += sum(1 for c in br if c == 0)
    return n


def unreached(cov, prefix):
    rows = []
    for name in sorted(cov):
        if not name.startswith(prefix):
            continue
        for line in sorted(cov[name]):
            count, br = cov[name][line]
            miss = sum(1 for c in br if c == 0)
            if miss:
                rows.append("%s:%d  %d of %d branches not taken%s" % (name, line, miss, len(br),
                                                                      "" if count else " (line never run)"))
    return rows


def restrict(cov, files):
    """cov limited to the files named (all of it when files is empty)."""
    return {k: v for k, v in cov.items() if not files or k in files}


def parse(argv):
    ap = argparse.ArgumentParser(description="line and branch coverage of fast/ and ref/ by the corpus and the tests")
    ap.add_argument("build", nargs="?", default="build")
    ap.add_argument("--corpus-only", action="store_true", help="skip the tests' run (only BUILD/cov/isect needed)")
    ap.add_argument("--files", nargs="*", default=[],
                    help="fast/ files (a header counts over every object including it) the closing figure and "
                         "the list of unreached branches are restricted to")
    return ap.parse_args(argv)


def main(argv):
    args = parse(argv)
    build = args.build
    isect = os.path.join(build, "cov", "isect")
    tests = sorted(t for t in glob.glob(os.path.join(build, "cov", "tests", "test_*"))
                   if os.access(t, os.X_OK) and not t.endswith((".o", ".d", ".gcno", ".gcda")))
    if not os.access(isect, os.X_OK):
        print("coverage: %s not built (make coverage)" % isect, file=sys.stderr)
        return 2
    out = []
    clear(build)
    subprocess.run([isect, "check", "corpus/"], stdout=subprocess.DEVNULL, check=False)
    corpus = collect(build, ["fast", "ref"])
    report("isect check corpus/", corpus, out)
    if not args.corpus_only:
        clear(build)
        for t in tests:
            subprocess.run([t, "--jobs=1", "-q"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        report("the tests (%d binaries)" % len(tests), collect(build, ["fast", "ref"]), out)
    files = [os.path.normpath(f) for f in args.files]
    mine = restrict(corpus, files)
    lt, lh, bt, bh = summary(mine, "fast/")
    skip = out_null_branches(mine, "fast/")
    s = ("fast/ branches%s taken by the corpus, leaving out the %d out == NULL sides of `if (out)` (never "
         "taken by isect check): %.1f%% (%d of %d)" % (" of the %d files given" % len(files) if files else "",
                                                       skip, pct(bh, bt - skip), bh, bt - skip))
    print(s)
    out.append(s)
    rows = unreached(mine, "fast/")
    print("== fast/ branches the corpus does not take: %d lines (full list in %s/coverage.txt)" % (len(rows), build))
    for r in rows:
        print("  " + r)
    out.append("== fast/ branches the corpus does not take")
    out += ["  " + r for r in rows]
    out.append("== ref/ branches the corpus does not take")
    out += ["  " + r for r in unreached(corpus, "ref/")]
    with open(os.path.join(build, "coverage.txt"), "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
