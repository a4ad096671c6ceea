/// The exit codes of every command, documented in the README and `--help`.
public enum ExitCode: Int32, Sendable {
    /// Nothing at or above the failing severity.
    case success = 0
    /// Findings at or above the failing severity (lint), or changes found (checks).
    case findings = 1
    /// Usage error, unreadable input, or internal error.
    case failure = 2
}

/// The version `choosy-data --version` prints.
public let choosyDataVersion = "0.1.0"
