#!/usr/bin/env python3
"""tools/mutants.py: mutation testing of fast/ (or of any C file of a target).

Each mutant is one small operator change in one source file: a relational
operator (< <=, > >=, == !=), a boolean connective (&& ||), an arithmetic
sign (binary + -, += -=, a unary - or ! dropped), a constant (an integer
+-1, a float zeroed, a hex float's exponent +-10: a guard weakened or
strengthened by 2^10), a boolean literal (true false).  Comments, strings
and preprocessor lines other than #define are left alone.

Every mutant is built in a private copy of the tree (BUILD/mutants/tree)
and run through stages, stopping at the first that kills it:
  corpus  `isect check CORPUS --target T` exits non-zero (or crashes, or
          hangs past --timeout),
  tests   the Criterion tests of the mutated query, release build,
  fuzz    the query's libFuzzer harness for --fuzz SECONDS (fixed seed),
          when --fuzz is given and clang is present; the input that
          killed it is kept as BUILD/mutants/kills/KEY.case.
A mutant that does not compile is counted apart.  Mutants listed in the
allowlist (--allow, default tools/mutants.allow) as equivalent are counted
apart too; the scores are over the others.  docs/mutants.md explains the
keys, the stages and the current scores.
"""
import argparse
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

# ---- scanning C source -----------------------------------------------------

PUNCT = sorted("<<= >>= -> ++ -- << >> <= >= == != && || += -= *= /= %= &= |= ^= ... "
               "< > + - * / % ! ~ & | ^ ? : ; , . ( ) [ ] { } = #".split(), key=len, reverse=True)
TOKEN_RE = re.compile(
    r"(?P<comment>/\*.*?\*/|//[^\n]*)"
    r"|(?P<string>\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*')"
    r"|(?P<number>\.?[0-9](?:[eEpP][+-]|[0-9A-Za-z_.])*)"
    r"|(?P<ident>[A-Za-z_][A-Za-z_0-9]*)"
    r"|(?P<punct>" + "|".join(re.escape(p) for p in PUNCT) + r")"
    r"|(?P<space>\s+)", re.S)
DIRECTIVE_RE = re.compile(r"^[ \t]*#[ \t]*(\w+)", re.M)
UNARY_AFTER_WORDS = {"return", "case", "sizeof", "else", "do"}
SWAP = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "==", "&&": "||", "||": "&&",
        "+=": "-=", "-=": "+=", "true": "false", "false": "true"}


def skipped_spans(text):
    """Byte ranges of preprocessor lines that are not #define."""
    spans = []
    for m in DIRECTIVE_RE.finditer(text):
        if m.group(1) == "define":
            continue
        end = m.start()
        while True:
            nl = text.find("\n", end)
            if nl < 0:
                nl = len(text)
                break
            if text[nl - 1] != "\\":
                break
            end = nl + 1
        spans.append((m.start(), nl))
    return spans


def tokens(text):
    """(kind, value, offset) of every significant token."""
    skip = skipped_spans(text)
    out, pos, k = [], 0, 0
    while pos < len(text):
        while k < len(skip) and skip[k][1] <= pos:
            k += 1
        if k < len(skip) and skip[k][0] <= pos:
            pos = skip[k][1]
            continue
        m = TOKEN_RE.match(text, pos)
        if not m:
            pos += 1
            continue
        kind = m.lastgroup
        if kind not in ("comment", "space", "string"):
            out.append((kind, m.group(), pos))
        pos = m.end()
    return out


def number_mutations(lit):
    """Replacement literals for a numeric literal."""
    low = lit.lower()
    if low.startswith("0x") and "p" in low:
        m = re.match(r"(.*[pP])([+-]?)([0-9]+)(.*)$", lit)
        mant, sign, exp, suffix = m.groups()
        e = int(sign + exp)
        zero = "0.0" + ("f" if suffix.lower() == "f" else "")
        return [mant + str(e + 10) + suffix, mant + str(e - 10) + suffix, zero]
    if re.fullmatch(r"[0-9]+[uUlL]*", lit) and not (lit.startswith("0") and len(lit) > 1):
        n = int(re.match(r"[0-9]+", lit).group())
        suffix = lit[len(str(n)):]
        reps = [str(n + 1) + suffix]
        if n > 0:
            reps.append(str(n - 1) + suffix)
        return reps
    if re.fullmatch(r"[0-9.]+(?:[eE][+-]?[0-9]+)?[fFlL]?", lit):
        suffix = "f" if lit[-1] in "fF" else ""
        try:
            v = float(lit.rstrip("fFlL"))
        except ValueError:
            return []
        return ["1.0" + suffix] if v == 0 else ["0.0" + suffix, repr(2 * v) + suffix]
    return []


