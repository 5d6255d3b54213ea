"""No import circle between the modules of one crate: a module that another imports may not
import it back, directly or round a longer way. A port owns its vocabulary (the records and
queries beside its trait), so the rules import the port and never the other way round.

Every crate of shared/ and functions/ (each lib.rs, main.rs and src/bin/*.rs is a crate) is
read as a graph of modules: each file is a module, and so is an inline `mod x { ... }`.
An edge from module A to module B is any of these in A's code:

  * a `use` of `crate::...`, `super::...`, `self::...` or of a child module of A;
  * such a path written in code (`crate::sessions::end_sessions(...)`, `super::Thing`);
  * a `use super::*` outside tests (an edge to the parent).

A path is followed to the module that defines what it names: `crate::Foo`, where lib.rs only
re-exports `Foo` from `x` (`pub use x::Foo`, or a glob `pub use x::*`), is an edge to `x`; where
lib.rs itself defines `Foo`, it is an edge to lib.rs. A path to a module itself
(`use crate::users;`) is an edge to that module, and the code's later `users::create(...)` is
that same edge. A name another crate defines, reached through a module of this one
(`crate::x::Result` where `x` has `use domain::Result`), is an edge to that module; a path
straight into another crate is none.

What does not count: a parent declaring its children (`mod x;`) and re-exporting from them
(`pub use x::Foo`, at any `pub` visibility): that is the shape of the module tree, and the
re-export is followed through as above, not kept as an edge. The crate root (lib.rs, main.rs)
stands above its modules altogether: it declares them, re-exports from them and assembles
them (a constructor choosing one engine among its modules), so nothing it references is an
edge, while a module's reference to what the root defines is. A circle through the root (a
root's trait implemented by a module the root's constructor picks) is therefore not
reported. Tests do not count: every item under `#[cfg(test)]` (the `mod tests` blocks with
their `use super::*`, a test-only function) is left out, as are comments and string
literals. Macros' `$crate::` paths are not followed.

Each strongly connected component of more than one module is a circle: it is printed with
its edges (file:line of one reference per edge) and the exit status is 1. Otherwise one line
says how many crates were read and the exit status is 0.

Usage: python3 scripts/check-import-circles.py [crate directory ...]"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEARCHED = ["shared", "functions"]


def strip(text):
    """The text with comments, string and char literals blanked (newlines kept, so lines
    still count)."""
    out = list(text)
    i, n = 0, len(text)

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            blank(i, j)
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            blank(i, j)
            i = j
        elif c in "rb" and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.compile(r'b?r(#*)"').match(text, i)
            if m:
                end = text.find('"' + m.group(1), m.end())
                end = n if end < 0 else end + 1 + len(m.group(1))
                blank(i, end)
                i = end
            elif text.startswith('b"', i) or text.startswith("b'", i):
                i += 1
            else:
                i += 1
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            blank(i, j + 1)
            i = j + 1
        elif c == "'":
            # A char literal ('x', '\n', '\u{1F600}') or a lifetime ('a, 'static).
            if i + 1 < n and text[i + 1] == "\\":
                j = text.find("'", i + 3)
                j = n if j < 0 else j
                blank(i, j + 1)
                i = j + 1
            elif i + 2 < n and text[i + 2] == "'":
                blank(i, i + 3)
                i += 3
            else:
                i += 1
        else:
            i += 1
    return "".join(out)


def matching(text, open_at):
    """Where the bracket opened at `open_at` closes."""
    pairs = {"{": "}", "(": ")", "[": "]"}
    stack = []
    for j in range(open_at, len(text)):
        c = text[j]
        if c in pairs:
            stack.append(pairs[c])
        elif c in ")]}":
            if stack and stack[-1] == c:
                stack.pop()
            if not stack:
                return j
    return len(text) - 1


def blank_range(chars, a, b):
    for k in range(a, b):
        if chars[k] != "\n":
            chars[k] = " "


CFG_TEST = re.compile(r"#\s*\[\s*cfg\s*\(\s*test\s*\)\s*\]")


def drop_tests(text):
    """The text with every item under `#[cfg(test)]` blanked."""
    chars = list(text)
    for m in CFG_TEST.finditer(text):
        i = m.end()
        # Further attributes of the same item.
        while True:
            while i < len(text) and text[i].isspace():
                i += 1
            if text.startswith("#", i) and "[" in text[i:i + 3]:
                i = matching(text, text.index("[", i)) + 1
            else:
                break
        head = re.compile(r"(pub(\s*\([^)]*\))?\s+)?use\b").match(text, i)
        j = i
        if head:
            j = text.find(";", i)
        else:
            while j < len(text) and text[j] not in ";{":
                if text[j] in "([":
                    j = matching(text, j)
                j += 1
            if j < len(text) and text[j] == "{":
                j = matching(text, j)
        blank_range(chars, m.start(), min(j + 1, len(text)))
    return "".join(chars)


class Module:
    def __init__(self, path, file, child_dir, text, offset, parent):
        self.path = path  # ("crate", "a", "b")
        self.file = file
        self.child_dir = child_dir
        self.text = text  # this module's own text (inline children blanked), whole-file offsets
        self.offset = offset
        self.parent = parent
        self.children = {}
        self.imports = {}  # name -> (segments, is_pub, line)
        self.globs = []  # (segments, is_pub, line)
        self.defined = set()
        self.refs = []  # (segments, line, is_pub_use)

    def name(self):
        return "::".join(self.path)


def line_of(text, pos):
    return text.count("\n", 0, pos) + 1


USE = re.compile(r"(?<![\w$])(pub\s*(\([^)]*\))?\s*)?use\s+([^;]*);")
CODE_PATH = re.compile(r"(?<![\w$:])(?:::\s*)?(\w+)(?:\s*::\s*\w+)+")
INLINE_MOD = re.compile(r"(?<![\w$])mod\s+(\w+)\s*\{")
FILE_MOD = re.compile(r"(?<![\w$])mod\s+(\w+)\s*;")
DEFINED = re.compile(r"(?<![\w$])(?:fn|struct|enum|trait|type|const|static|union)\s+(\w+)|macro_rules!\s*(\w+)")


def use_leaves(body, base, text):
    """The leaves of a use tree: (segments, alias, is_glob, position)."""
    tokens = [(m.group(0), base + m.start()) for m in re.finditer(r"\w+|::|[{},*]", body)]
    leaves = []

    def tree(k, prefix):
        segs = list(prefix)
        pos = None
        while k < len(tokens):
            tok, at = tokens[k]
            if tok == "::":
                k += 1
            elif tok == "{":
                k += 1
                while k < len(tokens) and tokens[k][0] != "}":
                    if tokens[k][0] == ",":
                        k += 1
                        continue
                    k = tree(k, segs)
                return k + 1
            elif tok == "*":
                leaves.append((segs, None, True, at))
                return k + 1
            elif tok in (",", "}"):
                break
            elif tok == "as":
                alias = tokens[k + 1][0]
                leaves.append((segs, alias, False, pos))
                return k + 2
            else:
                segs = segs + [tok]
                pos = at
                k += 1
        if segs:
            leaves.append((segs, None, False, pos))
        return k

    tree(0, [])
    return leaves


def read_module(crate, path, file, child_dir, text, start, end, parent):
    """A module over text[start:end] of `file` (text already stripped), with its inline
    children read as modules of their own."""
    own = list(text[:end])
    blank_range(own, 0, start)
    inner = []
    for m in INLINE_MOD.finditer(text, start, end):
        if inner and m.start() < inner[-1][2]:
            continue
        close = matching(text, m.end() - 1)
        inner.append((m.group(1), m.end(), close))
    for _, a, b in inner:
        blank_range(own, a, b)
    own = "".join(own)
    module = Module(path, file, child_dir, own, start, parent)
    crate[path] = module
    for name, a, b in inner:
        child = read_module(crate, path + (name,), file, child_dir / name, text, a, b, module)
        module.children[name] = child
    for m in FILE_MOD.finditer(own, start, end):
        name = m.group(1)
        candidates = [child_dir / f"{name}.rs", child_dir / name / "mod.rs"]
        found = next((c for c in candidates if c.exists()), None)
        if found is None:
            print(f"warning: {shown(file)}: no file for mod {name}", file=sys.stderr)
            continue
        module.children[name] = read_file(crate, path + (name,), found, module)
    code = list(own)
    for m in USE.finditer(own, start, end):
        is_pub = m.group(1) is not None
        for segs, alias, is_glob, at in use_leaves(m.group(3), m.start(3), own):
            line = line_of(own, at)
            if is_glob:
                module.globs.append((segs, is_pub, line))
            elif segs:
                name = alias or (segs[-2] if segs[-1] == "self" and len(segs) > 1 else segs[-1])
                module.imports[name] = (segs, is_pub, line)
            module.refs.append((segs, line, is_pub))
        blank_range(code, m.start(), m.end())
    code = "".join(code)
    for m in DEFINED.finditer(code, start, end):
        module.defined.add(m.group(1) or m.group(2))
    module.code = code
    return module


def read_file(crate, path, file, parent):
    text = drop_tests(strip(file.read_text(encoding="utf-8")))
    if file.name in ("lib.rs", "main.rs", "mod.rs") or parent is None:
        child_dir = file.parent
    else:
        child_dir = file.parent / file.stem
    return read_module(crate, path, file, child_dir, text, 0, len(text), parent)


def code_refs(module):
    """Paths written in the module's code (outside `use`): crate::, super::, self:: or a child
    module's name first."""
    for m in CODE_PATH.finditer(module.code, module.offset, len(module.code)):
        segs = re.findall(r"\w+", m.group(0))
        if m.group(0).lstrip().startswith("::"):
            continue
        if segs[0] in ("crate", "super", "self") or segs[0] in module.children:
            module.refs.append((segs, line_of(module.code, m.start()), False))


