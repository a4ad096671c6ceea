import ChoosyTestSupport
import Foundation
import Testing

/// An app type of many apps, in Chromium at a phone's width: an action page is as long as the
/// apps that implement the action make it, not the type's other apps; Try it starts within
/// the first two screens of the longest page; pages hold still while they load.
@Suite(.serialized, .tags(.slow, .browser))
struct SiteAtScaleBrowserTests {
    static let phone = (width: 390, height: 844)

    /// A `video` type of `appCount` apps (0, 1, … in order) and three actions: every app
    /// implements `open`, each `search` every third app, `share` the apps of `sharing` only.
    static func videoCatalog(appCount: Int, sharing: (Int) -> Bool) -> String {
        let parameters = ["url", "title", "start_time", "callback_url", "text", "user"].map { key in
            #"{"name": "\#(key.replacingOccurrences(of: "_", with: " ").capitalized)", "key": "\#(key)", "description": "The \#(key)."}"#
        }
        let apps = (0..<appCount).map { index in
            let key = String(format: "app%02d", index)
            var actions = [#"{"key": "open", "url_format": "\#(key)://open?url={{url}}&t={{start_time}}&x-success={{callback_url}}"}"#]
            if sharing(index) { actions.append(#"{"key": "share", "url_format": "\#(key)://share/{{url}}?title={{title}}&text={{text}}"}"#) }
            if index % 3 == 0 { actions.append(#"{"key": "search", "url_format": "\#(key)://search?q={{text}}&user={{user}}"}"#) }
            return #"{"name": "Video App \#(index)", "key": "\#(key)", "app_url_scheme": "\#(key):", "actions": [\#(actions.joined(separator: ", "))]}"#
        }
        return """
            [{"name": "Video", "key": "video", "parameters": [\(parameters.joined(separator: ", "))],
              "actions": [{"name": "Open a video", "key": "open"}, {"name": "Share a video", "key": "share"}, {"name": "Search videos", "key": "search"}],
              "apps": [\(apps.joined(separator: ",\n"))]}]
            """
    }

    static func site(appCount: Int, sharing: @escaping (Int) -> Bool) throws -> (ScratchDirectory, BuiltSite) {
        let scratch = try ScratchDirectory("video", files: ["app-data/video.json": videoCatalog(appCount: appCount, sharing: sharing)])
        let site = try BuiltSite([scratch.file("app-data").path])
        try #require(site.outcome.status == 0, "\(site.outcome.standardError)")
        return (scratch, site)
    }

    struct Measure: Decodable { let height: Double; let tryIt: Double; let shift: Double }

    /// The page's height, where Try it starts, and its cumulative layout shift once loaded.
    static let measure = """
        new Promise(resolve => {
          let shift = 0;
          new PerformanceObserver(list => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) shift += entry.value; })
            .observe({type: 'layout-shift', buffered: true});
          setTimeout(() => resolve({height: document.documentElement.scrollHeight,
            tryIt: (document.getElementById('try-it')?.getBoundingClientRect().top ?? 0) + scrollY, shift}), 300);
        })
        """

    @Test func anActionPageGrowsWithTheAppsThatImplementItOnly() throws {
        // Six of 59 apps share, as in the catalog whose page was 23 000 px tall on a phone; and
        // the same six apps alone.
        let (_, many) = try Self.site(appCount: 59) { $0 % 10 == 0 }
        let (_, few) = try Self.site(appCount: 6) { _ in true }
        let pages = ["action-video-share.html", "action-video-open.html", "action-video-search.html", "type-video.html"]
        let visits = [many.url(pages[0]), few.url(pages[0])] + pages.dropFirst().map(many.url)
        let results = try Chromium.visit(
            visits.map { Chromium.Visit(url: $0, expression: Self.measure, width: Self.phone.width, height: Self.phone.height) }, returning: Measure.self)
        for (url, result) in zip(visits, results) { #expect(result.errors.isEmpty, "\(url): \(result.errors)") }
        let measures = try results.map { try #require($0.result, "\($0.url)") }
        // 53 apps more, folded into one line in each of three places: at most a screen more.
        #expect(measures[0].height - measures[1].height <= Double(Self.phone.height), "\(measures[0].height) against \(measures[1].height)")
        for (url, measure) in zip(visits, measures) {
            // Every app opens a video, so its page is the longest: Try it still comes first.
            if !url.hasSuffix("type-video.html") {
                #expect(measure.tryIt < Double(2 * Self.phone.height), "\(url): Try it starts at \(measure.tryIt) px")
            }
            #expect(measure.shift <= 0.05, "\(url) shifts by \(measure.shift)")
        }
    }
}
