import AXTestSupport
import Foundation
import XCTest
@testable import AXSnapshot

/// The ARIA reader counts list items as it reads (`AriaYAMLReader.read(_:file:screen:maxElements:)`)
/// instead of `SnapshotReader.elementBound` counting them first: on any text, reading with a
/// limit gives what counting first and then reading gave — the same snapshot, or the same error.
final class AriaElementLimitTests: XCTestCase {
    static let file = "Snapshots/Checkout.aria.yml"

    enum Outcome: Equatable {
        case snapshot(Snapshot)
        case error(String)
    }

    /// The bytes counted first (`checkElementBound`, the default reader's path), then read.
    func countedFirst(_ bytes: [UInt8], limit: Int) -> Outcome {
        do {
            try SnapshotReader.checkElementBound(bytes, file: Self.file, limit: limit)
            return .snapshot(try AriaYAMLReader.read(bytes, file: Self.file, screen: SnapshotReader.screenName(for: Self.file)))
        } catch {
            return .error("\(error)")
        }
    }

    /// What `SnapshotReader.read` makes of the bytes, before what the path says is added.
    func countedAsRead(_ bytes: [UInt8], limit: Int) -> Outcome {
        do {
            return .snapshot(try SnapshotReader.readFormat(bytes, file: Self.file, maxElements: limit))
        } catch {
            return .error("\(error)")
        }
    }

    func testCountingAsReadingRefusesWhatCountingFirstRefused() {
        let seed = UInt64(ProcessInfo.processInfo.environment["AXDIFF_ARIA_SEED"] ?? "") ?? 0xA21A_5EED
        var rng = SeededGenerator(seed: seed)
        var compared = 0, read = 0, refused = 0, failedOtherwise = 0, countedAsItRead = 0
        for _ in 0..<3000 {
            let text = Self.randomText(&rng)
            let bytes = Array(text.utf8)
            // Texts another reader claims are not the ARIA reader's to count.
            guard AriaYAMLReader.sniff(bytes[SnapshotReader.textStart(bytes)...]) else { continue }
            if bytes.withUnsafeBufferPointer(SnapshotReader.boundCountsListItems) { countedAsItRead += 1 }
            let count = bytes.withUnsafeBufferPointer { SnapshotReader.elementBound($0, stoppingAbove: .max) }
            for limit in Set([0, count - 2, count - 1, count, count + 1, Int.max]) where limit >= 0 {
                let expected = countedFirst(bytes, limit: limit)
                let actual = countedAsRead(bytes, limit: limit)
                compared += 1
                switch expected {
                case .snapshot: read += 1
                case .error(let message) where message.contains("-element limit"): refused += 1
                case .error: failedOtherwise += 1
                }
                guard expected == actual else {
                    return XCTFail("seed \(seed): \(text.debugDescription) (\(count) list items) at limit \(limit): "
                        + "counted first \(expected), counted as read \(actual)")
                }
            }
        }
        // Each outcome is met many times, or the comparison would prove little.
        XCTAssertGreaterThan(read, 1000, "seed \(seed)")
        XCTAssertGreaterThan(refused, 1000, "seed \(seed)")
        XCTAssertGreaterThan(failedOtherwise, 500, "seed \(seed)")
        XCTAssertGreaterThan(countedAsItRead, 2000, "seed \(seed)")
        XCTAssertGreaterThan(compared, 10000, "seed \(seed)")
    }

    /// The reader's own count, without `readFormat` counting the file again when it throws:
    /// a text read whole is refused exactly where the bound refuses it.
    func testTheReaderRefusesWhereTheBoundWould() {
        let texts = [
            "- list:\n  - listitem: one\n  - listitem: two\n",
            "\u{FEFF}- paragraph: a\n    -b\n- text: |\n    - not an item\n    -  nor this\n- button \"-\"\n",
            "---\n- list:\n  - |\n    listitem \"x\"\n  # - a comment\n  - text: >-\n      -x\r\n",
            "\n  \n- link \"A - B\":\n  - /url: /a-b\n",
        ]
        for text in texts {
            let bytes = Array(text.utf8)
            let count = bytes.withUnsafeBufferPointer { SnapshotReader.elementBound($0, stoppingAbove: .max) }
            XCTAssertTrue(bytes.withUnsafeBufferPointer(SnapshotReader.boundCountsListItems), text.debugDescription)
            XCTAssertNoThrow(try AriaYAMLReader.read(bytes, file: "S.aria.yml", screen: "S", maxElements: count), text.debugDescription)
            XCTAssertThrowsError(try AriaYAMLReader.read(bytes, file: "S.aria.yml", screen: "S", maxElements: count - 1)) { error in
                XCTAssertEqual("\(error)", "\(SnapshotReader.elementLimitError(file: "S.aria.yml", limit: count - 1))", text.debugDescription)
            }
        }
    }