def functions_at(text):
    """Offset -> enclosing function name: the last column-0 definition line before it."""
    defs = []
    for m in re.finditer(r"^(?:static\s+)?(?:inline\s+)?[A-Za-z_][\w \t\*]*?\b([A-Za-z_]\w*)\s*\(", text, re.M):
        if m.group(1) not in ("if", "for", "while", "switch", "return"):
            defs.append((m.start(), m.group(1)))
    return defs


DECL_START = re.compile(r"\s*(?:static\s+|const\s+)*(?:double|float|int|bool|unsigned|u?int(?:8|16|32|64)_t|size_t|fv_d3|isect_vec3|"
                        r"isect_obb|config|obb_frame|fsw_\w+|rc_\w+|fe|fmv|fx_num|slab|fiv3?|fpoly|dpoly|dp[1-4]v?|as_end|ra_ends|pt2)\b")


def array_bound(text, toks, i):
    """Is token i the bound of an array in a declaration (int a[3], ...)?  Its
    mutants are no operator change: a larger bound is equivalent, a smaller
    one an out-of-bounds access."""
    if i < 2 or i + 1 >= len(toks) or toks[i - 1][1] != "[" or toks[i + 1][1] != "]" or \
            (toks[i - 2][0] != "ident" and toks[i - 2][1] != "]"):  # a[3] or a[3][3]
        return False
    off = toks[i][2]
    start = text.rfind("\n", 0, off) + 1
    head = text[start:off]
    return bool(DECL_START.match(head)) and head.count("(") == head.count(")") and head.count("{") == head.count("}")


def enumerate_sites(path, rel):
    """Every mutant of one file: dicts with file, line, offset, old, new, op, func, key."""
    text = open(path, encoding="utf-8").read()
    toks = tokens(text)
    defs = functions_at(text)
    sites = []
    for i, (kind, val, off) in enumerate(toks):
        prev = toks[i - 1] if i else ("punct", ";", 0)
        prev_operand = prev[0] == "number" or (prev[0] == "ident" and prev[1] not in UNARY_AFTER_WORDS) \
            or prev[1] in (")", "]")
        reps = []
        if kind == "punct" and val in SWAP:
            reps = [(SWAP[val], "swap")]
        elif kind == "ident" and val in SWAP:
            reps = [(SWAP[val], "swap")]
        elif kind == "punct" and val in ("+", "-") and prev_operand:
            reps = [("-" if val == "+" else "+", "sign")]
        elif kind == "punct" and val in ("-", "!") and not prev_operand:
            reps = [("", "drop")]
        elif kind == "number" and array_bound(text, toks, i):
            reps = []
        elif kind == "number":
            reps = [(r, "const") for r in number_mutations(val)]
        for new, op in reps:
            line = text.count("\n", 0, off) + 1
            func = "-"
            for start, name in defs:
                if start <= off:
                    func = name
            sites.append({"file": rel, "line": line, "offset": off, "old": val, "new": new, "op": op, "func": func})
    # Stable keys: file, function, hash of the line's text, the change, and its rank among equal changes.
    lines = text.split("\n")
    seen = {}
    for s in sites:
        h = hashlib.sha1(lines[s["line"] - 1].strip().encode()).hexdigest()[:8]
        base = "%s|%s|%s|%s>%s" % (s["file"], s["func"], h, s["old"], s["new"] or "(drop)")
        seen[base] = seen.get(base, 0) + 1
        s["key"] = "%s|%d" % (base, seen[base])
    return text, sites


