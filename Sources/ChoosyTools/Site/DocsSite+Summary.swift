import ChoosyCore
import Foundation

extension DocsSite {
    /// The line `docs` prints once the site is written: where it went and which page to open.
    public static func summary(of written: GeneratedDirectory.Written) -> String {
        let index = (written.shownPath as NSString).appendingPathComponent("index.html")
        return "Wrote \(written.count) files to \(written.shownPath); open \(index) in a browser.".withInvisibleCharactersEscaped
    }
}
