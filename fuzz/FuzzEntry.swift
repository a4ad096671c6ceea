import Foundation

/// The libFuzzer entry point of the fuzz build: runs the target `CHOOSY_FUZZ_TARGET` names (see
/// `FuzzTarget`) and turns a broken invariant into a crash, which libFuzzer saves as an input.
enum FuzzEntry {
    static let target: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["CHOOSY_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            fatalError("set CHOOSY_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return target
    }()
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    if let violation = FuzzEntry.target.check(bytes) {
        fatalError("invariant broken (\(FuzzEntry.target.rawValue)): \(violation)")
    }
    return 0
}
