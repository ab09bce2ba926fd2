/// The string attributes of a dump's nodes (text, content-desc, resource-id,
/// hint), their UTF-8 bytes one after another in one buffer.
///
/// Why not keep the `String`s XMLParser hands over: holding on to tens of
/// thousands of them while the parser keeps allocating its own made reading a
/// large dump measurably slower; copying their bytes into one growing buffer
/// and making each `String` once, when the node is built, is cheaper.
struct UIAutomatorStrings {
    /// Where one string sits in `bytes`.
    struct Ref {
        var start: Int
        var count: Int

        static let empty = Ref(start: 0, count: 0)

        var isEmpty: Bool { count == 0 }
    }

    private var bytes: [UInt8] = []

    /// Stores `value`, with whitespace collapsed first when `cleaning`
    /// (`UIAutomatorNode.clean`).
    ///
    /// - Complexity: O(n), where n is the length of `value`.
    mutating func append(_ value: String, cleaning: Bool) -> Ref {
        var value = value
        let start = bytes.count
        // A native string lends its storage: one copy, into `bytes`.
        let stored = value.withUTF8 { utf8 -> Bool in
            guard !cleaning || !UIAutomatorNode.needsCleaning(utf8) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if !stored {
            var cleaned = UIAutomatorNode.clean(value)
            cleaned.withUTF8 { bytes.append(contentsOf: $0) }
        }
        return Ref(start: start, count: bytes.count - start)
    }

    /// The string `ref` points to.
    ///
    /// - Complexity: O(n), where n is its length.
    func string(_ ref: Ref) -> String {
        guard ref.count > 0 else { return "" }
        return bytes[ref.start..<(ref.start + ref.count)].withUnsafeBufferPointer {
            String(decoding: $0, as: UTF8.self)
        }
    }
}
