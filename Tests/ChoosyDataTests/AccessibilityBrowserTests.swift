import ChoosyTestSupport
import Foundation
import Testing

/// Every kind of page of the docs site passes axe-core (Deque's accessibility engine: WCAG 2.1
/// A and AA, colour contrast included, and its best practices: landmarks, one h1, headings in
/// order, labelled inputs) with no violation, on a desktop and a phone, light and dark; and our
/// own checks of what axe leaves alone: a skip link first, tables named with `scope` on their
/// headers, and a visible focus ring. The changes page is checked on a site built in a
/// temporary git repository. `make test` fetches axe (Fixtures/oracles/fetch-oracle.py).
@Suite(.serialized, .tags(.slow, .browser))
struct AccessibilityBrowserTests {
    static let axe = TestPaths.packageRoot.appendingPathComponent(".build/oracles/axe.min.js")

    /// One page of each kind.
    static let pages = [
        "index.html", "search.html", "rules.html", "schema.html", "type-twitter.html", "action-twitter-post.html",
        "parameter-twitter-text.html", "app-twitterific.html", "editor.html", "editor.html?type=new-type",
    ]

    /// What a page needs done before it is checked: the editor's new type gets a row of each kind.
    static let setUp = [
        "editor.html?type=new-type": "document.getElementById('editor-add-parameters').click(); document.getElementById('editor-add-type-actions').click();",
    ]

    static let modes: [(width: Int, colorScheme: String)] = [(1280, "light"), (1280, "dark"), (390, "light"), (390, "dark")]

    /// What axe finds, as "rule (impact): the first nodes", then what our checks find.
    static func check(axeSource: String, setUp: String = "") -> String {
        """
        \(axeSource)
        ;(async () => {
          \(setUp)
          const report = await axe.run(document, { preload: false, runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] } });
          const found = report.violations.map(v => v.id + ' (' + v.impact + '): ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
          const focusable = document.querySelector('a[href], input, summary');
          if (!focusable || !focusable.classList.contains('skip') || !document.querySelector(focusable.getAttribute('href') + '[id]')?.matches('main'))
            found.push('skip link: the first thing to focus is not a link to main');
          if (document.querySelectorAll('h1').length !== 1) found.push('not exactly one h1');
          for (const table of document.querySelectorAll('table')) {
            if (!table.querySelector('caption') && !table.getAttribute('aria-label') && !table.getAttribute('aria-labelledby'))
              found.push('table without a caption or label: ' + table.outerHTML.slice(0, 80));
            for (const th of table.querySelectorAll('th'))
              if (!th.hasAttribute('scope')) found.push('th without scope: ' + th.textContent);
          }
          for (const element of [document.querySelector('main a[href]'), document.getElementById('site-search')]) {
            if (!element) continue;
            element.focus();
            if (getComputedStyle(element).outlineStyle === 'none') found.push('no visible focus: ' + element.outerHTML.slice(0, 80));
          }
          return found;
        })()
        """
    }

    @Test func everyKindOfPageHasNoViolationOnADesktopAndAPhoneLightAndDark() throws {
        let site = try BuiltSite(["data/"])
        try expectNoViolations(site, pages: Self.pages)
    }

    /// "What changed" exists only in a git checkout with an earlier release.
    @Test func theChangesPageHasNoViolation() throws {
        let repository = try SiteChangesTests.repository(firstTag: "v1.0.0")
        let site = try SiteChangesTests.docs(repository)
        try expectNoViolations(site, pages: ["changes.html"])
    }

    private func expectNoViolations(_ site: BuiltSite, pages: [String]) throws {
        let source = try String(contentsOf: Self.axe, encoding: .utf8)
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        let visits = pages.flatMap { page in
            Self.modes.map { Chromium.Visit(url: site.url(String(page.prefix { $0 != "?" })) + page.drop { $0 != "?" }, expression: Self.check(axeSource: source, setUp: Self.setUp[page] ?? ""), width: $0.width, colorScheme: $0.colorScheme) }
        }
        let results = try Chromium.visit(visits, returning: [String].self)
        for (visit, result) in zip(visits, results) {
            let mode = "\(visit.width ?? 0) px \(visit.colorScheme ?? "")"
            #expect(result.result == [], "\(result.url) at \(mode): \(result.result ?? ["no result"])")
            #expect(result.errors.isEmpty, "\(result.url) at \(mode): \(result.errors)")
        }
    }
}
