"""Checks what reads valgrind's files for bench/run.py's profile part (bench/profiling.py) on
small files written here, so that `make test` exercises it without valgrind (the smoke run
leaves the profile out). Run by `python3 -m unittest discover -s bench -p 'test_*.py'`."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import profiling  # noqa: E402

# The command's thread: main loads the catalog (one file parsed here, with a recursive
# parseValue), lints (schema rule, a url_format cut, a retain), and start-up costs outside main.
COMMAND_THREAD = """# callgrind format
version: 1
creator: callgrind-3.19.0
pid: 1
cmd:  choosy-data lint --quiet catalog --x=y
part: 1
thread: 1

desc: Trigger: Program termination

positions: line
events: Ir
summary: 1000

ob=(1) /bin/choosy-data
fl=(1) ChoosyDataTool.swift
fn=(1) main
10 5
cfl=(2) CatalogLoader.swift
cfn=(2) CatalogLoader.load(configPath:)
calls=1 20
12 300
cfl=(3) Linter.swift
cfn=(3) static Linter.lint(_:)
calls=1 30
+2 400

fl=(2)
fn=(2)
20 100
cfn=(4) PartialDocument.init(loading:)
calls=2 7
* 200

fn=(4)
7 20
cfn=(5) static JSONParser.parseRecovering(_:)
calls=2 1
+1 180

fn=(5)
1 30
cfn=(6) JSONParserState.parseValue(depth:)
calls=1 5
2 150

fn=(6)
5 50
cfn=(7) JSONParserState.parseValue(depth:)'2
calls=3 5
6 100

fn=(7)
5 100
cfn=(7)
calls=2 5
-1 60

fl=(3)
fn=(3)
30 40
cfn=(8) protocol witness for Rule.check(_:) in conformance SchemaRule
calls=1 1
31 200
cob=(1)
cfn=(9) swift_retain
calls=1 0
32 10
cfn=(10) URLFormat.init(_:parameterKeys:)
calls=3 0
33 150

fn=(8)
1 10
cfn=(11) SchemaRule.check(_:)
calls=1 1
1 190

fn=(11)
1 40
cfn=(12) SchemaValidator.validate(_:)
calls=1 1
2 150

fn=(12)
1 150

fn=(9)
0 10

fn=(10)
0 150

fn=(13) _dl_start
0 295

totals: 1000
"""

# A worker: it loads the other file and runs the key-format rule, whose check has lines
# inlined from another file.
WORKER_THREAD = """# callgrind format
version: 1
creator: callgrind-3.19.0
pid: 1
part: 1
thread: 2

positions: line
events: Ir
summary: 500

fl=(1) WorkerThreads.swift
fn=(1) @objc closure #1 in static WorkerThreads.start(_:stackSize:)
90 10
cfl=(2) PartialDocument.swift
cfn=(2) PartialDocument.init(loading:)
calls=1 7
90 250
cfl=(3) Linter.swift
cfn=(3) closure #2 in static Linter.lint(_:)
calls=1 40
90 240

fl=(2)
fn=(2)
7 10
cfn=(4) static JSONParser.parseRecovering(_:)
calls=1 1
8 240

fn=(4)
1 240

fl=(3)
fn=(3)
40 10
cfn=(5) protocol witness for Rule.check(_:) in conformance KeyFormatRule
calls=1 1
41 230

fl=(4) KeyFormatRule.swift
fn=(5)
1 30
cfn=(6) KeyFormatRule.check(_:)
calls=1 1
1 200

fn=(6)
1 175
fi=(5) FNV1a64.swift
12 20
fe=(4)
2 0
cfn=(7) swift_release
calls=1 0
3 5

fn=(7)
0 5

