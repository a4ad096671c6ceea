@testable import ChoosyEditor
@testable import ChoosySyntax

/// Swift Testing has a `SourceLocation` of its own; in these tests the name means ours.
typealias SourceLocation = ChoosySyntax.SourceLocation
