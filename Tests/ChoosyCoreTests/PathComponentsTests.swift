import Foundation
import Testing
@testable import ChoosyCore

/// `pathDeletingLastComponent` gives what Foundation's `deletingLastPathComponent` gives, and
/// also for the paths on which Foundation traps (a last component of one UTF-16 unit with
/// nothing before it).
struct PathComponentsTests {
    @Test(arguments: ["a/b", "a/b/", "/a", "/a/b", "ab", "", "/", "./ab", "../ab/cd", "a//b", "data/app-data/twitter.yaml", "🙂"])
    func agreesWithFoundation(path: String) {
        #expect(path.pathDeletingLastComponent == (path as NSString).deletingLastPathComponent)
    }

    @Test(arguments: [("x", ""), ("x/", ""), ("é", ""), ("a/x", "a"), ("/x", "/"), ("x//", "")])
    func oneCharacterPaths(path: String, parent: String) {
        #expect(path.pathDeletingLastComponent == parent)
    }
}
