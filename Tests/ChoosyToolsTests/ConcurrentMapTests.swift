import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint
@testable import ChoosySyntax
@testable import ChoosyTools

/// Work spread over cores gives what the same work done in order gives: the loaders, rules and
/// site pages that run at once must not make a report or a site depend on scheduling.
struct ConcurrentMapTests {
    /// Uneven work (later elements finish first) must still come back in the elements' order.
    @Test(arguments: [0, 1, 2, 3, 97, 1000])
    func resultsKeepTheOrderOfTheElements(count: Int) {
        let elements = Array(0..<count)
        let transform: @Sendable (Int) -> String = { element in
            var work = 0
            for step in 0..<((count - element) % 17) * 500 { work &+= step }
            return "\(element):\(work)"
        }
        #expect(elements.concurrentMap(transform) == elements.map(transform))
    }

    /// Results are handed over in the elements' order, whatever the window; an error from
    /// `consume` stops the walk at its element.
    @Test(arguments: [(0, 3), (1, 3), (5, 1), (100, 3), (100, 64), (64, 64)])
    func resultsAreConsumedInOrder(count: Int, window: Int) throws {
        struct Stop: Error {}
        let elements = Array(0..<count)
        var consumed: [String] = []
        elements.forEachConcurrentlyMapped(window: window) { "\($0 * 2)" } _: { element, result in
            consumed.append("\(element)=\(result)")
        }
        #expect(consumed == elements.map { "\($0)=\($0 * 2)" })
        guard count > 0 else { return }
        consumed = []
        #expect(throws: Stop.self) {
            try elements.forEachConcurrentlyMapped(window: window) { $0 } _: { (element, _) throws(Stop) in
                guard element < count / 2 else { throw Stop() }
                consumed.append("\(element)")
            }
        }
        #expect(consumed == (0..<(count / 2)).map { "\($0)" })
    }

    /// Later elements are mapped while an earlier one is consumed: consuming the first element
    /// waits until the fourth has been mapped, which would never happen (and the wait would
    /// time out, after ten minutes that only stop a hang) if mapping waited for consuming.
    @Test func laterElementsAreMappedWhileAnEarlierOneIsConsumed() {
        let fourthMapped = DispatchSemaphore(value: 0)
        var waited: [DispatchTimeoutResult] = []
        Array(0..<8).forEachConcurrentlyMapped(window: 4) { element in
            if element == 3 { fourthMapped.signal() }
            return element
        } _: { element, _ in
            if element == 0 { waited.append(fourthMapped.wait(timeout: .now() + 600)) }
        }
        #expect(waited == [.success])
    }

    /// No more than `window` results are mapped ahead of the one being consumed: while the
    /// first is consumed, the five after it are mapped and the sixth is not.
    @Test func mappingStaysWithinTheWindow() {
        let mapped = Recorder<Int>()
        var seen: Set<Int> = []
        Array(0..<20).forEachConcurrentlyMapped(window: 5) { element in
            mapped.insert(element)
            return element
        } _: { element, _ in
            guard element == 0 else { return }
            // Wait until the window is full, however slowly a loaded machine gets there (the
            // limit only stops a hang), then give the workers time to run further if they could.
            let started = Date()
            while mapped.elements.count < 6, Date().timeIntervalSince(started) < 600 {
                Thread.sleep(forTimeInterval: 0.01)
            }
            Thread.sleep(forTimeInterval: 0.2)
            seen = mapped.elements
        }
        #expect(seen == Set(0...5))
    }

    /// Results mapped but never consumed, after `consume` throws, are released: each holds an
    /// object whose deinit counts it.
    @Test func resultsLeftAfterAStopAreReleased() {
        final class Counted: Sendable {
            static let alive = Recorder<ObjectIdentifier>()
            init() { Self.alive.insert(ObjectIdentifier(self)) }
            deinit { Self.alive.remove(ObjectIdentifier(self)) }
        }
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try Array(0..<50).forEachConcurrentlyMapped(window: 8) { _ in Counted() } _: { (element, _) throws(Stop) in
                if element == 2 { throw Stop() }
            }
        }
        #expect(Counted.alive.elements.isEmpty)
    }

    /// Thirty files, each with findings of five rules (an unknown property, a blank
    /// description, a duplicate action, a padded name, an undeclared placeholder): every
    /// run reports them in the same order, with the same text.
    @Test func lintReportsTheSameFindingsOnEveryRun() throws {
        let sources = (0..<30).map { index in
            SourceFile(path: "t\(index).json", text: """
                [{"key": "t\(index)", "name": "T", "extra": 1, "parameters": [{"key": "p", "name": "P", "description": ""}],
                  "actions": [{"key": "a", "name": "A"}, {"key": "a", "name": "A"}],
                  "apps": [{"key": "x\(index)", "name": " X", "app_url_scheme": "x\(index):",
                            "actions": [{"key": "a", "url_format": "x\(index)://{{q}}?b={{p}}"}]}]}]
                """)
        }
        let catalog = Catalog(layers: [Layer(name: "server", sources: sources)])
        let first = Linter.lint(catalog)
        #expect(Set(first.findings.map(\.ruleID)).count == 5)
        #expect(Set(first.findings.map(\.file)).count == sources.count)
        for _ in 0..<10 {
            #expect(JSONReporter.render(Linter.lint(catalog)) == JSONReporter.render(first))
        }
    }

    /// The docs site, made in this process (so that ThreadSanitizer in `make test` watches the
    /// threads that render its pages), is the same bytes on every run.
    @Test func theDocsSiteIsTheSameOnEveryRun() throws {
        let catalog = try CatalogLoader(trustedDirectories: TestPaths.trustedDirectories).load(configPath: TestPaths.upstreamConfig.path)
        let manager = FileManager.default
        let scratch = try ScratchDirectory("site")
        let directories = (0..<3).map { scratch.file("site\($0)") }
        let sites = try directories.map { directory in
            try DocsSite(catalog).write(to: directory.path)
            return try Dictionary(uniqueKeysWithValues: manager.contentsOfDirectory(atPath: directory.path).map { name in
                (name, try Data(contentsOf: directory.appendingPathComponent(name)))
            })
        }
        #expect(sites[0].count > 40)
        #expect(sites[1] == sites[0])
        #expect(sites[2] == sites[0])
    }

    /// `fmt --check`, run in this process, reports the same diffs on every run, in file order.
    @Test func fmtReportsTheSameOnEveryRun() throws {
        let scratch = try ScratchDirectory("fmt")
        let directory = scratch.url
        for index in 0..<12 {
            let canonical = "[\n  {\n    \"name\": \"T\",\n    \"key\": \"t\(index)\"\n  }\n]\n"
            let text = index.isMultiple(of: 3) ? canonical : "[{\"key\": \"t\(index)\",   \"name\": \"T\"}]"
            try text.write(to: directory.appendingPathComponent("t\(index).json"), atomically: true, encoding: .utf8)
        }
        let request = FormatRequest(paths: [directory.path], mode: .check, currentDirectory: directory.path)
        let first = try FormatRun().run(request).entries.map { "\(($0.path as NSString).lastPathComponent) \($0.outcome)" }
        #expect(first.count == 12)
        #expect(first.filter { $0.contains("wouldChange") }.count == 8)
        for _ in 0..<5 {
            #expect(try FormatRun().run(request).entries.map { "\(($0.path as NSString).lastPathComponent) \($0.outcome)" } == first)
        }
    }

    /// Findings from rules that run at once land in one file's strings: each must still be
    /// placed at its own text, however the position lookups interleave.
    @Test func positionsInsideStringsStayRightWhenLookupsInterleave() throws {
        let formats = (0..<40).map { #""u\#($0)": "app://x/{{p\#($0)}}?a={{q\#($0)}}""# }
        let text = "{" + formats.joined(separator: ",\n") + "}"
        let document = try Document.load(SourceFile(path: "t.json", text: text))
        let bytes = Array(text.utf8)
        let members = try #require(document.root.members)
        let placed = Array(members).concurrentMap { member in
            let template = URLTemplate(member.value.string ?? "")
            return template.placeholders.map { placeholder in
                let range = document.sourceRange(ofScalars: placeholder.range, in: member.value)
                return String(decoding: bytes[range.start.offset..<range.end.offset], as: UTF8.self)
            }
        }
        #expect(placed == (0..<40).map { ["{{p\($0)}}", "{{q\($0)}}"] })
    }
}

/// A set that threads add to and remove from, under a lock ThreadSanitizer sees (a pthread
/// mutex; it reported `Mutex`'s accesses as races, not knowing its futex).
private final class Recorder<Element: Hashable & Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var set: Set<Element> = []

    var elements: Set<Element> { lock.withLock { set } }

    func insert(_ element: Element) {
        lock.withLock { _ = set.insert(element) }
    }

    func remove(_ element: Element) {
        lock.withLock { _ = set.remove(element) }
    }
}
