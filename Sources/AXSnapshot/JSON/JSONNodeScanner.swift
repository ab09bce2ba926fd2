/// Decodes the usual axsnapshot file straight into `Node`s in one pass over
/// the bytes, without the `JSONValue` tree that `JSONParser` builds.
///
/// Why axsnapshot JSON has two decoders (three paths, with `JSONScanMemo`):
/// `JSONParser` followed by `AXSnapshotJSONReader.Decoder` is the reference —
/// strict RFC 8259, every value located, every error named with its line and
/// column — and the only JSON decoder of the configuration and of the
/// browser protocol. For snapshots it is slow: building, decoding and freeing
/// its value tree is most of reading a snapshot, and reading is a large part
/// of a backfill (BENCHMARKS.md, "What the profile showed"). So the usual file is
/// read by this scanner, which accepts only what it decodes exactly as the
/// reference does and gives up on anything else: any error, an escape
/// sequence in a string, a field given twice, a byte-order mark, nesting near
/// `JSONParser.maxDepth`. The caller then reads the file the reference way,
/// which produces the same snapshot or the precise error. So this type never
/// reports an error itself, and the reference decides every error.
/// `DecoderAgreementTests` holds the three paths to one answer on every JSON
/// file of the repository, every corpus dump written as JSON, and seeded
/// mutations of each.
///
/// - Complexity: O(n) in the bytes; recursion is bounded by `JSONParser.maxDepth`.
struct JSONNodeScanner {
    /// Thrown to abandon the fast path; never leaves `snapshot(_:defaultScreen:)`.
    struct GiveUp: Error {}

    let bytes: UnsafeBufferPointer<UInt8>
    var pos = 0
    var line = 1
    /// The previous version's leaves, and its source (see `JSONScanMemo`).
    let previous: JSONScanMemo?
    let previousBytes: UnsafeBufferPointer<UInt8>
    /// This version's leaves, for the memo of the next scan (when recording).
    let recording: Bool
    var leaves: [JSONScanMemo.Leaf] = []
    /// The child-index path of the element being read, and the leaves' paths.
    var path: [Int32] = []
    var leafPaths: [Int32] = []
    /// Where the value of the `frame` member last read lies (for the memo).
    var frameValue: Range<Int>?

    private init(bytes: UnsafeBufferPointer<UInt8>, previous: JSONScanMemo? = nil,
                 previousBytes: UnsafeBufferPointer<UInt8> = UnsafeBufferPointer(start: nil, count: 0), recording: Bool = false) {
        self.bytes = bytes
        self.previous = previous
        self.previousBytes = previousBytes
        self.recording = recording
        if recording {
            leaves.reserveCapacity(previous?.leaves.count ?? 64)
            leafPaths.reserveCapacity(previous?.paths.count ?? 128)
        }
    }

    /// The snapshot, or nil when the general reader must decide.
    static func snapshot(_ text: String, defaultScreen: String) -> Snapshot? {
        let result: Snapshot?? = text.utf8.withContiguousStorageIfAvailable { buffer in
            var scanner = JSONNodeScanner(bytes: buffer)
            return try? scanner.root(defaultScreen: defaultScreen)
        }
        return result ?? nil
    }

    /// The snapshot and a memo for the next version's scan, or nil when the
    /// general reader must decide. Leaves of `previous` whose bytes recur
    /// unchanged are taken from it rather than decoded again; the snapshot
    /// is the one `snapshot(_:defaultScreen:)` gives.
    static func snapshot(_ text: String, defaultScreen: String, previous: JSONScanMemo?) -> (Snapshot, JSONScanMemo)? {
        snapshot(utf8: Array(text.utf8), defaultScreen: defaultScreen, previous: previous)
    }

