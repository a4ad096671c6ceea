"""The `profile` part of bench/run.py: where choosy-data's instructions and heap go.

valgrind's callgrind counts the instructions (Ir) of `lint`, `docs` and `fmt --check` on the
1 MB catalog, and this module sums them by phase: each phase is the inclusive cost of the
functions that stand for it (what they execute and everything they call). massif takes the
heap at its peak during `lint` of the 4 MB catalog, grouped by the nearest choosy-data
function above each allocation.

The work of a command is spread over threads (`concurrentMap`): a worker thread's call stack
starts at the worker, not at the function that started the map, so that function's inclusive
cost misses what the workers did for it. callgrind therefore writes one file per thread
(`--separate-threads=yes`, files PREFIX-01, PREFIX-02, …), and a phase lists both the function
that starts the map and the function each item is mapped with: in each thread the outermost of
them counts (a function reached from another one of the phase is already inside it), and the
threads' costs add up. Everything here reads the files callgrind and massif write; nothing
depends on callgrind_annotate or ms_print.
"""

import collections
import glob
import os
import re
import subprocess
import time

RECURSION = re.compile(r"'\d+$")


# ---------------------------------------------------------------------------------------------
# callgrind


class Thread:
    """One thread's costs from a callgrind output file: the self cost of each function, the
    inclusive cost of each call edge (caller, callee), the self cost of each function by the
    source file its lines come from (inlined code keeps its own file), and the total."""

    def __init__(self):
        self.self_cost = collections.Counter()
        self.edges = collections.Counter()
        self.file_cost = collections.Counter()
        self.total = 0
        self._inclusive = None
        self._callees = None

    def inclusive(self, name):
        """Self cost plus the cost of every call made (a recursive call to itself is inside it)."""
        if self._inclusive is None:
            inclusive = collections.Counter(self.self_cost)
            for (caller, callee), cost in self.edges.items():
                if caller != callee:
                    inclusive[caller] += cost
            self._inclusive = inclusive
        return self._inclusive[name]

    def callees(self, name):
        if self._callees is None:
            callees = collections.defaultdict(set)
            for caller, callee in self.edges:
                if caller != callee:
                    callees[caller].add(callee)
            self._callees = callees
        return self._callees.get(name, ())

    def reachable(self, start):
        """Every function called, directly or not, from `start` in this thread."""
        seen, stack = set(), [start]
        while stack:
            for callee in self.callees(stack.pop()):
                if callee not in seen:
                    seen.add(callee)
                    stack.append(callee)
        return seen

    def names(self):
        return set(self.self_cost) | {name for edge in self.edges for name in edge}


_COMPRESSED = re.compile(r"\((\d+)\)(?: (.*))?$")


def parse_callgrind(lines):
    """A Thread from the lines of one callgrind output file (the format of callgrind 3.x:
    compressed names, relative positions, one cost line after each `calls=` line holding the
    call's inclusive cost). Only the first event (Ir) is read."""
    thread = Thread()
    functions, files = {}, {}
    function = called = pending = None
    file = function_file = None
    positions = 1

    def name(table, text):
        match = _COMPRESSED.match(text)
        if not match:
            return text
        if match.group(2) is not None:
            table[match.group(1)] = match.group(2)
        return table[match.group(1)]

    summary = totals = None
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        first = line[0]
        if first.isdigit() or first in "+-*":
            fields = line.split()
            cost = int(fields[positions]) if len(fields) > positions else 0
            if pending is not None:
                thread.edges[(function, pending)] += cost
                pending = None
            else:
                thread.self_cost[function] += cost
                thread.file_cost[(function, file)] += cost
            continue
        key, _, value = line.rstrip("\n").partition("=")
        if key == "fn":
            function = name(functions, value)
            file = function_file
        elif key == "cfn":
            called = name(functions, value)
        elif key == "fl":
            file = function_file = name(files, value)
        elif key in ("fi", "fe"):
            file = name(files, value)
        elif key in ("cfi", "cfl"):
            name(files, value)
        elif key == "calls":
            pending = called
        elif key in ("jump", "jcnd"):
            pending = None
        elif line.startswith("positions:"):
            positions = len(line.split()) - 1
        elif line.startswith("summary:"):
            summary = int(line.split()[1])
        elif line.startswith("totals:"):
            totals = int(line.split()[1])
    thread.total = totals if totals is not None else summary if summary is not None else sum(thread.self_cost.values())
    return thread


