import Testing

/// What makes a suite or test slow. `make test-fast` skips every suite and test tagged `slow`,
/// by name (the Makefile reads the names from their declarations); `make test` runs them all.
extension Tag {
    /// Takes more than about ten seconds on its own (or, for a serialized suite, all its tests
    /// together) on a 2-core machine, so `make test-fast` leaves it out.
    @Tag package static var slow: Self
    /// Drives headless Chromium (the docs site's pages, scripts and accessibility).
    @Tag package static var browser: Self
    /// Drives an editor (Neovim) against the language server.
    @Tag package static var editor: Self
    /// Runs the tool under `ulimit` until memory, threads or descriptors run out.
    @Tag package static var resourceLimits: Self
}