    /// The same, of `utf8`, which must be well-formed UTF-8; the memo keeps those bytes as
    /// its source (no copy).
    static func snapshot(utf8 source: [UInt8], defaultScreen: String, previous: JSONScanMemo?) -> (Snapshot, JSONScanMemo)? {
        source.withUnsafeBufferPointer { buffer in
            func scan(_ old: UnsafeBufferPointer<UInt8>) -> (Snapshot, JSONScanMemo)? {
                var scanner = JSONNodeScanner(bytes: buffer, previous: previous, previousBytes: old, recording: true)
                guard let snapshot = try? scanner.root(defaultScreen: defaultScreen) else { return nil }
                return (snapshot, JSONScanMemo(source: source, leaves: scanner.leaves, paths: scanner.leafPaths, snapshot: snapshot))
            }
            guard let previous else { return scan(UnsafeBufferPointer(start: nil, count: 0)) }
            return previous.source.withUnsafeBufferPointer(scan)
        }
    }

    // MARK: - The document

    private mutating func root(defaultScreen: String) throws -> Snapshot {
        skipWhitespace()
        try expect(UInt8(ascii: "{"))
        var seen = Set<Int>()
        var version: Double?
        var screen: String?
        var platform = Platform.other
        var direction = LayoutDirection.ltr
        var locale: String?
        var elements: [Node] = []
        try members { scanner, key in
            let field = Self.rootFields.firstIndex { Self.equal(scanner.bytes, key, $0) }
            if let field, !seen.insert(field).inserted { throw GiveUp() }
            switch field {
            case 0: version = try scanner.number()
            case 1: screen = try scanner.stringOrNull()
            case 2:
                if let p = try scanner.stringOrNull() {
                    guard let value = Platform(rawValue: p) else { throw GiveUp() }
                    platform = value
                }
            case 3:
                if let d = try scanner.stringOrNull() {
                    guard let value = LayoutDirection(rawValue: d) else { throw GiveUp() }
                    direction = value
                }
            case 4: locale = try scanner.stringOrNull()
            case 5: elements = try scanner.nodesOrNull(depth: 1)
            default: try scanner.skipValue(depth: 1)
            }
        }
        skipWhitespace()
        guard pos == bytes.count, version == 1 else { throw GiveUp() }
        return Snapshot(screen: screen ?? defaultScreen, platform: platform, locale: locale,
                        layoutDirection: direction, elements: elements, format: .axsnapshot)
    }

    private static let rootFields: [[UInt8]] = ["axsnapshot", "screen", "platform", "layoutDirection", "locale", "elements"].map { Array($0.utf8) }

    /// The index of a node field (the order of the `switch` in `node`), or
    /// nil for a key the model does not use.
    ///
    /// Picked by length and first byte, then confirmed on the bytes against a
    /// `StaticString`: a scan of an array of field names, reached through a
    /// lazily initialised global on every key, costs more than the rest of
    /// the member loop.
    private static func nodeField(_ bytes: UnsafeBufferPointer<UInt8>, _ key: Range<Int>) -> Int? {
        guard !key.isEmpty else { return nil }
        let candidate: (Int, StaticString)
        switch (key.count, bytes[key.lowerBound]) {
        case (2, UInt8(ascii: "i")): candidate = (0, "id")
        case (4, UInt8(ascii: "r")): candidate = (1, "role")
        case (5, UInt8(ascii: "l")): candidate = (2, "label")
        case (5, UInt8(ascii: "v")): candidate = (3, "value")
        case (4, UInt8(ascii: "h")): candidate = (4, "hint")
        case (5, UInt8(ascii: "i")): candidate = (5, "image")
        case (11, UInt8(ascii: "i")): candidate = (6, "inputLabels")
        case (7, UInt8(ascii: "a")): candidate = (7, "actions")
        case (5, UInt8(ascii: "f")): candidate = (8, "frame")
        case (6, UInt8(ascii: "h")): candidate = (9, "hidden")
        case (7, UInt8(ascii: "e")): candidate = (10, "element")
        case (6, UInt8(ascii: "s")): candidate = (11, "states")
        case (8, UInt8(ascii: "c")): candidate = (12, "children")
        case (12, UInt8(ascii: "p")): candidate = (13, "platformRole")
        default: return nil
        }
        return equal(bytes, key, candidate.1) ? candidate.0 : nil
    }

