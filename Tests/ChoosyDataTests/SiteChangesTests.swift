import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyTools

/// The site's "What changed" page, end to end in a temporary git repository holding a copy of
/// data/: made since the last release tag before HEAD or since `--since REV`, absent without
/// git or an earlier release, and a bad `--since` refused with exit 2 and nothing written.
@Suite(.serialized)
struct SiteChangesTests {
    static let data = TestPaths.packageRoot.appendingPathComponent("data")

    /// A repository whose first commit is data/ as it is, tagged `firstTag` when given, and
    /// whose second commit renames Google Chrome to Chrome.
    static func repository(firstTag: String?, secondTag: String? = nil) throws -> TemporaryGitRepository {
        let repository = try TemporaryGitRepository()
        try repository.commit(copying: data, to: "data", message: "first")
        if let firstTag { try repository.tag(firstTag) }
        let browsers = repository.url.appendingPathComponent("data/app-data/browser.json")
        let text = try String(contentsOf: browsers, encoding: .utf8)
        try repository.write(text.replacingOccurrences(of: #""name": "Google Chrome""#, with: #""name": "Chrome""#), to: "data/app-data/browser.json")
        try repository.commitAll(message: "second")
        if let secondTag { try repository.tag(secondTag) }
        return repository
    }

    static func docs(_ repository: TemporaryGitRepository, _ arguments: [String] = []) throws -> BuiltSite {
        try BuiltSite([repository.url.appendingPathComponent("data").path] + arguments)
    }

    static let renamed = #"<li>Changed name of app <code>chrome</code>: <code>"Google Chrome"</code> → <code>"Chrome"</code></li>"#
    static let headerLink = #"<a href="changes.html">What changed</a>"#

    @Test func theLastReleaseTagBeforeHeadIsComparedWith() throws {
        let repository = try Self.repository(firstTag: "v1.0.0")
        let site = try Self.docs(repository)
        #expect(site.outcome.status == 0, "\(site.outcome.standardError)")
        let page = try site.text("changes.html")
        #expect(page.contains("<p>Since <code>v1.0.0</code> (commit <code>"))
        // A sentence, with only the classes that have changes (without the fix: "…sees the catalog: 1 change: 0 breaking, 0 feature, 0 fix, 1 docs.").
        #expect(page.contains("), 1 change to the catalog as the shipped Choosy iOS client 0.6.x sees it: 1 docs.</p>"))
        #expect(page.contains(#"<h3 id="docs-browser"><a href="type-browser.html">Browser</a></h3>"#))
        #expect(page.contains(Self.renamed))
        #expect(try site.text("index.html").contains(Self.headerLink))
        // The same repository gives the same bytes.
        let again = try Self.docs(repository)
        #expect(try again.text("changes.html") == page)
    }

    /// With no change the page says so in a sentence, not "…sees the catalog: No changes.".
    @Test func noChangeIsASentence() {
        let empty = MergedCatalog(Catalog(layers: []), profile: .shipped)
        #expect(ChangesPage.summary(CatalogDiff(old: empty, new: empty), client: .shipped)
            == "nothing changed in the catalog as the shipped Choosy iOS client 0.6.x sees it.")
    }

    /// The site of a release shows what the release changed: the tag before HEAD's own.
    @Test func atAReleaseTheReleaseBeforeItIsComparedWith() throws {
        let repository = try Self.repository(firstTag: "v1.0.0", secondTag: "v1.1.0")
        let site = try Self.docs(repository)
        let page = try site.text("changes.html")
        #expect(page.contains("<p>Since <code>v1.0.0</code>"))
        #expect(page.contains(Self.renamed))
    }

    @Test func sinceNamesAnyRevision() throws {
        let repository = try Self.repository(firstTag: nil)
        let site = try Self.docs(repository, ["--since", "HEAD~1"])
        #expect(site.outcome.status == 0, "\(site.outcome.standardError)")
        let page = try site.text("changes.html")
        #expect(page.contains("<p>Since <code>HEAD~1</code>"))
        #expect(page.contains(Self.renamed))
    }

    @Test func withoutAnEarlierReleaseOrGitThereIsNoPage() throws {
        let repository = try Self.repository(firstTag: nil)
        let untagged = try Self.docs(repository)
        #expect(untagged.outcome.status == 0, "\(untagged.outcome.standardError)")
        #expect(!untagged.pages.contains("changes.html"))
        #expect(try !untagged.text("index.html").contains(Self.headerLink))

        let scratch = try ScratchDirectory("plain")
        let plain = scratch.url
        try FileManager.default.copyItem(at: Self.data, to: plain.appendingPathComponent("data"))
        let outside = try BuiltSite([plain.appendingPathComponent("data").path])
        #expect(outside.outcome.status == 0, "\(outside.outcome.standardError)")
        #expect(!outside.pages.contains("changes.html"))
    }

    @Test func aSinceThatNamesNoCommitExits2AndWritesNothing() throws {
        let repository = try Self.repository(firstTag: "v1.0.0")
        let site = try Self.docs(repository, ["--since", "v9.9.9"])
        #expect(site.outcome.status == 2)
        #expect(site.outcome.standardOutput.isEmpty)
        #expect(site.outcome.standardError == "Error: --since v9.9.9: unknown revision 'v9.9.9': no commit has that name (try 'git log --oneline')\n")
        #expect(!FileManager.default.fileExists(atPath: site.directory.path))
    }
}
