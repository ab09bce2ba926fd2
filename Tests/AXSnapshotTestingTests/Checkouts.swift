import AXSnapshot
import Foundation

/// The snapshots the tests compare: the Reading Order Drift checkout in axsnapshot JSON,
/// and the readers' corpus (Tests/AXSnapshotTests/Fixtures/corpus) for every other format.
enum Checkouts {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// The checkout screen, its recovery button read `first` or after the error.
    static func checkout(tryAgainFirst: Bool = false, shift: Double = 0) throws -> Snapshot {
        var stops = [
            #"{"role": "text", "label": "Payment failed", "frame": [16, \#(100 + shift), 300, 20]}"#,
            #"{"role": "textField", "id": "card_field", "label": "Card number", "frame": [16, \#(140 + shift), 300, 44]}"#,
            #"{"role": "button", "label": "Try again", "frame": [16, \#(200 + shift), 300, 44]}"#,
            #"{"role": "button", "label": "Support", "frame": [16, \#(260 + shift), 300, 44]}"#,
        ]
        if tryAgainFirst { stops.insert(stops.remove(at: 2), at: 0) }
        let json = #"{"axsnapshot": 1, "screen": "Checkout", "platform": "ios", "elements": ["# + stops.joined(separator: ", ") + "]}"
        return try SnapshotReader.read(Array(json.utf8), file: "Checkout.json")
    }

    /// Every readable snapshot of the corpus, by format folder: (file name, snapshot).
    static func corpus(_ folder: String) throws -> [(String, Snapshot)] {
        let dir = root.appendingPathComponent("AXSnapshotTests/Fixtures/corpus/\(folder)")
        return try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted().compactMap { name in
            guard !name.hasSuffix(".error"), !name.hasSuffix(".md"),
                  !FileManager.default.fileExists(atPath: dir.appendingPathComponent(name + ".error").path) else { return nil }
            let bytes = try [UInt8](Data(contentsOf: dir.appendingPathComponent(name)))
            return (name, try SnapshotReader.read(bytes, file: name))
        }
    }

    // axsnapshot JSON is the checkout itself; the corpus has no other JSON to read.
    static let formats = ["xcuitest-debugdescription", "playwright-aria", "android-uiautomator"]

    /// A fresh directory for references recorded by a test.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "axsnapshottesting-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