    /// The role named by the ASCII bytes `name`, or nil when no role has that
    /// name. For ASCII, `String` equality is byte equality, so this is
    /// `Role(rawValue:)` without making a `String` first and without the
    /// standard library's string switch (both per node).
    private static func role(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) -> Role? {
        guard !name.isEmpty else { return nil }
        // Length and first byte tell the common roles apart; any other name
        // (and a role sharing both with a common one) is looked up by the caller.
        let candidate: (Role, StaticString)
        switch (name.count, bytes[name.lowerBound]) {
        case (6, UInt8(ascii: "b")): candidate = (.button, "button")
        case (4, UInt8(ascii: "l")): candidate = (.link, "link")
        case (7, UInt8(ascii: "h")): candidate = (.heading, "heading")
        case (4, UInt8(ascii: "t")): candidate = (.text, "text")
        case (5, UInt8(ascii: "i")): candidate = (.image, "image")
        case (9, UInt8(ascii: "t")): candidate = (.textField, "textField")
        case (15, UInt8(ascii: "s")): candidate = (.secureTextField, "secureTextField")
        case (11, UInt8(ascii: "s")): candidate = (.searchField, "searchField")
        case (6, UInt8(ascii: "t")): candidate = (.toggle, "toggle")
        case (8, UInt8(ascii: "c")): candidate = (.checkbox, "checkbox")
        case (5, UInt8(ascii: "r")): candidate = (.radio, "radio")
        case (6, UInt8(ascii: "s")): candidate = (.slider, "slider")
        case (6, UInt8(ascii: "p")): candidate = (.picker, "picker")
        case (3, UInt8(ascii: "t")): candidate = (.tab, "tab")
        case (4, UInt8(ascii: "c")): candidate = (.cell, "cell")
        case (8, UInt8(ascii: "m")): candidate = (.menuItem, "menuItem")
        case (8, UInt8(ascii: "p")): candidate = (.progress, "progress")
        case (9, UInt8(ascii: "c")): candidate = (.container, "container")
        case (5, UInt8(ascii: "o")): candidate = (.other, "other")
        default: return nil
        }
        return equal(bytes, name, candidate.1) ? candidate.0 : nil
    }

    /// `null` or an array of element objects. `depth` counts the containers
    /// open around the array, as `JSONParser` does.
    private mutating func nodesOrNull(depth: Int) throws -> [Node] {
        if try null() { return [] }
        guard depth < JSONParser.maxDepth - 4 else { throw GiveUp() }
        var nodes: [Node] = []
        // Loops rather than `items` and `members` with closures: a closure
        // that captures the node being filled makes the compiler copy every
        // `Node` twice on its way out, a retain and a release of each field.
        try expect(UInt8(ascii: "["))
        // Each node is filled in place in the array: built in a local and
        // returned, it would be copied once more.
        var more = try firstItem()
        while more {
            if recording { path.append(Int32(truncatingIfNeeded: nodes.count)) }
            if let reused = reusedLeaf(depth: depth + 1) {
                nodes.append(reused)
            } else {
                let (start, startLine, firstInner) = (pos, line, leaves.count)
                frameValue = nil
                nodes.append(Node(line: line))
                try node(into: &nodes[nodes.count - 1], depth: depth + 1)
                if recording, pos - start >= JSONScanMemo.prefixLength {
                    let hasChildren = !nodes[nodes.count - 1].children.isEmpty
                    // A child's frame may have been read since: only a leaf's own is kept.
                    let frame = hasChildren ? nil : frameValue.map { ($0.lowerBound - start)..<($0.upperBound - start) }
                    recordLeaf(start..<pos, depth: depth + 1, lineFeeds: line - startLine, startLine: startLine,
                               print: JSONScanMemo.fingerprint(bytes, at: start), innerStart: hasChildren ? firstInner : leaves.count,
                               hasChildren: hasChildren, frame: frame)
                }
            }
            if recording { path.removeLast() }
            more = try nextItem(closing: UInt8(ascii: "]"))
        }
        return nodes
    }