totals: 500
"""

MASSIF = """desc: --massif-out-file=massif.out
cmd: choosy-data lint --quiet catalog
time_unit: i
#-----------
snapshot=0
#-----------
time=0
mem_heap_B=0
mem_heap_extra_B=0
mem_stacks_B=0
heap_tree=empty
#-----------
snapshot=1
#-----------
time=1000
mem_heap_B=10485760
mem_heap_extra_B=24
mem_stacks_B=0
heap_tree=peak
n3: 10485760 (heap allocation functions) malloc/new/new[], --alloc-fns, etc.
 n1: 9437184 0x10: swift_slowAlloc (in /bin/choosy-data)
  n2: 9437184 0x11: swift_allocObject (in /bin/choosy-data)
   n1: 6291456 0x12: $ss22_ContiguousArrayBufferV19_uninitializedCount15minimumCapacityAByxGSi_SitcfC (in /bin/choosy-data)
    n1: 6291456 0x13: AbsOriFnNameNotFound (<compiler-generated>:0)
     n1: 6291456 0x13: $s10ChoosyData10SourceFileV7readAll (SourceFile.swift:57)
      n0: 6291456 0x14: $s10ChoosyData10SourceFileV4read (SourceFile.swift:46)
   n1: 3145728 0x15: $s10ChoosyData15NodeTreeBuilderV6finish (NodeTree.swift:80)
    n0: 3145728 0x16: $s10ChoosyData6loader (Loader.swift:1)
 n1: 629146 0x20: _dl_allocate_tls (dl-tls.c:100)
  n0: 629146 0x21: pthread_create (pthread_create.c:630)
 n0: 419430 in 3 places, all below massif's threshold (1.00%)
#-----------
snapshot=2
#-----------
time=2000
mem_heap_B=500
mem_heap_extra_B=8
mem_stacks_B=0
heap_tree=detailed
n0: 500 (heap allocation functions) malloc/new/new[], --alloc-fns, etc.
"""


def threads():
    return [profiling.parse_callgrind(COMMAND_THREAD.splitlines(True)),
            profiling.parse_callgrind(WORKER_THREAD.splitlines(True))]


def as_is(threads):
    """The fixtures' names are written demangled already."""
    names = set().union(*(thread.names() for thread in threads))
    return {name: name for name in names}


class CallgrindTests(unittest.TestCase):
    def test_parse_reads_self_costs_call_costs_and_totals(self):
        command, worker = threads()
        self.assertEqual((command.total, worker.total), (1000, 500))
        self.assertEqual(sum(command.self_cost.values()), 1000)
        self.assertEqual(command.self_cost["CatalogLoader.load(configPath:)"], 100)
        self.assertEqual(command.edges[("main", "static Linter.lint(_:)")], 400)
        # A name given once by number, then by number alone, after a `cfn=` defined it.
        self.assertEqual(command.inclusive("static Linter.lint(_:)"), 400)
        self.assertEqual(command.inclusive("JSONParserState.parseValue(depth:)"), 150)
        self.assertEqual(worker.file_cost[("KeyFormatRule.check(_:)", "FNV1a64.swift")], 20)

    def test_a_phase_counts_the_outermost_of_its_functions_in_each_thread(self):
        demangled = as_is(threads())
        # The command thread's load holds its parse; the worker's load is counted on its own.
        self.assertEqual(profiling.phase_cost(profiling.LOADING, threads(), demangled), (550, True))
        self.assertEqual(profiling.phase_cost(profiling.PARSE, threads(), demangled), (420, True))
        self.assertEqual(profiling.phase_cost(profiling.REFERENCE_COUNTING, threads(), demangled), (15, True))
        self.assertEqual(profiling.phase_cost(profiling.LINT_PHASES[2], threads(), demangled), (0, False))

    def test_own_instructions_callees_and_lines_of_a_file(self):
        demangled = as_is(threads())
        check = "KeyFormatRule\\.check\\(_:\\)"
        self.assertEqual(profiling.phase_cost(profiling.Phase("", "", own=[check]), threads(), demangled)[0], 195)
        self.assertEqual(profiling.phase_cost(profiling.Phase("", "", callees=[check]), threads(), demangled)[0], 5)
        self.assertEqual(profiling.lines_cost([(check, r"FNV1a64\.swift$")], threads(), demangled), 20)

    def test_lint_rows(self):
        rows = profiling.profile_rows(profiling.LINT_PHASES, threads(), as_is(threads()), top_rules=1)
        by_label = {label: (cost, found, nested) for label, _, cost, found, nested in rows}
        self.assertEqual(by_label["catalog loading: config, reading, parsing, the model"], (550, True, False))
        self.assertEqual(by_label["linting: the rules, ignores, sorting"], (640, True, False))
        self.assertEqual(by_label["↳ rule key-format"], (230, True, True))
        self.assertEqual(by_label["↳ one other rule"], (200, True, True))
        self.assertEqual(by_label["↳ url_format cutting"], (150, True, True))
        self.assertEqual(by_label["↳ schema validation, in rule schema"], (150, True, True))
        self.assertEqual(by_label["merging layers"], (0, False, False))
        # Start-up in the command thread (300) and the worker's own 10.
        self.assertEqual(by_label["everything else"], (310, True, False))
        self.assertEqual(sum(cost for _, _, cost, _, nested in rows if not nested), 1500)
        self.assertEqual([label for label, *_ in rows][-2:], ["everything else", "reference counting, in all of the above"])

    def test_table(self):
        rows = profiling.profile_rows(profiling.LINT_PHASES, threads(), as_is(threads()))
        table = "\n".join(profiling.render_profile_table("lint", threads(), rows))
        self.assertIn("1 500 instructions in all, over 2 threads.", table)
        self.assertIn("| ↳ JSON parse | `JSONParser.parseRecovering` (a file's document) | 420 | 28.0 % |", table)
        self.assertIn("| merging layers | `MergedCatalog.init`; on the workers, `MergedAppType.init`: none ran | — | — |", table)
        # Below a million, by name.
        self.assertLess(table.index("rule key-format"), table.index("rule schema"))

    def test_names(self):
        self.assertEqual(profiling.rule_id("URLSchemeMismatchRule"), "url-scheme-mismatch")
        self.assertEqual(profiling.rule_id("KeyFormatRule"), "key-format")
        self.assertEqual(profiling.megas(420), "420")
        self.assertEqual(profiling.megas(1_485_049_999), "1 485.0 M")
        self.assertEqual(profiling.specialized_for(
            "generic specialization <Swift.UnsafeBufferPointer<ChoosyData.NodeTree.Record>> of "
            "Swift._copyCollectionToContiguousArray<A where A: Swift.Collection>(A) -> Swift.ContiguousArray<A.Element>"),
            "UnsafeBufferPointer<NodeTree.Record>")
        self.assertIsNone(profiling.specialized_for("Swift._ContiguousArrayBuffer.init() -> ()"))