def resolve(crate, module, segs, seen=None):
    """The module that defines what `segs`, written in `module`, names; None outside the
    crate."""
    seen = set() if seen is None else seen
    key = (module.path, tuple(segs))
    if key in seen:
        return None
    seen.add(key)
    root = crate[("crate",)]
    first = segs[0]
    if first == "crate":
        cur, rest = root, segs[1:]
    elif first == "self":
        cur, rest = module, segs[1:]
    elif first == "super":
        cur, rest = module, segs
    elif first in module.children:
        cur, rest = module, segs
    else:
        return None
    for k, s in enumerate(rest):
        if s == "super":
            cur = cur.parent or cur
            continue
        if s == "self":
            return cur
        if s in cur.children:
            cur = cur.children[s]
            continue
        if s in cur.imports:
            # Followed to where it is defined; a name from another crate is this module's.
            return resolve(crate, cur, cur.imports[s][0] + rest[k + 1:], seen) or cur
        if s in cur.defined:
            return cur
        for glob, _, _ in cur.globs:
            target = resolve(crate, cur, glob, seen)
            if target is not None and (s in target.defined or s in target.imports or s in target.children):
                return resolve(crate, target, ["self"] + rest[k:], seen)
        return cur
    return cur


def is_below(module, ancestor):
    return module.path[: len(ancestor.path)] == ancestor.path and module is not ancestor


