/// The string attributes of a dump's nodes (text, content-desc, resource-id,
/// hint), their UTF-8 bytes one after another in one buffer.
///
/// The bytes are copied from where libxml2 leaves each attribute value, and
/// each `String` is made once, when the node is built, for the fields it shows.
struct UIAutomatorStrings {
    /// Where one string sits in `bytes`.
    struct Ref {
        var start: Int
        var count: Int

        static let empty = Ref(start: 0, count: 0)

        var isEmpty: Bool { count == 0 }
    }

    private var bytes: [UInt8] = []

    /// Room for `count` bytes, so that appending them copies none twice.
    mutating func reserveCapacity(_ count: Int) {
        bytes.reserveCapacity(count)
    }

    /// Stores the UTF-8 bytes `value`, with whitespace collapsed first when
    /// `cleaning` (`UIAutomatorNode.clean`).
    ///
    /// - Complexity: O(n), where n is the length of `value`.
    mutating func append(_ value: UnsafeBufferPointer<UInt8>, cleaning: Bool) -> Ref {
        // Most content-desc and many text values are empty.
        guard !value.isEmpty else { return .empty }
        let start = bytes.count
        if cleaning, UIAutomatorNode.needsCleaning(value) {
            var cleaned = UIAutomatorNode.clean(String(decoding: value, as: UTF8.self))
            cleaned.withUTF8 { bytes.append(contentsOf: $0) }
        } else {
            bytes.append(contentsOf: value)
        }
        return Ref(start: start, count: bytes.count - start)
    }

    /// The string `ref` points to.
    ///
    /// - Complexity: O(n), where n is its length.
    func string(_ ref: Ref) -> String {
        guard ref.count > 0 else { return "" }
        return bytes.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[ref.start..<(ref.start + ref.count)]), as: UTF8.self)
        }
    }
}