class MassifTests(unittest.TestCase):
    def test_peak(self):
        heap, extra, tree = profiling.parse_massif_peak(MASSIF.splitlines(True))
        self.assertEqual((heap, extra, tree.size, len(tree.children)), (10485760, 24, 10485760, 3))

    def test_sites_are_the_nearest_functions_of_ours(self):
        _, _, tree = profiling.parse_massif_peak(MASSIF.splitlines(True))
        rows = profiling.heap_rows(tree, {})
        self.assertEqual(rows, [
            ("`$s10ChoosyData10SourceFileV7readAll` (SourceFile.swift)",
             "`$ss22_ContiguousArrayBufferV19_uninitializedCount15minimumCapacityAByxGSi_SitcfC`", 6291456),
            ("`$s10ChoosyData15NodeTreeBuilderV6finish` (NodeTree.swift)", "`swift_allocObject`", 3145728),
            ("`pthread_create`", "", 629146),
            ("(below massif's threshold, 1 % of the heap each)", "", 419430),
        ])
        table = "\n".join(profiling.render_heap_table("heap", 10485760, 24, 5242880, rows))
        self.assertIn("Heap at its peak 10.0 MB (and 0.0 MB of allocator overhead) for 5.00 MB of input: 2.00× the input", table)
        self.assertIn("| `pthread_create` |  | 0.60 | 6.0 % | 0.12 |", table)

    def test_no_peak(self):
        self.assertIsNone(profiling.parse_massif_peak(["snapshot=0\n", "heap_tree=empty\n"]))


if __name__ == "__main__":
    unittest.main()


class GrowthMissTests(unittest.TestCase):
    """run.py's choice of the growth steps the profile counts again in instructions."""

    def test_only_steps_over_the_limit_of_the_same_shape_and_command(self):
        import run

        def entry(name, command, n, median):
            return (name, command, n, 0, {"median": median}, None)

        rows = [entry("apps", "lint", 1, 1.0), entry("apps", "fmt", 1, 1.0), entry("apps", "lint", 2, 2.1),
                entry("apps", "fmt", 2, 2.0), entry("apps", "lint", 4, 4.0), entry("files", "lint", 1, 9.0)]
        misses = run.growth_misses(rows)
        self.assertEqual([(before[2], after[2], after[1]) for before, after in misses], [(1, 2, "lint")])