def run_callgrind(argv, prefix, ok=(0,)):
    """Runs `argv` under callgrind, one output file per thread (PREFIX-01, PREFIX-02, …),
    and returns the threads. Raises when the command exits otherwise than `ok`."""
    for old in glob.glob(glob.escape(prefix) + "*"):
        os.remove(old)
    result = subprocess.run(["valgrind", "--tool=callgrind", "--separate-threads=yes", f"--callgrind-out-file={prefix}"]
                            + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if result.returncode not in ok:
        raise RuntimeError(f"callgrind of {' '.join(argv[:3])} … exited {result.returncode}:\n"
                           f"{result.stderr.decode(errors='replace')[-2000:]}")
    paths = sorted(glob.glob(glob.escape(prefix) + "-[0-9]*"))
    if not paths:
        raise RuntimeError(f"callgrind wrote no {prefix}-NN files")
    threads = []
    for path in paths:
        with open(path) as file:
            threads.append(parse_callgrind(file))
    return threads


def demangle(names, simplified=True):
    """{name: demangled name} by `swift demangle` (`--simplified` unless told otherwise), one
    name a line; names stay as they are when the demangler is missing or answers out of step."""
    names = sorted(names)
    try:
        result = subprocess.run(["swift", "demangle"] + (["--simplified"] if simplified else []),
                                input="\n".join(names) + "\n", capture_output=True, text=True)
        lines = result.stdout.split("\n")[:len(names)]
    except OSError:
        lines = []
    if len(lines) != len(names):
        return {name: name for name in names}
    return dict(zip(names, lines))


def specialized_for(full_name):
    """The type arguments of a generic specialization, from its full demangled name
    (`generic specialization <Swift.UnsafeBufferPointer<ChoosyData.NodeTree.Record>> of …`
    → `UnsafeBufferPointer<NodeTree.Record>`); None for any other function."""
    match = re.match(r"(?:merged )?(?:function signature specialization <.*?> of )?generic specialization <", full_name)
    if not match:
        return None
    depth, start = 1, match.end()
    for index in range(start, len(full_name)):
        depth += {"<": 1, ">": -1}.get(full_name[index], 0)
        if depth == 0:
            return re.sub(r"\b(?:Swift|Choosy[A-Za-z]*|Foundation)\.", "", full_name[start:index])
    return None


class Phase:
    """A row of a profile table. `inclusive`: patterns of the functions whose inclusive cost
    is the phase's (in each thread the outermost of those matched count: one reached from
    another is inside it); `own`: patterns of functions whose self cost counts (every level of
    recursion); `callees`: patterns of functions whose callees' cost counts (inclusive less
    self). Patterns are regular expressions matched whole against simplified demangled names
    (callgrind's `'2` recursion suffix removed). `lines`: (function pattern, file pattern) of
    the self cost of lines from that file in that function, put where `{lines}` appears in the
    functions column. `nested`: the row is part of a row above it (or cuts across them, like
    reference counting); the rows that are not add up, with "everything else", to the total."""

    def __init__(self, label, functions, inclusive=(), own=(), callees=(), lines=None, nested=False):
        self.label, self.functions, self.nested = label, functions, nested
        self.inclusive, self.own, self.callees, self.lines = list(inclusive), list(own), list(callees), lines


def function(qualified, rest=r"\(.*\)"):
    """A pattern for a function, however the compiler emitted it (`specialized`, generic)."""
    return rf"(?:specialized )?(?:static )?{re.escape(qualified)}(?:<[^>]*>)?{rest}"


def closures_in(qualified):
    """A pattern for the closures of a function, at any depth."""
    return rf"(?:partial apply for )?(?:specialized )?closure #\d+ in .*?(?:static )?{re.escape(qualified)}(?:<[^>]*>)?\(.*\)"


def _matcher(patterns):
    compiled = [re.compile(pattern) for pattern in patterns]
    return lambda name: any(pattern.fullmatch(name) for pattern in compiled)


def phase_cost(phase, threads, demangled):
    """The instructions of `phase` over all threads, and whether any of its functions ran."""
    def base(name):
        return demangled.get(RECURSION.sub("", name), name)

    inclusive, own, callees = _matcher(phase.inclusive), _matcher(phase.own), _matcher(phase.callees)
    total, found = 0, False
    for thread in threads:
        names = thread.names()
        # Only the outermost level of a recursive function: its inclusive cost holds the rest.
        members = sorted((name for name in names if not RECURSION.search(name) and inclusive(base(name))),
                         key=lambda name: (-thread.inclusive(name), name))
        inside = set()
        for name in members:
            found = True
            if name in inside:
                continue
            total += thread.inclusive(name)
            inside |= thread.reachable(name)
        for name in names:
            if own(base(name)):
                found = True
                total += thread.self_cost[name]
            if not RECURSION.search(name) and callees(base(name)):
                found = True
                total += thread.inclusive(name) - thread.self_cost[name]
    return total, found


def lines_cost(pairs, threads, demangled):
    total = 0
    for function_pattern, file_pattern in pairs:
        matches, file_matches = _matcher([function_pattern]), re.compile(file_pattern)
        for thread in threads:
            for (name, file), cost in thread.file_cost.items():
                if file and file_matches.search(file) and matches(demangled.get(RECURSION.sub("", name), name)):
                    total += cost
    return total


def rule_id(type_name):
    """`URLSchemeMismatchRule` → `url-scheme-mismatch`."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "-", type_name.removesuffix("Rule")).lower()


def rule_rows(threads, demangled, top):
    """A row for each lint rule that ran (a conformance to `Rule` or `URLFormatRule`): its
    `check` and every method and closure of its type. The `top` costliest, largest first, and
    one row for the rest. Which thread runs a rule moves its count a little (malloc's arenas),
    so rules are ranked by whole millions, then by name, and the rest listed by name."""
    conformance = re.compile(r"protocol witness for (?:URLFormat)?Rule\.check\(.*\) in conformance (\w+)")
    types = sorted({match.group(1) for name in demangled.values() for match in [conformance.fullmatch(name)] if match})
    costs = []
    for type_name in types:
        escaped = re.escape(type_name)
        phase = Phase(type_name, "", inclusive=[
            rf"protocol witness for (?:URLFormat)?Rule\.check\(.*\) in conformance {escaped}",
            rf"(?:specialized )?(?:static )?{escaped}\..*",
            rf"(?:partial apply for )?(?:specialized )?closure #\d+ in .*?\b{escaped}\..*"])
        costs.append((phase_cost(phase, threads, demangled)[0], rule_id(type_name), type_name))
    costs.sort(key=lambda item: (-round(item[0] / 1e6), item[1]))
    rows = [(f"↳ rule {rule}", f"`{type_name}.check`", cost, True, True) for cost, rule, type_name in costs[:top]]
    rest = costs[top:]
    if rest:
        rows.append((f"↳ the other {len(rest)} rules" if len(rest) > 1 else "↳ one other rule", ", ".join(sorted(rule for _, rule, _ in rest)), sum(cost for cost, _, _ in rest), True, True))
    return rows


# The functions that stand for each phase. Loading is the same in every command: the catalog
# loader (the config, the walk, the layers) on the calling thread, and what the workers map for
# it: reading a file (a closure of `CatalogLoader.loadLayer`) and loading one (the parse and the
# tree, `PartialDocument.init(loading:)`).
LOADING = Phase(
    "catalog loading: config, reading, parsing, the model",
    "`CatalogLoader.load`; on the workers, `CatalogLoader.loadLayer`'s read and `PartialDocument.init(loading:)`",
    inclusive=[function("CatalogLoader.load", r"\((?:configPath|path):\)"), closures_in("CatalogLoader.loadLayer"),
               function("PartialDocument.init", r"\(loading:\)")])
PARSE = Phase("↳ JSON parse", "`JSONParser.parseRecovering` (a file's document)",
              inclusive=[function("JSONParser.parseRecovering", r"\(_:\)"), function("JSONParser.parse", r"\(_:\)")], nested=True)
URL_CUTTING = Phase("↳ url_format cutting", "`URLFormat.init(_:parameterKeys:)`, wherever called",
                    inclusive=[function("URLFormat.init", r"\(_:parameterKeys:\)")], nested=True)
REFERENCE_COUNTING = Phase("reference counting, in all of the above", "`swift_retain`, `swift_release` and their `_n` forms: own instructions",
                           own=[r"swift_(?:retain|release)(?:_n)?"], nested=True)
RULES = "rules"

LINT_PHASES = [
    LOADING, PARSE,
    Phase("merging layers", "`MergedCatalog.init`; on the workers, `MergedAppType.init`",
          inclusive=[function("MergedCatalog.init"), function("MergedAppType.init", r"\(key:definitions:\)")]),
    Phase("the loaded apps", "`LoadedApp.all` and its closures",
          inclusive=[function("LoadedApp.all", r"\(in:merged:\)"), closures_in("LoadedApp.all")]),
    Phase("linting: the rules, ignores, sorting", "`Linter.lint`; on the workers, its closures and those of `Linter.urlFormatFindings`",
          inclusive=[function("Linter.lint", r"\(_:\)"), closures_in("Linter.lint"), closures_in("Linter.urlFormatFindings")]),
    URL_CUTTING,
    RULES,
    Phase("↳ schema validation, in rule schema", "`SchemaValidator.validate`",
          inclusive=[function("SchemaValidator.validate", r"\(_:\)")], nested=True),
    Phase("reporting", "`LintOutputFormat.render` and the reporters",
          inclusive=[function(f"{name}.render") for name in ("LintOutputFormat", "TextReporter", "JSONReporter", "SARIFReporter", "GitHubReporter")]),
    REFERENCE_COUNTING,
]

DOCS_PHASES = [
    LOADING, PARSE,
    Phase("site model: merging layers, key check", "`DocsSite.init`; on the workers, `MergedAppType.init`",
          inclusive=[function("DocsSite.init", r"\(_:options:\)"), function("MergedAppType.init", r"\(key:definitions:\)")]),
    Phase("the site's apps", "`SiteApp.all`", inclusive=[function("SiteApp.all")]),
    Phase("pages of the app types", "`DocsSite.pages(of:apps:)` (on the workers, an app type at a time)",
          inclusive=[function("DocsSite.pages", r"\(of:apps:\)")]),
    Phase("↳ action pages", "`ActionPage.render`", inclusive=[function("ActionPage.render")], nested=True),
    Phase("↳ “Try it” rows of the action pages", "`ActionPage.tryIt` and its closures",
          inclusive=[function("ActionPage.tryIt"), closures_in("ActionPage.tryIt")], nested=True),
    Phase("↳ app pages", "`AppPage.render`", inclusive=[function("AppPage.render")], nested=True),
    Phase("↳ app type pages", "`AppTypePage.render`", inclusive=[function("AppTypePage.render")], nested=True),
    Phase("↳ parameter pages", "`ParameterPage.render`", inclusive=[function("ParameterPage.render")], nested=True),
    Phase("↳ url_formats cut for the site", "`AppTypeFormats.init`", inclusive=[function("AppTypeFormats.init")], nested=True),
    Phase("↳ support matrices", "`SupportMatrix.init`", inclusive=[function("SupportMatrix.init")], nested=True),
    Phase("↳ URLs rendered", "`ShippedURLRenderer.render`", inclusive=[function("ShippedURLRenderer.render")], nested=True),
    Phase("↳ sidebar, in every page", "`HTMLWriter.sidebar`'s closures (the function itself is inlined into each page)",
          inclusive=[function("HTMLWriter.sidebar", r"\(_:at:\)"), closures_in("HTMLWriter.sidebar")], nested=True),
    Phase("index page", "`IndexPage.render`", inclusive=[function("IndexPage.render")]),
    Phase("other front pages", "`SearchPage`, `SchemaPage`, `RulesPage`: `render`",
          inclusive=[function(f"{name}.render") for name in ("SearchPage", "SchemaPage", "RulesPage")]),
    Phase("search index", "`SearchIndex.init`, `SearchIndex.json`, written by `JSONValue.write(to:depth:pretty:)`",
          inclusive=[function("SearchIndex.init"), function("SearchIndex.json", r"\.getter"),
                     function("JSONValue.write", r"\(to:depth:pretty:\)")]),
    Phase("writing files", "`GeneratedDirectory.Sink.write` less its own instructions (creating, linking, writing), `writeFileList`",
          callees=[function("GeneratedDirectory.Sink.write", r"\(_:to:\)")],
          inclusive=[function("GeneratedDirectory.Sink.writeFileList", r"\(_:\)")]),
    Phase("checksums", "`FNV1a64.hash`, inlined into `GeneratedDirectory.Sink.write`: its own instructions, the hash loop "
                       "({lines} on FNV1a64.swift's lines, the rest the loop's loads and compares from the standard library)",
          own=[function("GeneratedDirectory.Sink.write", r"\(_:to:\)")],
          lines=[(function("GeneratedDirectory.Sink.write", r"\(_:to:\)"), r"FNV1a64\.swift$")]),
    Phase("file list of the checksums", "`GeneratedFileList.init`, `GeneratedFileList.text`",
          inclusive=[function("GeneratedFileList.init"), function("GeneratedFileList.text", r"\.getter")]),
    REFERENCE_COUNTING,
]

FMT_PHASES = [
    LOADING, PARSE,
    Phase("formatting each file", "`FormatRun.format` (on the workers, a file at a time)",
          inclusive=[function("FormatRun.format", r"\(_:in:loaded:request:\)")]),
    Phase("↳ lint's fixing rules, file by file", "`CatalogFormatter.fixes(for:config:root:)`",
          inclusive=[function("CatalogFormatter.fixes", r"\(for:config:root:\)")], nested=True),
    Phase("↳ url_format cutting, in the fixing rules", URL_CUTTING.functions, inclusive=URL_CUTTING.inclusive, nested=True),
    Phase("↳ canonical comparison", "`FileFormatting.isUnchanged`: canonical order, canonical JSON written into a byte comparison",
          inclusive=[function("FileFormatting.isUnchanged", r"\.getter")], nested=True),
    REFERENCE_COUNTING,
]

ELSEWHERE = "everything else"


def profile_rows(phases, threads, demangled, top_rules=8):
    """(label, functions, instructions, found, nested) for each phase, the rules where `RULES`
    is, and "everything else": the total less the rows that are not nested (counted together,
    so that a function in two of them counts once)."""
    rows = []
    outer = Phase(ELSEWHERE, "")
    for phase in phases:
        if phase is RULES:
            rows += rule_rows(threads, demangled, top_rules)
            continue
        cost, found = phase_cost(phase, threads, demangled)
        functions = phase.functions
        if phase.lines:
            functions = functions.replace("{lines}", megas(lines_cost(phase.lines, threads, demangled)))
        rows.append((phase.label, functions, cost, found, phase.nested))
        if not phase.nested:
            outer.inclusive += phase.inclusive
            outer.own += phase.own
            outer.callees += phase.callees
    total = sum(thread.total for thread in threads)
    rest = total - phase_cost(outer, threads, demangled)[0]
    position = next((index for index, row in enumerate(rows) if row[0].startswith("reference counting")), len(rows))
    rows.insert(position, (ELSEWHERE, "start-up and dynamic linking, the command line, what the rows above leave out",
                           rest, True, False))
    return rows


def megas(instructions):
    """Instructions in millions, to a tenth; below 100 000, as they are."""
    if instructions < 100_000:
        return f"{instructions:,}".replace(",", " ")
    return f"{instructions / 1e6:,.1f} M".replace(",", " ")


def render_profile_table(title, threads, rows):
    total = sum(thread.total for thread in threads)
    lines = [f"### {title}", "", f"{megas(total)} instructions in all, over {len(threads)} threads. A row marked ↳ is "
             "inside the unmarked row above it; the unmarked rows down to \"everything else\" add up to the total, "
             "and reference counting cuts across them.", "",
             "| phase | function(s) | instructions | share |", "|---|---|---:|---:|"]
    for label, functions, cost, found, _ in rows:
        if not found:
            lines.append(f"| {label} | {functions}: none ran | — | — |")
        else:
            lines.append(f"| {label} | {functions} | {megas(cost)} | {100 * cost / total:.1f} % |")
    return lines


# ---------------------------------------------------------------------------------------------
# massif


class HeapNode:
    def __init__(self, size, frame, children):
        self.size, self.frame, self.children = size, frame, children


_NODE = re.compile(r"^( *)n(\d+): (\d+) (.*)$")


def parse_massif_peak(lines):
    """(heap bytes, allocator overhead bytes, tree) of the snapshot marked `heap_tree=peak`;
    None when there is none (massif found no heap)."""
    lines = list(lines)
    for index, line in enumerate(lines):
        if line.strip() != "heap_tree=peak":
            continue
        header = {}
        back = index - 1
        while back >= 0 and not lines[back].startswith("snapshot="):
            key, _, value = lines[back].strip().partition("=")
            header[key] = value
            back -= 1
        node, _ = _parse_heap_node(lines, index + 1)
        return int(header.get("mem_heap_B", node.size)), int(header.get("mem_heap_extra_B", 0)), node
    return None


def _parse_heap_node(lines, index):
    match = _NODE.match(lines[index].rstrip("\n"))
    count, size, frame = int(match.group(2)), int(match.group(3)), match.group(4)
    index += 1
    children = []
    for _ in range(count):
        child, index = _parse_heap_node(lines, index)
        children.append(child)
    return HeapNode(size, frame, children), index


_FRAME = re.compile(r"^0x[0-9A-Fa-f]+: (\S+) \((.*)\)$")
# Functions defined in the library targets (Sources/Choosy*) or Sources/choosy-data (closures in them included);
# not the standard library's generic functions specialized for their types ($ss…).
_OURS = re.compile(r"^\$s(\d+Choosy[A-Za-z]*|11choosy_data)")
# A frame of code inlined into its caller: massif names it by a short name or not at all.
_INLINED = re.compile(r"(\.swift|<compiler-generated>):\d+$")


def _frame_symbol(frame):
    """(symbol, where) of a massif frame `0xADDR: symbol (file:line)`; None for the notes
    massif writes in place of frames ("N in K places, all below massif's threshold")."""
    match = _FRAME.match(frame)
    return (match.group(1), match.group(2)) if match else None


def heap_sites(tree):
    """{site: {"by": {frame: bytes}, "files": {file: bytes}}} at the peak. Each allocation is
    charged to the nearest function of choosy-data's own sources above it (its site), and "by"
    is the function that site called to allocate (an array's buffer, `swift_allocObject` for an
    object). An allocation with none of choosy-data's functions above it (the runtime's, the
    C library's) is charged to its outermost frame; massif's remainders below its threshold
    to one site of their own."""
    sites = collections.defaultdict(lambda: {"by": collections.Counter(), "files": collections.Counter()})

    def charge(site, by, file, size):
        sites[site]["by"][by or ""] += size
        if file:
            sites[site]["files"][file] += size

    def walk(node, by):
        parsed = _frame_symbol(node.frame)
        if parsed is None:
            charge("(below massif's threshold, 1 % of the heap each)", by, None, node.size)
            return
        symbol, where = parsed
        if _OURS.match(symbol):
            file = where.rsplit(":", 1)[0]
            charge(symbol, by, file if file.endswith(".swift") else None, node.size)
            return
        if symbol.startswith("$") or not _INLINED.search(where):
            by = symbol
        if not node.children:
            charge(by or symbol, None, None, node.size)
            return
        for child in node.children:
            walk(child, by)

    for child in tree.children:
        walk(child, None)
    return sites


def heap_rows(tree, demangled, full=None, top=8):
    """(site, allocated by, bytes) for the `top` largest sites at the peak, then one row for
    the rest; largest first. `demangled` names the frames; `full` (full demangled names) adds
    the types a generic allocating function was specialized for."""
    full = full or {}

    def allocator(frame):
        name = demangled.get(frame, frame).removeprefix("specialized ")
        types = specialized_for(full.get(frame, ""))
        return f"`{name}` for `{types}`" if types else f"`{name}`"

    rows = []
    for symbol, site in heap_sites(tree).items():
        name = f"`{demangled.get(symbol, symbol).removeprefix('specialized ')}`" if not symbol.startswith("(") else symbol
        if site["files"]:
            name += f" ({site['files'].most_common(1)[0][0]})"
        by = collections.Counter()
        for frame, size in site["by"].items():
            if frame:
                by[allocator(frame)] += size
        by_text = ", ".join(text for text, _ in sorted(by.items(), key=lambda item: (-item[1], item[0]))[:2])
        rows.append((name, by_text, sum(site["by"].values())))
    # As shown, then by name: which thread allocates moves a site by a few bytes from run to run.
    rows.sort(key=lambda row: (-round(row[2] / 2**20, 2), row[0]))
    if len(rows) > top + 1:
        rest = rows[top:]
        rows = rows[:top] + [(f"{len(rest)} other sites", "", sum(row[2] for row in rest))]
    return rows


def massif_symbols(tree):
    symbols = set()
    stack = [tree]
    while stack:
        node = stack.pop()
        parsed = _frame_symbol(node.frame)
        if parsed:
            symbols.add(parsed[0])
        stack.extend(node.children)
    return symbols


def render_heap_table(title, heap, extra, input_size, rows):
    lines = [f"### {title}", "",
             f"Heap at its peak {heap / 2**20:.1f} MB (and {extra / 2**20:.1f} MB of allocator overhead) for "
             f"{input_size / 2**20:.2f} MB of input: {heap / input_size:.2f}× the input. Each allocation is charged to "
             "the nearest function of choosy-data's sources above it; \"allocated by\" is what that function called.", "",
             "| allocated in | allocated by | MB | share of the heap | × input |", "|---|---|---:|---:|---:|"]
    for site, what, size in rows:
        lines.append(f"| {site} | {what} | {size / 2**20:.2f} | {100 * size / heap:.1f} % | {size / input_size:.2f} |")
    return lines


def run_massif(argv, path, ok=(0,)):
    if os.path.exists(path):
        os.remove(path)
    result = subprocess.run(["valgrind", "--tool=massif", f"--massif-out-file={path}"] + argv,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if result.returncode not in ok:
        raise RuntimeError(f"massif of {' '.join(argv[:3])} … exited {result.returncode}:\n"
                           f"{result.stderr.decode(errors='replace')[-2000:]}")
    with open(path) as file:
        return parse_massif_peak(file)


# ---------------------------------------------------------------------------------------------
# The section of RESULTS.md


def profile_section(commands, heap_command, out_dir, log=print):
    """The lines of the "## Profile" section. `commands`: (name, title, argv, exit codes, phases)
    for callgrind; `heap_command`: (title, argv, exit codes, input bytes) for massif. Their
    output files are left in `out_dir`."""
    lines = ["## Profile", "",
             "Where the instructions and the heap go, from valgrind on the same release binary (bench/profiling.py;",
             "`--parts profile` runs this part alone). callgrind counts the instructions (Ir) a command executes:",
             "unlike the times above they do not depend on how busy the machine is, and the same binary on the same",
             "catalog gives the same counts, to a fraction of a percent (the threads meet at locks and malloc's",
             "arenas). A row's instructions are inclusive: everything its functions execute and call. Work spread",
             "over threads is counted in every thread, where only the outermost of a row's functions counts. Names",
             "are demangled by `swift demangle --simplified`."]
    for name, title, argv, ok, phases in commands:
        started = time.perf_counter()
        threads = run_callgrind(argv, os.path.join(out_dir, f"callgrind.{name}"), ok)
        demangled = demangle(set().union(*(thread.names() for thread in threads)))
        lines += [""] + render_profile_table(title, threads, profile_rows(phases, threads, demangled))
        log(f"profile {name:8} {megas(sum(thread.total for thread in threads)):>10} instructions "
            f"({time.perf_counter() - started:.0f} s under callgrind)")
    title, argv, ok, input_size = heap_command
    started = time.perf_counter()
    peak = run_massif(argv, os.path.join(out_dir, "massif.lint"), ok)
    if peak is None:
        lines += ["", f"### {title}", "", "massif saw no heap."]
    else:
        heap, extra, tree = peak
        symbols = massif_symbols(tree)
        rows = heap_rows(tree, demangle(symbols), demangle(symbols, simplified=False))
        lines += [""] + render_heap_table(title, heap, extra, input_size, rows)
        lines += ["", "massif counts the heap (malloc) alone: the peak RSS in the timings adds the binary's pages (the",
                  "static binary maps about 16 MB), the runtime's and the threads' stacks."]
        log(f"profile heap     {heap / 2**20:8.1f} MB at the peak ({time.perf_counter() - started:.0f} s under massif)")
    return lines
