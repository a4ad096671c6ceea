import ChoosyTestSupport
import Foundation
import Testing
@testable import ChoosyCatalog
@testable import ChoosyLint
@testable import ChoosySyntax
@testable import ChoosyTools

/// `schemes --check` and `--write` of one Info.plist, without a file: whether it is current,
/// the report `--check` prints with its `--write` command, and the line `--write` prints.
struct SchemesCheckTests {
    private func check(
        _ text: String = InfoPlistSchemesTests.withOtherKeys, schemes: [String], keys: [String] = [],
        catalog: CatalogSelection = CatalogSelection(), client: String? = nil, prunes: Bool = true
    ) throws -> SchemesCheck {
        let selection = SchemesCheck.Selection(keys: keys, catalog: catalog, client: client, prunes: prunes)
        return SchemesCheck(try InfoPlistSchemes(SourceFile(path: "App/Info.plist", text: text)), schemes: schemes, selection: selection)
    }

    @Test func aPlistListingTheSchemesIsCurrent() throws {
        let current = try check(schemes: ["myown", "waze"])
        #expect(current.isCurrent)
        #expect(current.currentLine == "App/Info.plist: LSApplicationQueriesSchemes lists the 2 schemes the catalog needs")
    }

    /// Without --prune, the app's own entries are kept, as an Info.plist belongs to the whole app.
    @Test func keptExtraEntriesAreCurrentAndCounted() throws {
        let current = try check(schemes: ["waze"], prunes: false)
        #expect(current.isCurrent && current.removed.isEmpty)
        #expect(current.currentLine == "App/Info.plist: LSApplicationQueriesSchemes lists the 1 scheme the catalog needs (and 1 entry of the app's own, kept)")
    }

    @Test func checkReportsMissingAndExtraWithTheWriteCommand() throws {
        let differing = try check(schemes: ["waze", "citymapper"], keys: ["maps"], catalog: CatalogSelection(catalog: "my data"), client: "rfc3986")
        #expect(!differing.isCurrent)
        #expect(differing.differences == """
            App/Info.plist: LSApplicationQueriesSchemes misses 1 scheme the catalog needs:
              + citymapper
            App/Info.plist: LSApplicationQueriesSchemes lists 1 scheme maps does not need:
              - myown
            Fix: choosy-data schemes maps -C 'my data' --client rfc3986 --write App/Info.plist --prune (leave out --prune if the app queries those schemes itself)

            """)
        #expect(differing.writtenLine == "App/Info.plist: added citymapper; removed myown (the catalog does not list them, and --prune was given)")
    }

    @Test func aMissingKeyIsReportedAndAdded() throws {
        let text = InfoPlistText.header + "<dict>\n</dict>\n</plist>\n"
        let empty = try check(text, schemes: [], keys: ["maps", "browser", "twitter"], prunes: false)
        #expect(!empty.isCurrent)
        #expect(empty.differences == """
            App/Info.plist: has no LSApplicationQueriesSchemes key
            Fix: choosy-data schemes maps browser twitter --write App/Info.plist

            """)
        #expect(empty.writtenLine == "App/Info.plist: added the LSApplicationQueriesSchemes key")
        #expect(try InfoPlistSchemes(SourceFile(path: "x", bytes: empty.rewritten)).entries == [])
    }

    @Test func severalAppTypesDoNotNeedTheExtraEntries() throws {
        let differing = try check(schemes: ["waze"], keys: ["maps", "browser", "twitter"])
        #expect(differing.differences.contains("lists 1 scheme maps, browser and twitter do not need:\n  - myown\n"))
    }
}