def apply(text, s):
    return text[:s["offset"]] + s["new"] + text[s["offset"] + len(s["old"]):]


# ---- the private tree and its builds ----------------------------------------

def run(cmd, cwd, timeout=None, env=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout,
                           env=env)
        return p.returncode, p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        return "timeout", (e.stdout or b"").decode("utf-8", "replace")


def copy_tree(src, dst):
    """Sync the source tree (no build outputs, findings, reports) into dst.  A file
    whose content changed gets a new timestamp, so make rebuilds what depends on
    it (a mutant left by an interrupted run included); the others keep theirs."""
    skip = {".git", "build", "findings", "reports"}
    wanted = set()
    # a --build folder inside the tree holds dst: never copy it into itself
    dst_abs = os.path.realpath(dst)

    def holds_dst(path):
        p = os.path.realpath(path)
        return dst_abs == p or dst_abs.startswith(p + os.sep)

    for d, dirs, names in os.walk(src):
        rel = os.path.relpath(d, src)
        dirs[:] = [x for x in dirs if not (rel == "." and x in skip) and not holds_dst(os.path.join(d, x))]
        for name in names:
            r = os.path.normpath(os.path.join(rel, name))
            wanted.add(r)
            s, t = os.path.join(src, r), os.path.join(dst, r)
            data = open(s, "rb").read()
            if os.path.exists(t) and open(t, "rb").read() == data:
                continue
            os.makedirs(os.path.dirname(t), exist_ok=True)
            with open(t, "wb") as f:
                f.write(data)
            shutil.copymode(s, t)
    for d, dirs, names in os.walk(dst):
        rel = os.path.relpath(d, dst)
        dirs[:] = [x for x in dirs if not (rel == "." and x in skip)]
        for name in names:
            r = os.path.normpath(os.path.join(rel, name))
            if r not in wanted:
                os.remove(os.path.join(dst, r))


class Tree:
    def __init__(self, args):
        self.args = args
        self.dir = os.path.abspath(os.path.join(args.build, "mutants", "tree"))
        # PEERS= : the peer libraries' adapters are not needed to judge fast.
        self.make = ["make", "--no-print-directory", "-j%d" % args.jobs, "BUILD=build", "PEERS=",
                     "OPT_release=%s" % args.opt]
        if args.user_target:
            self.make.append("USER_TARGET=%s" % " ".join(args.user_target))

    def build(self, targets, timeout=900):
        return run(self.make + targets, self.dir, timeout)

    def isect_target(self):
        """The isect the corpus stage runs: the release build, or with --sanitize the ASan and UBSan build
        that `make check`'s corpus-check runs (a read past an array then fails the check)."""
        return "build/asan/isect" if self.args.sanitize else "build/release/isect"

    def isect(self):
        return os.path.join(self.dir, self.isect_target())

    def test_bins(self, names):
        return ["build/release/tests/%s" % n for n in names]


def query_of(rel, fast_queries):
    """The queries whose behaviour a file of fast/ (or a user file) can change."""
    base = os.path.splitext(os.path.basename(rel))[0]
    if base in fast_queries:
        return [base]
    if base == "sphere_sweep_common":
        return [q for q in fast_queries if q.startswith("sphere_sweep_")]
    if base.startswith("ccd_"):  # the search shared by the two CCD queries
        return [q for q in fast_queries if q.endswith("_ccd")]
    if rel.endswith(".c"):  # a query's other source file: sphere_obb_filter.c
        qs = [q for q in fast_queries if base.startswith(q + "_")]
        if qs:
            return [max(qs, key=len)]
    return None  # a header: every query whose object depends on it (from the .d files)


def header_queries(tree, rel, fast_queries):
    qs = []
    for q in fast_queries:
        d = os.path.join(tree.dir, "build", "release", "fast", q + ".d")
        try:
            if re.search(r"(^|\s)%s(\s|$)" % re.escape(rel), open(d).read()):
                qs.append(q)
        except OSError:
            pass
    for c, pre in (("sphere_sweep_common", "sphere_sweep_"), ("ccd_common", None), ("ccd_bern", None),
                   ("ccd_dist", None)):
        d = os.path.join(tree.dir, "build", "release", "fast", c + ".d")
        if os.path.exists(d) and re.search(r"(^|\s)%s(\s|$)" % re.escape(rel), open(d).read()):
            qs += [q for q in fast_queries if (q.startswith(pre) if pre else q.endswith("_ccd")) and q not in qs]
    return qs