    // MARK: - Random texts

    static func pick<T>(_ options: [T], _ rng: inout SeededGenerator) -> T {
        options[Int.random(in: 0..<options.count, using: &rng)]
    }

    static let leaves = [
        "button \"Save\"", "heading \"A - B\" [level=2]", "link \"-x\"", "'button \"x: -y\"'", "\"link \\\"-a\\\"\"",
        "text: hello - world", "listitem: -one", "img \"Logo\"", "checkbox \"Agree\" [checked]", "textbox \"Email\": a-b",
        "combobox \"Country\":", "paragraph: Ünïcode – dash", "text: \"quoted - text\"", "button /Save \\d+/",
    ]
    static let containers = ["list:", "navigation \"Main - top\":", "listitem:", "group:", "link \"Docs\":", "heading \"H\":", "main:"]
    static let blockLines = ["- not an item", "-dash", "plain words", "  deeper - text", "", "# not a comment", "---", "\t- tab"]
    static let brokenLines = [
        "\t- tab", "- ", "-", "- button \"open", " - off by one", "-x", "\r-x", "- list: x", "  -", "- button: [", "- : x",
        "- text: a: b", "- |", "- >-", "x", "- button \"a\" [nope]", "#", "- - nested", "- 'unterminated",
    ]
    static let starts = ["", "", "", "", "\u{FEFF}", "\n\n", "  ", "\r\n", "\t", "# a comment\n", " \u{FEFF}", "\u{FEFF}\n  ", "---\n"]

    /// A snapshot of random items (well-formed most of the time, broken by some
    /// lines otherwise), with lines ending in LF or CR LF.
    static func randomText(_ rng: inout SeededGenerator) -> String {
        var lines: [String] = []
        var depth = 0
        var parentOpen = false
        let broken = Int.random(in: 0..<3, using: &rng) == 0
        let lineCount = Int.random(in: 1...30, using: &rng)
        while lines.count < lineCount {
            let pad = String(repeating: " ", count: depth * 2)
            switch Int.random(in: 0..<12, using: &rng) {
            case 0...2:
                lines.append(pad + "- " + pick(containers, &rng))
                depth += 1
                parentOpen = true
                continue
            case 3...5:
                lines.append(pad + "- " + pick(leaves, &rng))
            case 6:
                // A plain value on more lines, some starting with `-`.
                lines.append(pad + "- paragraph: first")
                for _ in 0..<Int.random(in: 1...3, using: &rng) {
                    lines.append(pad + "    " + pick(["-continued", "more words", "- text"], &rng))
                }
            case 7:
                // A block scalar value, or a key written as one.
                let key = Bool.random(using: &rng)
                lines.append(pad + "- " + (key ? pick(["|", ">", "|-"], &rng) : "text: " + pick(["|", ">", "|+", ">-", "|2"], &rng)))
                if key { lines.append(pad + "  " + pick(["button \"Go - on\"", "listitem", "link \"x\""], &rng)) }
                for _ in 0..<Int.random(in: 0...3, using: &rng) {
                    let line = pick(blockLines, &rng)
                    lines.append(line.isEmpty ? "" : pad + "  " + line)
                }
            case 8:
                lines.append(pad + "- /url: /a-b")
            case 9:
                lines.append(pick(["", pad + "# - note", "  ", pad + "#-x"], &rng))
            default:
                if depth > 0, !parentOpen || Bool.random(using: &rng) { depth -= Int.random(in: 1...depth, using: &rng) }
            }
            parentOpen = false
        }
        if broken {
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                let at = Int.random(in: 0...lines.count, using: &rng)
                lines.insert(String(repeating: " ", count: Int.random(in: 0...4, using: &rng)) + pick(brokenLines, &rng), at: at)
            }
        }
        let newline = Int.random(in: 0..<4, using: &rng) == 0 ? "\r\n" : "\n"
        var text = pick(starts, &rng) + lines.joined(separator: newline)
        if Bool.random(using: &rng) { text += newline }
        if broken, Bool.random(using: &rng) {
            text = String(text.prefix(Int.random(in: 1...max(1, text.count), using: &rng)))
        }
        return text
    }
}
