@testable import AXDiff
import AXSnapshot
import Foundation
import XCTest

/// The registry of change kinds (`KindRules.all`) is the one list: every kind
/// is one rule type in `Sources/AXDiff/Rules/<Rule>.swift`, every rule has its
/// test suite `Tests/AXDiffTests/Rules/<Rule>Tests.swift` that exercises its
/// kind, and the README's table of kinds says what the rules say.
final class KindRegistryTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func typeName(_ kind: ChangeKind) -> String { String(describing: kind.rule) }

    /// `LabelLost` → `labelLost`, the name of the kind's `ChangeKind` constant.
    static func constantName(_ kind: ChangeKind) -> String {
        let type = typeName(kind)
        return type.prefix(1).lowercased() + type.dropFirst()
    }

    func testEveryKindIsOneRuleWithItsFacts() {
        let kinds = ChangeKind.allCases
        XCTAssertEqual(kinds.count, 31)
        XCTAssertEqual(Set(kinds.map(\.rawValue)).count, kinds.count, "names are distinct")
        XCTAssertEqual(Set(kinds.map(Self.typeName)).count, kinds.count, "one rule type per kind")
        for kind in kinds {
            XCTAssertEqual(ChangeKind(rawValue: kind.rawValue), kind)
            XCTAssertTrue(kind.rawValue.range(of: #"^[a-z]+\.[a-z]+(-[a-z]+)?$"#, options: .regularExpression) != nil, kind.rawValue)
            // The type is named after the kind: `label.role-word` is `LabelRoleWord`.
            let camel = kind.rawValue.split { $0 == "." || $0 == "-" }.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            XCTAssertEqual(Self.typeName(kind), camel)
            XCTAssertEqual(kind.severities.first, kind.defaultSeverity, kind.rawValue)
            XCTAssertFalse(kind.severities.contains(.off), kind.rawValue)
            XCTAssertTrue(kind.summary.hasSuffix("."), kind.rawValue)
            XCTAssertFalse(kind.summary.contains("\n"), kind.rawValue)
            XCTAssertGreaterThan(kind.help.count, kind.summary.count / 2, kind.rawValue)
            for criterion in kind.wcag {
                XCTAssertTrue(criterion.range(of: #"^\d\.\d\.\d+$"#, options: .regularExpression) != nil, "\(kind): \(criterion)")
            }
        }
        XCTAssertNil(ChangeKind(rawValue: "label.lots"))
        XCTAssertEqual(kinds.filter(\.isOrder), [.orderRegressed, .orderChanged, .orderImproved])
        XCTAssertEqual(KindRules.orderRules.map { $0.kind }, [.orderRegressed, .orderChanged, .orderImproved])
        // Every other rule finds its own changes, but for the two whose change is asked for directly.
        XCTAssertEqual(Set(kinds).subtracting(KindRules.changeRules.map { $0.kind } + KindRules.orderRules.map { $0.kind }),
                       [.screenRemoved, .snapshotUnreadable, .screenRenamed])
        XCTAssertEqual(KindRules.changeRules.count, 25)
        XCTAssertEqual(ScreenDiffer.smellKinds, [.labelMissing, .stopDecorative, .nameDuplicate, .labelRoleWord,
                                                  .targetSmall, .labelRepeated, .labelUntranslated])
    }

    func testKindsDecodeAndEncodeByName() throws {
        let data = try JSONEncoder().encode([ChangeKind.labelLost, .groupControlMerged])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["label.lost","group.control-merged"]"#)
        XCTAssertEqual(try JSONDecoder().decode([ChangeKind].self, from: data), [.labelLost, .groupControlMerged])
        XCTAssertThrowsError(try JSONDecoder().decode([ChangeKind].self, from: Data(#"["label.lots"]"#.utf8)))
    }

    /// Exactly one order rule holds for every moved stop, whatever it breaks or repairs.
    func testExactlyOneOrderRuleHoldsForEachMovedStop() {
        let link = MovedStop.Link(reference: .errorBeforeRecovery, partner: 0, isLead: true)
        for breaks in [[], [link]] {
            for repairs in [[], [link]] {
                for visual in [false, true] {
                    var stop = MovedStop(old: 0, new: 1, isVisual: visual)
                    stop.breaks = breaks
                    stop.repairs = repairs
                    let holding = KindRules.orderRules.filter { $0.applies(to: stop) }.map { $0.kind }
                    let expected: ChangeKind = !breaks.isEmpty ? .orderRegressed : repairs.isEmpty ? .orderChanged : .orderImproved
                    XCTAssertEqual(holding, [expected], "breaks \(breaks.count), repairs \(repairs.count), visual \(visual)")
                }
            }
        }
    }

    /// Each rule is its own file in `Sources/AXDiff/Rules/`, and every type that file
    /// declares as a rule is in the registry: a rule left out of `KindRules.all`
    /// would report nothing and appear in no SARIF file.
    func testEveryRuleFileIsARegisteredRule() throws {
        let folder = Self.root.appendingPathComponent("Sources/AXDiff/Rules")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        let registered = Set(ChangeKind.allCases.map(Self.typeName))
        let machinery: Set<String> = ["KindRule.swift", "KindRules.swift"]
        XCTAssertEqual(Set(files).subtracting(machinery), Set(registered.map { $0 + ".swift" }),
                       "Sources/AXDiff/Rules holds exactly one file per registered rule")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            if machinery.contains(file) { continue }
            let declared = text.matches(#"enum (\w+): (?:ChangeRule|OrderRule|KindRule)\b"#)
            XCTAssertEqual(declared, [String(file.dropLast(6))], "\(file) declares one rule, named after the file")
            // The kind's constant is declared beside its rule.
            let type = String(file.dropLast(6))
            XCTAssertTrue(text.contains("public static let \(type.prefix(1).lowercased() + type.dropFirst()) = \(type).kind"), file)
        }
    }

    /// The convention that makes "a rule lacks a test" fail: every rule has
    /// `Tests/AXDiffTests/Rules/<Rule>Tests.swift` with a `<Rule>Tests` suite
    /// whose tests name the rule's kind (and so diff something that reports it).
    func testEveryRuleHasItsTestSuite() throws {
        let folder = Self.root.appendingPathComponent("Tests/AXDiffTests/Rules")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") })
        XCTAssertEqual(files, Set(ChangeKind.allCases.map { Self.typeName($0) + "Tests.swift" }),
                       "Tests/AXDiffTests/Rules holds exactly one suite per registered rule")
        for kind in ChangeKind.allCases {
            let type = Self.typeName(kind)
            guard let text = try? String(contentsOf: folder.appendingPathComponent(type + "Tests.swift"), encoding: .utf8) else {
                XCTFail("\(kind) has no Tests/AXDiffTests/Rules/\(type)Tests.swift")
                continue
            }
            XCTAssertTrue(text.contains("final class \(type)Tests: XCTestCase"), "\(type)Tests.swift declares \(type)Tests")
            let tests = text.matches(#"func (test\w+)\("#)
            XCTAssertFalse(tests.isEmpty, "\(type)Tests has no test")
            XCTAssertTrue(text.contains(".\(Self.constantName(kind))") || text.contains("\"\(kind.rawValue)\""),
                          "\(type)Tests never names \(kind)")
        }
    }

    /// The README's table of kinds: every kind in exactly one row, with its default
    /// severity (`error/warning` for a rule that reports both).
    func testTheReadmeTableListsEveryKindWithItsDefault() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try XCTUnwrap(readme.components(separatedBy: "\n## What axdiff reports\n").dropFirst().first)
        let rows = section.components(separatedBy: "\n\n").first { $0.contains("| kind | when | default |") } ?? ""
        var listed: [String: String] = [:]
        for line in rows.split(separator: "\n").dropFirst(2) {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            XCTAssertEqual(cells.count, 5, String(line))
            guard cells.count == 5 else { continue }
            let names = cells[1].matches("`([^`]+)`")
            XCTAssertFalse(names.isEmpty, String(line))
            for name in names {
                XCTAssertNil(listed[name], "\(name) is listed twice")
                listed[name] = cells[3]
            }
        }
        XCTAssertEqual(Set(listed.keys), Set(ChangeKind.allCases.map(\.rawValue)), "the README lists exactly the registry's kinds")
        for kind in ChangeKind.allCases {
            XCTAssertEqual(listed[kind.rawValue], kind.severities.map(\.rawValue).joined(separator: "/"), "README's default for \(kind)")
        }
    }
}

extension String {
    /// The first capture group of every match of `pattern`.
    func matches(_ pattern: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: self, range: NSRange(startIndex..., in: self)).compactMap {
            Range($0.range(at: 1), in: self).map { String(self[$0]) }
        }
    }
}
