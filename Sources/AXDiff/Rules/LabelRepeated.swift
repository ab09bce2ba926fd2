import AXSnapshot

/// `label.repeated`: what a stop says repeats itself — "Sign in, Sign in"
/// (a label that also is the value, as XCUITest label checks catch), "Error,
/// Error" (an icon combined with the text beside it, SwiftUI images).
enum LabelRepeated: ChangeRule {
    static let name = "label.repeated"
    static let defaultSeverity = Severity.warning
    static let wcag = ["1.3.1"]
    static let summary = "A label says the same words twice (\"Sign in, Sign in\")."
    static let help = "What a stop says repeats the same words twice, e.g. \"Sign in, Sign in\" (a value or child text that repeats the label) or \"Error, Error\" (a warning icon combined with the word beside it). VoiceOver users hear everything twice. Hide the redundant icon (Image(decorative:), accessibilityHidden) or drop the duplicate text from the label or value."
    static let isSmell = true

    /// Stops that are new, or whose label or value changed, and now repeat
    /// themselves where they did not.
    ///
    /// - Complexity: O(n) in the stops and the length of their labels.
    static func changes(in c: DiffContext) -> [Change] {
        var result: [Change] = []
        func check(_ j: Int, old i: Int?) {
            guard let part = repeated(c.newStops[j].name) else { return }
            if let i, repeated(c.oldStops[i].name) != nil { return }
            let n = c.newStops[j]
            result.append(Change(kind: kind, screen: c.screen, elements: [ElementRef(n)],
                                 before: i.map { c.oldStops[$0].name }, after: n.spoken,
                                 message: "\(c.new.platform.screenReader) says \"\(part)\" twice on one stop: \"\(n.spoken)\""))
        }
        for pair in c.changedPairs {
            // Compared in place: binding the two stops copies every field.
            if c.oldStops[pair.old].label == c.newStops[pair.new].label, c.oldStops[pair.old].value == c.newStops[pair.new].value { continue }
            check(pair.new, old: pair.old)
        }
        for j in c.addedStops { check(j, old: nil) }
        for group in c.matching.merges { check(group.single, old: nil) }
        result.sort { $0.elements[0].index < $1.elements[0].index }
        return result
    }

    /// The words said twice in a row, if any: two neighbouring parts of the
    /// name (between commas) that read the same, or a name that is one run
    /// of two or more words said twice ("Sign in Sign in"). One word said
    /// twice without a comma is a name ("Bora Bora"), and parts without a
    /// letter (prices, counts) may well repeat.
    ///
    /// - Complexity: O(n) in the length of the name.
    static func repeated(_ name: String) -> String? {
        let comma = UInt8(ascii: ",")
        if name.utf8.withContiguousStorageIfAvailable({ $0.contains(comma) }) ?? name.utf8.contains(comma),
           asciiPartsRepeat(name) ?? true {
            let raw = name.split(separator: ",")
            let parts = raw.map { LabelText.normalized(String($0)) }
            for k in parts.indices.dropFirst() where parts[k] == parts[k - 1] && parts[k].contains(where: \.isLetter) {
                return String(raw[k]).trimmingSpaces
            }
        }
        // "x y x y": the normal form is one half, a space, the same half again
        // (compared as bytes; most names fail on the length or the middle byte).
        let normal = LabelText.normalized(name).utf8
        guard normal.count >= 7, normal.count % 2 == 1 else { return nil }
        let half = normal.count / 2
        let middle = normal.index(normal.startIndex, offsetBy: half)
        guard normal[middle] == UInt8(ascii: " ") else { return nil }
        let first = normal[..<middle], second = normal[normal.index(after: middle)...]
        guard first.elementsEqual(second), first.contains(UInt8(ascii: " ")),
              let text = String(first), text.contains(where: \.isLetter) else { return nil }
        return text
    }
}

extension LabelRepeated {
    /// Whether two neighbouring parts of an ASCII `name` (between commas, empty ones left
    /// out) have the same normal form with a letter in it — what the comma test above looks
    /// for — found on the bytes; nil for any other name. Most names with a comma are a name
    /// and a price and repeat nothing, and splitting them by `Character` and normalizing
    /// each part cost more than the rest of the rule. For ASCII the normal form lower-cases
    /// A–Z and collapses whitespace (0x09–0x0D, 0x20), and a letter is [a-z] once lower-cased.
    static func asciiPartsRepeat(_ name: String) -> Bool? {
        var name = name
        return name.withUTF8 { bytes -> Bool? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var previous: [UInt8] = [], current: [UInt8] = []
            var previousHasLetter = false, hasPrevious = false
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: ",") {
                defer { start = end + 1 }
                guard end > start else { continue }
                current.removeAll(keepingCapacity: true)
                var letter = false, pendingSpace = false
                for b in bytes[start..<end] {
                    if b == 0x20 || (b >= 0x09 && b <= 0x0D) {
                        pendingSpace = !current.isEmpty
                        continue
                    }
                    if pendingSpace { current.append(0x20); pendingSpace = false }
                    let lower = b >= 0x41 && b <= 0x5A ? b | 0x20 : b
                    if lower >= 0x61 && lower <= 0x7A { letter = true }
                    current.append(lower)
                }
                if hasPrevious, letter, previousHasLetter, current == previous { return true }
                swap(&previous, &current)
                previousHasLetter = letter
                hasPrevious = true
            }
            return false
        }
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }).reversed())
    }
}

extension ChangeKind {
    public static let labelRepeated = LabelRepeated.kind
}
