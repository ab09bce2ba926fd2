import Foundation
import XCTest

/// The seeds' smells — a reordered card, a button that lost its name, label
/// soup — as before/after pairs on iOS, the web and Android
/// (`Config/examples/pairs/`): each platform reports the same change kinds.
final class CrossPlatformPairTests: XCTestCase {
    let pairs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Config/examples/pairs")
    let expected: [String: Set<String>] = [
        "card": ["order.regressed"],
        "share": ["label.lost"],
        "soup": ["group.split", "label.changed", "stop.decorative", "stops.increased"],
    ]
    let platforms = ["ios": "json", "web": "aria.yml", "android": "xml"]

    func kinds(_ before: URL, _ after: URL) throws -> (Set<String>, Int32) {
        let r = try CLI.run(["diff", before.path, after.path, "--format", "json"])
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any], r.err)
        let changes = object["changes"] as? [[String: Any]] ?? []
        return (Set(changes.compactMap { $0["kind"] as? String }), r.code)
    }

    func testEveryPlatformReportsTheSameKinds() throws {
        for (platform, ext) in platforms.sorted(by: { $0.key < $1.key }) {
            for (smell, want) in expected.sorted(by: { $0.key < $1.key }) {
                let dir = pairs.appendingPathComponent(platform)
                let (got, code) = try kinds(dir.appendingPathComponent("\(smell)-before.\(ext)"), dir.appendingPathComponent("\(smell)-after.\(ext)"))
                XCTAssertEqual(got, want, "\(platform) \(smell)")
                XCTAssertEqual(code, smell == "soup" ? 0 : 1, "\(platform) \(smell): errors exit 1, warnings 0")
                // The fix reverses it: no error left.
                let (_, back) = try kinds(dir.appendingPathComponent("\(smell)-after.\(ext)"), dir.appendingPathComponent("\(smell)-before.\(ext)"))
                XCTAssertEqual(back, 0, "\(platform) \(smell) fixed")
            }
        }
    }

    func testEveryPairFileDiffsAgainstItselfWithNoChanges() throws {
        for (platform, ext) in platforms {
            for smell in expected.keys {
                for side in ["before", "after"] {
                    let file = pairs.appendingPathComponent("\(platform)/\(smell)-\(side).\(ext)")
                    let (got, code) = try kinds(file, file)
                    XCTAssertEqual(got, [], file.lastPathComponent)
                    XCTAssertEqual(code, 0)
                }
            }
        }
    }
}