def tests_for(tree, queries):
    """The Criterion tests of the queries (tests/test_QUERY*.c); for the CCD
    queries also the tests of their shared search (tests/test_ccd_*.c that
    include fast_ccd.h: its polynomials, fccd_close_hi, the speed paths)."""
    names = []
    ccd = any(q.endswith("_ccd") for q in queries)
    for t in sorted(os.listdir(os.path.join(tree.dir, "tests"))):
        m = re.fullmatch(r"test_(\w+)\.c", t)
        if m and any(m.group(1) == q or m.group(1).startswith(q + "_") for q in queries):
            names.append(t[:-2])
        elif m and ccd and t.startswith("test_ccd_") and \
                "fast_ccd.h" in open(os.path.join(tree.dir, "tests", t), encoding="utf-8").read():
            names.append(t[:-2])
    return names


def fuzz_queries(tree, queries):
    return [q for q in queries if os.path.exists(os.path.join(tree.dir, "fuzz", "fuzz_%s.c" % q))]


# ---- stages ----------------------------------------------------------------

def stage_corpus(tree, args, queries=None):
    """isect check on the corpus; first on the folders of the mutated queries
    alone (cases are judged one by one, so a failure there is a failure of
    the whole corpus, found faster), then on all of it."""
    targets = sum((["--target", t] for t in args.target), [])
    dirs = [os.path.join(args.corpus, q) for q in queries or [] if os.path.isdir(os.path.join(args.corpus, q))]
    if dirs:
        rc, out = run([tree.isect(), "check"] + targets + dirs, tree.dir, args.timeout)
        if rc != 0:
            return True, out
    rc, out = run([tree.isect(), "check"] + targets + [args.corpus], tree.dir, args.timeout)
    return rc != 0, out


def stage_tests(tree, args, names):
    if not names:
        return False, ""
    rc, out = tree.build(tree.test_bins(names))
    if rc != 0:
        return None, out
    for n in names:
        rc, out = run([os.path.join(tree.dir, "build", "release", "tests", n), "--jobs=%d" % args.jobs, "-q"],
                      tree.dir, args.timeout * 10)
        if rc != 0:
            return True, out
    return False, ""


