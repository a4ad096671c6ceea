import ChoosyCore
import Foundation

/// The numbers of a document's member names, found by the names' UTF-8 bytes: a parser looks
/// each key up as the file spells it, without making a `String` of it and hashing that (which
/// was a fifth of a parse). An open-addressing table over one buffer that holds every name's
/// bytes, hashed with FNV-1a, a few instructions a byte; should a file make names collide on
/// purpose (a probe runs long), it switches to the standard library's seeded hash.
struct NameNumbers {
    /// Per slot, the position of a name in `numbers` plus one; 0 when the slot is empty. The
    /// count is a power of two, at least twice the number of names; none until the first name
    /// (a pointer made outside a parse has a table, and a name, of its own).
    private var slots: [UInt32] = []
    private var numbers: [UInt32] = []
    /// The names' bytes back to back; name `i` ends at `spellingEnds[i]`.
    private var spellings: [UInt8] = []
    private var spellingEnds: [Int] = []
    private var isSeeded = false
    /// Far more probes than a table at most half full needs unless its names collide on purpose.
    private static let longestExpectedProbe = 32

    /// The number of the name spelled `spelling`; a name not seen before gets the number
    /// `numbering` returns.
    mutating func number(of spelling: UnsafeBufferPointer<UInt8>, numbering: () -> UInt32) -> UInt32 {
        if slots.isEmpty { slots = [UInt32](repeating: 0, count: 8) }
        let mask = slots.count - 1
        var slot = hash(spelling) & mask
        var probes = 0
        while slots[slot] != 0 {
            let position = Int(slots[slot] - 1)
            if spells(position, spelling) { return numbers[position] }
            slot = (slot + 1) & mask
            probes += 1
            if probes > Self.longestExpectedProbe, !isSeeded {
                isSeeded = true
                rehash(slotCount: slots.count)
                return number(of: spelling, numbering: numbering)
            }
        }
        let number = numbering()
        numbers.append(number)
        spellings.append(contentsOf: spelling)
        spellingEnds.append(spellings.count)
        slots[slot] = UInt32(numbers.count)
        if numbers.count * 2 > slots.count { rehash(slotCount: slots.count * 2) }
        return number
    }

    private func spells(_ position: Int, _ spelling: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = position == 0 ? 0 : spellingEnds[position - 1]
        guard spellingEnds[position] - start == spelling.count else { return false }
        guard spelling.count > 0 else { return true }
        return spellings.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, spelling.baseAddress!, spelling.count) == 0 }
    }

    /// Places every name again in `slotCount` slots.
    private mutating func rehash(slotCount: Int) {
        slots = [UInt32](repeating: 0, count: slotCount)
        let mask = slots.count - 1
        let spellings = spellings
        spellings.withUnsafeBufferPointer { bytes in
            var start = 0
            for (position, end) in spellingEnds.enumerated() {
                var slot = hash(UnsafeBufferPointer(rebasing: bytes[start..<end])) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = UInt32(position + 1)
                start = end
            }
        }
    }

    private func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        if isSeeded {
            var hasher = Hasher()
            hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
            return hasher.finalize()
        }
        return Int(truncatingIfNeeded: FNV1a64.hash(bytes))
    }
}