    /// Reads an element object into `node`, which has its line already.
    private mutating func node(into node: inout Node, depth: Int) throws {
        // Each node opens two containers (itself and its children array): stay
        // well inside the general parser's limit, which reports the error.
        guard depth < JSONParser.maxDepth - 4 else { throw GiveUp() }
        try expect(UInt8(ascii: "{"))
        var seen: UInt16 = 0
        var next = try firstKey()
        while let member = next {
            if let field = Self.nodeField(bytes, member) {
                guard seen & (1 << field) == 0 else { throw GiveUp() }
                seen |= 1 << field
                try readField(field, into: &node, depth: depth)
            } else {
                try skipValue(depth: depth + 1)
            }
            next = try nextItem(closing: UInt8(ascii: "}")) ? key() : nil
        }
    }

    /// Reads the value of node field number `field` (see `nodeField`) into `node`.
    private mutating func readField(_ field: Int, into node: inout Node, depth: Int) throws {
        switch field {
        case 0: node.id = try stringOrNull()
        case 1:
            if try !null() {
                let (name, ascii) = try stringBytes()
                if ascii, let role = Self.role(bytes, name) {
                    node.role = role
                } else {
                    let r = String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self)
                    if let role = Role(rawValue: r) { node.role = role } else {
                        node.role = .other
                        if node.platformRole == nil { node.platformRole = r }
                    }
                }
            }
        case 2: node.label = try stringOrNull()
        case 3: node.value = try stringOrNull()
        case 4: node.hint = try stringOrNull()
        case 5: node.imageName = try stringOrNull()
        case 6: node.inputLabels = try stringsOrNull(depth: depth + 1)
        case 7: node.actions = try stringsOrNull(depth: depth + 1)
        case 8:
            let start = pos
            node.frame = try frameOrNull(depth: depth + 1)
            frameValue = start..<pos
        case 9: node.hidden = try boolOrNull() ?? false
        case 10: node.element = try boolOrNull()
        case 11:
            for state in try stringsOrNull(depth: depth + 1) {
                if state.hasPrefix("level=") {
                    guard let level = Int(state.dropFirst(6)), level > 0 else { throw GiveUp() }
                    node.level = level
                } else if let s = NodeState(rawValue: state) {
                    node.states.insert(s)
                }
            }
        case 13: node.platformRole = try stringOrNull()
        default: node.children = try nodesOrNull(depth: depth + 1)
        }
    }

    // MARK: - Values

    private mutating func stringOrNull() throws -> String? {
        if try null() { return nil }
        return try string()
    }

    private mutating func boolOrNull() throws -> Bool? {
        if try null() { return nil }
        if try literal("true") { return true }
        if try literal("false") { return false }
        throw GiveUp()
    }

    private mutating func stringsOrNull(depth: Int) throws -> [String] {
        if try null() { return [] }
        var strings: [String] = []
        try items(depth: depth) { scanner in strings.append(try scanner.string()) }
        return strings
    }

    /// Exactly four numbers, read straight into the frame: an array of the
    /// numbers would cost an allocation per node, and the generic item loop
    /// several calls per number. Any other count gives up, as `items`
    /// followed by a count check would.
    mutating func frameOrNull(depth: Int) throws -> Frame? {
        if try null() { return nil }
        guard depth < JSONParser.maxDepth - 4 else { throw GiveUp() }
        try expect(UInt8(ascii: "["))
        skipWhitespace()
        let x = try number()
        try separator()
        let y = try number()
        try separator()
        let width = try number()
        try separator()
        let height = try number()
        skipWhitespace()
        try expect(UInt8(ascii: "]"))
        guard width >= 0, height >= 0 else { throw GiveUp() }
        return Frame(x: x, y: y, width: width, height: height)
    }

    /// `,` between items, with the whitespace around it.
    private mutating func separator() throws {
        skipWhitespace()
        try expect(UInt8(ascii: ","))
        skipWhitespace()
    }

    /// A string without escapes or control characters. The bytes are valid UTF-8 (a
    /// `String`'s, or checked by the caller) and a quote byte never occurs inside a
    /// multi-byte sequence, so the bytes between the quotes are valid UTF-8 as they are.
    private mutating func string() throws -> String {
        let (range, _) = try stringBytes()
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The bytes between the quotes of a string without escapes or control
    /// characters, and whether they are all ASCII.
    private mutating func stringBytes() throws -> (Range<Int>, ascii: Bool) {
        try expect(UInt8(ascii: "\""))
        let start = pos
        var high: UInt8 = 0
        while pos < bytes.count {
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") {
                pos += 1
                return (start..<pos - 1, high < 0x80)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { throw GiveUp() }
            high |= b
            pos += 1
        }
        throw GiveUp()
    }

    /// A JSON number, converted exactly as `JSONParser` converts it.
    private mutating func number() throws -> Double {
        let start = pos
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        let intStart = pos
        // The integer part's value is gathered while its digits are read:
        // a plain integer of up to 15 digits (every frame number, mostly) is
        // then done, exactly as `JSONParser.value(ofNumber:)` computes it
        // ("-0" goes on to the general conversion, which keeps its sign).
        var magnitude = 0
        while pos < bytes.count, bytes[pos] >= 0x30, bytes[pos] <= 0x39 {
            magnitude = magnitude &* 10 &+ Int(bytes[pos] &- 0x30)
            pos += 1
        }
        let count = pos - intStart
        guard count > 0, !(count > 1 && bytes[intStart] == UInt8(ascii: "0")) else { throw GiveUp() }
        let intEnd = pos
        if count <= 15, pos == bytes.count || !Self.continuesNumber(bytes[pos]) {
            let negative = intStart > start
            if !(negative && magnitude == 0) { return negative ? -Double(magnitude) : Double(magnitude) }
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: ".") {
            pos += 1
            guard digits() > 0 else { throw GiveUp() }
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "e") || bytes[pos] == UInt8(ascii: "E") {
            pos += 1
            if pos < bytes.count, bytes[pos] == UInt8(ascii: "+") || bytes[pos] == UInt8(ascii: "-") { pos += 1 }
            guard digits() > 0 else { throw GiveUp() }
        }
        guard let value = JSONParser.value(ofNumber: bytes, start..<pos, integerDigits: intStart..<intEnd) else { throw GiveUp() }
        return value
    }

    /// Whether `b` after an integer part continues the number (a fraction or an exponent).
    @inline(__always)
    private static func continuesNumber(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ".") || b == UInt8(ascii: "e") || b == UInt8(ascii: "E")
    }

    private mutating func digits() -> Int {
        let s = pos
        while pos < bytes.count, bytes[pos] >= 0x30, bytes[pos] <= 0x39 { pos += 1 }
        return pos - s
    }

    /// Skips any valid value of a field the model does not use.
    private mutating func skipValue(depth: Int) throws {
        guard pos < bytes.count, depth < JSONParser.maxDepth - 4 else { throw GiveUp() }
        switch bytes[pos] {
        case UInt8(ascii: "{"):
            try expect(UInt8(ascii: "{"))
            try members { scanner, _ in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): try items(depth: depth) { scanner in try scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
        default:
            guard try literal("true") || literal("false") || literal("null") else { throw GiveUp() }
        }
    }

}
