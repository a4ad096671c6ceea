@testable import ChoosySyntax
@testable import ChoosyTools

/// Swift Testing has a `SourceLocation` of its own; in these tests the name means ours.
typealias SourceLocation = ChoosySyntax.SourceLocation
