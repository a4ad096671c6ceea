import ChoosyCommandLine
import ChoosyCore
import ChoosyLint
import ChoosyTools
import Foundation

/// `choosy-data release`: write a versioned bundle with release notes, and say how to tag it.
enum ReleaseCommand: Command {
    /// `--bump`: auto (nil: as the changes need) or a size.
    struct Bump: RawRepresentable, CaseIterable {
        let size: VersionBump?

        static let allCases = [Bump(size: nil)] + VersionBump.allCases.map { Bump(size: $0) }

        init(size: VersionBump?) {
            self.size = size
        }

        init?(rawValue: String) {
            guard rawValue != "auto" else { self.init(size: nil); return }
            guard let size = VersionBump(rawValue: rawValue) else { return nil }
            self.init(size: size)
        }

        var rawValue: String { size?.rawValue ?? "auto" }
    }

    static let spec = CommandSpec(
        name: "release",
        abstract: "Write a versioned bundle and release notes for the next catalog release.",
        usage: """
            choosy-data release [PATH] [--bump auto|major|minor|patch] [--since vX.Y.Z]
                                       [--date YYYY-MM-DD] [-C PATH | --config FILE] -o DIR [--quiet]
            """,
        arguments: [
            .catalogPath,
        ],
        options: [
            .output("""
                The release directory: the bundle (as 'bundle' writes it),
                RELEASE_NOTES.md and SHA256SUMS; the manifest also holds
                the version, date, minimum_client and source revision.
                """),
            OptionSpec(long: "--bump", valueName: "size", allowedValues: Bump.allCases.map(\.rawValue), valueKind: "bump", help: """
                auto (default: breaking → major, feature → minor, fix or
                docs → patch), or major, minor or patch (not smaller than
                the changes need).
                """),
            OptionSpec(long: "--since", valueName: "tag", help: """
                The last release's tag. Default: the highest vX.Y.Z tag
                HEAD contains; without one, this release is 1.0.0.
                """),
            OptionSpec(long: "--date", valueName: "date", help: "The release date, YYYY-MM-DD. Default: HEAD's commit date."),
            .catalog(),
            .config,
            .color("lint findings"),
            .quiet("Print errors only: not the version, what was written\nor the tag command."),
        ],
        notes: """
            A catalog with lint errors is not released: the errors are printed and the exit code
            is 1. Nothing is tagged or pushed; the tag command to run is printed.
            See docs/release.md.
            """,
        exitCodes: ExitCodeHelp(
            success: "The release was written.",
            findings: "The catalog has lint errors: nothing was written."),
        examples: [
            .init("Write the next release of data/ into release/", "choosy-data release data -o release"),
            .init("Force a major release", "choosy-data release data -o release --bump major"),
        ])

    static func run(_ arguments: Arguments, output: inout Output) throws(UsageError) -> ExitCode {
        let colorMode = arguments.value(of: "--color", default: ColorMode.auto)
        let bump = arguments.value(of: "--bump", default: Bump(size: nil)).size
        let directory = try arguments.outputDirectory(missing: "missing the release directory: -o DIR")
        guard arguments.positional.count <= 1 else {
            throw UsageError("unexpected argument '\(arguments.positional[1])'; release takes one catalog")
        }
        if let revision = arguments.positional.first, CatalogReading.isRevision(revision) {
            throw UsageError("release publishes the catalog of the work tree, versioned from git's history up to HEAD; "
                + "to release \(revision), check it out and run release there")
        }
        let currentDirectory = FileManager.default.currentDirectoryPath
        let selection = try arguments.catalogSelection(path: arguments.positional.first)
        guard let catalog = CatalogArguments.load(selection, output: &output) else { return .failure }
        if output.refusesOutput(directory, insideLayersOf: catalog) { return .failure }
        if output.refusesLintErrors(
            of: catalog, profile: nil, colorMode: colorMode, refusal: "the catalog has lint errors; nothing was released to \(directory)"
        ) {
            return .findings
        }
        let release: CatalogRelease
        let written: GeneratedDirectory.Written
        do {
            release = try CatalogRelease(
                catalog: catalog, currentDirectory: currentDirectory, bump: bump,
                since: arguments.options["--since"], date: arguments.options["--date"])
        } catch {
            output.addError(error)
            return .failure
        }
        do {
            written = try release.bundle.write(to: directory)
        } catch {
            output.addError(error)
            return .failure
        }
        let since = release.previous.map { "since \($0.tag)" } ?? "first release"
        output.addProgress("""
            Release \(release.version) (\(since); \(release.summary))
            Wrote \(written.count) files to \(written.shownPath.withInvisibleCharactersEscaped).

            """)
        if release.isDirty {
            output.addProgress("The catalog has uncommitted changes (source revision ends in +dirty): commit them and run release again before tagging.")
        } else {
            output.addProgress("Nothing was tagged. To tag this release, run:\n  \(release.tagCommand)")
        }
        return .success
    }
}