def stage_fuzz(tree, args, queries, key=""):
    """The harness of each query for a share of --fuzz seconds; a finding's
    .case is kept in BUILD/mutants/kills/ (named after the mutant's key), a
    regression case that kills the mutant by the corpus once added there."""
    qs = fuzz_queries(tree, queries)
    if not qs:
        return False, ""
    bins = ["build/%s/fuzz_%s" % (args.fuzz_build, q) for q in qs]
    rc, out = tree.build(bins)
    if rc != 0:
        return None, out
    secs = max(1, args.fuzz // len(qs))
    for q, b in zip(qs, bins):
        shutil.rmtree(os.path.join(tree.dir, "build", "fuzz-corpus", q), ignore_errors=True)
        findings = os.path.join(tree.dir, "build", "mutant-findings")
        shutil.rmtree(findings, ignore_errors=True)
        env = dict(os.environ, ISECT_FINDINGS=findings, ISECT_FUZZ_BIN=os.path.join(tree.dir, b))
        rc, out = run(["sh", "fuzz/run.sh", "build", q, args.target[0], str(secs), "1"], tree.dir,
                      secs * 4 + 60, env)
        if rc == 1 or rc == "timeout":
            keep_finding(args, findings, key)
            return True, out
    return False, ""


def keep_finding(args, findings, key):
    kills = os.path.join(args.build, "mutants", "kills")
    os.makedirs(kills, exist_ok=True)
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", key).strip("_")
    for f in sorted(os.listdir(findings)) if os.path.isdir(findings) else []:
        if f.endswith(".case"):
            shutil.copy(os.path.join(findings, f), os.path.join(kills, name + ".case"))
            return


def answers(tree, args):
    """{(file, index): (answer, verdict, severity)} of the first target on the corpus."""
    rc, out = run([tree.isect(), "eval", "--json", "--target", args.target[0], args.corpus], tree.dir,
                  args.timeout * 3)
    rows = {}
    for line in out.splitlines():
        if not line.startswith("{"):
            continue
        try:
            r = json.loads(line)
        except ValueError:
            continue
        if r.get("target") == "ref":
            continue
        ans = tuple((k, v) for k, v in r.items() if k not in ("file", "index", "query", "target", "verdict",
                                                               "severity", "witness"))
        rows[(r["file"], r["index"])] = (ans, r.get("verdict"), r.get("severity") or 0)
    return rows


def explain(base, now):
    """What a surviving mutant changed on the corpus: how many answers, the
    largest severity among them (all within the tolerance, or it would be
    dead)."""
    changed = [k for k in now if k in base and now[k][0] != base[k][0]]
    if not changed:
        return "no corpus answer changes"
    sev = max(now[k][2] for k in changed)
    return "%d corpus answers change, severity <= %g" % (len(changed), sev)


# ---- driver ----------------------------------------------------------------

def load_allow(path):
    allow = {}
    if path and os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            line = line.split("#", 1)[0].rstrip() if line.lstrip().startswith("#") else line.rstrip()
            if not line.strip():
                continue
            key, _, reason = line.partition("  ")
            allow[key.strip()] = reason.strip()
    return allow


def write_mutant(path, text, mtime_floor):
    # The file being mutated, so that a run interrupted mid-mutant rebuilds it next time.
    with open(os.path.join(os.path.dirname(path), ".mutant-pending"), "w") as f:
        f.write(os.path.basename(path))
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    # make compares timestamps: the source must be newer than every object built before.
    t = max(time.time(), mtime_floor + 0.01)
    os.utime(path, (t, t))
    return t


def parse_args(argv):
    ap = argparse.ArgumentParser(description="mutation testing of fast/ against the corpus, the tests and fuzzing")
    ap.add_argument("files", nargs="*", help="files to mutate (default: fast/*.c fast/*.h but isect.h)")
    ap.add_argument("--all", action="store_true", help="every mutant (default: --sample)")
    ap.add_argument("--sample", type=int, default=60, help="mutants drawn at random (default 60)")
    ap.add_argument("--seed", type=int, default=1, help="the sample's seed (default 1)")
    ap.add_argument("--stages", default="corpus,tests", help="comma-separated: corpus,tests,fuzz (default corpus,tests)")
    ap.add_argument("--fuzz", type=int, default=0, help="seconds of fuzzing per surviving mutant (adds the stage)")
    ap.add_argument("--target", action="append", default=[], help="target judged by isect check (default fast)")
    ap.add_argument("--user-target", action="append", default=[], help="a user adapter built into isect (USER_TARGET)")
    ap.add_argument("--corpus", help="the corpus (default: corpus/ of the copy, this tree's when the run began)")
    ap.add_argument("--build", default="build", help="build directory (default build)")
    ap.add_argument("--opt", default="-O1 -g0", help="OPT_release of the copy (default -O1 -g0)")
    ap.add_argument("--sanitize", action="store_true",
                    help="judge with the ASan/UBSan isect (build/asan, as make check's corpus-check) instead of "
                         "the release one: slower to build, but a read past an array kills the mutant")
    ap.add_argument("--fuzz-build", default="fuzz", choices=["fuzz", "fuzzrate"],
                    help="flag set of the fuzz stage's harness: fuzz (ASan and UBSan, as make fuzz) or "
                         "fuzzrate (no sanitizers: faster to build and to run; reads past an array go unseen)")
    ap.add_argument("--jobs", type=int, default=1, help="make -j and test jobs (default 1)")
    ap.add_argument("--timeout", type=int, default=10, help="seconds before a corpus run counts as a hang")
    ap.add_argument("--allow", default="tools/mutants.allow", help="allowlist of equivalent mutants")
    ap.add_argument("--list", action="store_true", help="list the mutants and stop")
    ap.add_argument("--stale-allow", action="store_true",
                    help="list the allowlist's keys, of the files selected, that match no mutant (a line or a "
                         "function renamed since the entry was written) and stop; exit status 1 if there are any")
    ap.add_argument("--keys", help="run only the mutants whose keys are listed in this file")
    ap.add_argument("--out", help="write the table here too (default BUILD/mutants/report.txt)")
    a = ap.parse_args(argv)
    a.target = a.target or ["fast"]
    a.stages = [s for s in a.stages.split(",") if s]
    if a.fuzz and "fuzz" not in a.stages:
        a.stages.append("fuzz")
    if "fuzz" in a.stages and not a.fuzz:
        a.fuzz = 10
    if "fuzz" in a.stages and not shutil.which(os.environ.get("CLANG", "clang")):
        print("mutants: clang not found, the fuzz stage is skipped", file=sys.stderr)
        a.stages.remove("fuzz")
    return a


def select(args, root):
    files = args.files or sorted("fast/" + f for f in os.listdir(os.path.join(root, "fast"))
                                 if f.endswith((".c", ".h")) and f != "isect.h")
    sites, texts = [], {}
    for rel in files:
        texts[rel], s = enumerate_sites(os.path.join(root, rel), rel)
        sites += s
    if args.keys:
        wanted = {l.split()[0] for l in open(args.keys) if l.strip() and not l.startswith("#")}
        sites = [s for s in sites if s["key"] in wanted]
    elif not args.all and args.sample < len(sites):
        sites = random.Random(args.seed).sample(sites, args.sample)
    order = {f: i for i, f in enumerate(files)}
    sites.sort(key=lambda s: (order[s["file"]], s["offset"], s["new"]))
    return files, texts, sites


def stale_allow(args, root, files):
    """The allowlist's entries for the files selected whose key no mutant has any more."""
    keys = set()
    for rel in files:
        keys |= {s["key"] for s in enumerate_sites(os.path.join(root, rel), rel)[1]}
    path = os.path.join(root, args.allow)
    allow = load_allow(path)
    stale = {k for k in allow if k.split("|", 1)[0] in files and k not in keys}
    if stale:
        for n, line in enumerate(open(path, encoding="utf-8"), 1):
            key = line.partition("  ")[0].strip()
            if not line.lstrip().startswith("#") and key in stale:
                print("%s:%d: matches no mutant: %s" % (args.allow, n, key))
    print("%d of %d allowlist entries for the %d files selected match no mutant" % (
        len(stale), sum(1 for k in allow if k.split("|", 1)[0] in files), len(files)))
    return 1 if stale else 0


def main(argv):
    args = parse_args(argv)
    root = os.getcwd()
    args.corpus = os.path.abspath(args.corpus) if args.corpus else None
    args.user_target = [os.path.relpath(os.path.abspath(u), root) for u in args.user_target]
    files, texts, sites = select(args, root)
    total = sum(len(enumerate_sites(os.path.join(root, f), f)[1]) for f in files)
    if args.stale_allow:
        return stale_allow(args, root, files)
    if args.list:
        for s in sites:
            print("%s:%d  %s  %s -> %s  %s" % (s["file"], s["line"], s["func"], s["old"], s["new"] or "(drop)", s["key"]))
        print("%d mutants listed of %d" % (len(sites), total))
        return 0
    allow = load_allow(os.path.join(root, args.allow))
    tree = Tree(args)
    t0 = time.time()
    stale = [os.path.join(d, open(os.path.join(d, m)).read().strip()) for d, _, names in os.walk(tree.dir)
             for m in names if m == ".mutant-pending"]
    copy_tree(root, tree.dir)
    for p in stale:
        if os.path.exists(p):
            os.utime(p)
    args.corpus = args.corpus or os.path.join(tree.dir, "corpus")
    print("mutants: %d of %d sites in %d files; stages %s; tree %s" % (len(sites), total, len(files),
                                                                     ",".join(args.stages), tree.dir), flush=True)
    rc, out = tree.build([tree.isect_target()])
    if rc != 0:
        print(out[-3000:], file=sys.stderr)
        print("mutants: the unmutated tree does not build", file=sys.stderr)
        return 2
    killed, why = stage_corpus(tree, args)
    if killed:
        print(why[-3000:], file=sys.stderr)
        print("mutants: isect check fails on the unmutated tree", file=sys.stderr)
        return 2
    base = answers(tree, args)
    fastq = sorted(os.path.splitext(f)[0] for f in os.listdir(os.path.join(root, "fast")) if f.endswith(".c")
                   and f != "sphere_sweep_common.c" and not f.startswith("ccd_"))
    results = []
    floor = time.time()
    current = None
    for n, s in enumerate(sites, 1):
        t1 = time.time()
        if s["key"] in allow:
            s["verdict"], s["note"] = "equivalent", allow[s["key"]]
            results.append(s)
            print("%4d/%d %-32s %-22s %-10s -> %-10s equivalent" % (n, len(sites), "%s:%d" % (s["file"], s["line"]),
                                                                  s["func"], s["old"], s["new"] or "(drop)"))
            continue
        path = os.path.join(tree.dir, s["file"])
        if current and current != s["file"]:
            floor = write_mutant(os.path.join(tree.dir, current), texts[current], floor)
        current = s["file"]
        floor = write_mutant(path, apply(texts[s["file"]], s), floor)
        rc, out = tree.build([tree.isect_target()])
        floor = time.time()
        if rc != 0:
            verdict = "uncompilable"
        else:
            verdict = "SURVIVED"
            qs = query_of(s["file"], fastq) or header_queries(tree, s["file"], fastq)
            for stage in args.stages:
                if stage == "corpus":
                    k, _ = stage_corpus(tree, args, qs)
                elif stage == "tests":
                    k, _ = stage_tests(tree, args, tests_for(tree, qs))
                else:
                    k, _ = stage_fuzz(tree, args, qs, s["key"])
                floor = time.time()
                if k:
                    verdict = stage
                    break
        s["verdict"] = verdict
        s["note"] = explain(base, answers(tree, args)) if verdict == "SURVIVED" else ""
        results.append(s)
        print("%4d/%d %-32s %-22s %-10s -> %-10s %-12s %4.0f s %s" % (
            n, len(sites), "%s:%d" % (s["file"], s["line"]), s["func"], s["old"], s["new"] or "(drop)", verdict,
            time.time() - t1, s["note"]), flush=True)
    if current:
        write_mutant(os.path.join(tree.dir, current), texts[current], floor)
        tree.build([tree.isect_target()])
        os.remove(os.path.join(os.path.dirname(os.path.join(tree.dir, current)), ".mutant-pending"))
    report(args, results, time.time() - t0)
    return 0


def report(args, results, elapsed):
    count = lambda v: sum(1 for r in results if r["verdict"] == v)
    n, unc, eq = len(results), count("uncompilable"), count("equivalent")
    judged = n - unc - eq
    pct = lambda x: 100.0 * x / judged if judged else 0.0
    kc, kt, kf, sv = count("corpus"), count("tests"), count("fuzz"), count("SURVIVED")
    lines = ["", "survivors (key, then file:line):"]
    lines += ["  %s  %s:%d  %s" % (r["key"], r["file"], r["line"], r["note"]) for r in results
              if r["verdict"] == "SURVIVED"]
    lines.append("mutants %d (compiled %d, equivalent %d, judged %d): killed by corpus %d (%.1f%%), by tests %d "
                 "(corpus+tests %.1f%%), by fuzz %d (all stages %.1f%%); survived %d; %.0f s" %
                 (n, n - unc, eq, judged, kc, pct(kc), kt, pct(kc + kt), kf, pct(kc + kt + kf), sv, elapsed))
    print("\n".join(lines))
    out = args.out or os.path.join(args.build, "mutants", "report.txt")
    with open(out, "w", encoding="utf-8") as f:
        for r in results:
            f.write("%s:%d\t%s\t%s\t%s\t%s\n" % (r["file"], r["line"], r["key"], r["verdict"], r["op"], r["note"]))
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