def circles_of(crate):
    edges = {}  # (from, to) -> (file, line)
    for module in crate.values():
        code_refs(module)
        for segs, line, is_pub in module.refs:
            target = resolve(crate, module, segs)
            if target is None or target is module:
                continue
            if module.parent is None:
                continue  # the crate root declares and assembles its modules
            if is_pub and is_below(target, module):
                continue  # a parent re-exporting from its own subtree
            edges.setdefault((module.path, target.path), (module.file, line))
    graph = {}
    for a, b in edges:
        graph.setdefault(a, []).append(b)
    return [c for c in strongly_connected(list(crate), graph) if len(c) > 1], edges


def strongly_connected(nodes, graph):
    """Tarjan's strongly connected components, iteratively."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for start in nodes:
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            node, k = work.pop()
            if k == 0:
                index[node] = low[node] = counter
                counter += 1
                stack.append(node)
                on_stack.add(node)
            successors = sorted(graph.get(node, []))
            if k < len(successors):
                work.append((node, k + 1))
                nxt = successors[k]
                if nxt not in index:
                    work.append((nxt, 0))
                elif nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
                continue
            for nxt in successors:
                if nxt in on_stack:
                    low[node] = min(low[node], low[nxt])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                found.append(sorted(component))
    return found


def shown(path):
    """A path as printed: from the repository's root where it lies under it."""
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def crate_roots(dirs):
    for package in dirs:
        src = package / "src"
        for root in [src / "lib.rs", src / "main.rs", *sorted((src / "bin").glob("*.rs"))]:
            if root.exists():
                yield root


def main(args):
    if args:
        packages = [pathlib.Path(a).resolve() for a in args]
    else:
        packages = sorted(
            p.parent for top in SEARCHED for p in (ROOT / top).glob("**/Cargo.toml")
            if "target" not in p.relative_to(ROOT).parts and (p.parent / "src").is_dir()
        )
    count, failed = 0, 0
    for root in crate_roots(packages):
        count += 1
        crate = {}
        read_file(crate, ("crate",), root, None)
        circles, edges = circles_of(crate)
        for circle in circles:
            failed += 1
            members = set(circle)
            print(f"import circle in {shown(root)}: " + ", ".join("::".join(m) for m in circle))
            for (a, b), (file, line) in sorted(edges.items()):
                if a in members and b in members:
                    print(f"  {'::'.join(a)} -> {'::'.join(b)}  ({shown(file)}:{line})")
    if failed:
        print(f"{failed} import circle(s) in {count} crates")
        return 1
    print(f"no import circle in {count} crates")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
