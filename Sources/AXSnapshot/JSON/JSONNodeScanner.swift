/// Decodes the usual axsnapshot file straight into `Node`s in one pass over
/// the bytes, without the `JSONValue` tree that `JSONParser` builds (building,
/// decoding and freeing that tree were two thirds of reading a snapshot, and
/// reading a third of a backfill: callgrind).
///
/// It only accepts what it can decode exactly as `JSONParser` followed by
/// `AXSnapshotJSONReader.Decoder` does, and gives up on anything else: any
/// error, an escape sequence in a string, a field given twice, a byte-order
/// mark, nesting near `JSONParser.maxDepth`. The caller then reads the file
/// the general way, which produces the same snapshot or the precise error
/// with its line and column. So this type never reports an error itself.
///
/// - Complexity: O(n) in the bytes; recursion is bounded by `JSONParser.maxDepth`.
struct JSONNodeScanner {
    /// Thrown to abandon the fast path; never leaves `snapshot(_:defaultScreen:)`.
    private struct GiveUp: Error {}

    private let bytes: UnsafeBufferPointer<UInt8>
    private var pos = 0
    private var line = 1

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The snapshot, or nil when the general reader must decide.
    static func snapshot(_ text: String, defaultScreen: String) -> Snapshot? {
        let result: Snapshot?? = text.utf8.withContiguousStorageIfAvailable { buffer in
            var scanner = JSONNodeScanner(bytes: buffer)
            return try? scanner.root(defaultScreen: defaultScreen)
        }
        return result ?? nil
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

    private static let nodeFields: [[UInt8]] = ["id", "role", "label", "value", "hint", "image", "inputLabels", "actions",
                                                "frame", "hidden", "element", "states", "children"].map { Array($0.utf8) }

    /// `null` or an array of element objects. `depth` counts the containers
    /// open around the array, as `JSONParser` does.
    private mutating func nodesOrNull(depth: Int) throws -> [Node] {
        if try null() { return [] }
        var nodes: [Node] = []
        try items(depth: depth) { scanner in nodes.append(try scanner.node(depth: depth + 1)) }
        return nodes
    }

    private mutating func node(depth: Int) throws -> Node {
        // Each node opens two containers (itself and its children array): stay
        // well inside the general parser's limit, which reports the error.
        guard depth < JSONParser.maxDepth - 4 else { throw GiveUp() }
        var node = Node(line: line)
        try expect(UInt8(ascii: "{"))
        var seen: UInt16 = 0
        try members { scanner, key in
            guard let field = Self.nodeFields.firstIndex(where: { Self.equal(scanner.bytes, key, $0) }) else {
                return try scanner.skipValue(depth: depth + 1)
            }
            guard seen & (1 << field) == 0 else { throw GiveUp() }
            seen |= 1 << field
            switch field {
            case 0: node.id = try scanner.stringOrNull()
            case 1:
                if let r = try scanner.stringOrNull() {
                    if let role = Role(rawValue: r) { node.role = role } else { node.role = .other; node.rawRole = r }
                }
            case 2: node.label = try scanner.stringOrNull()
            case 3: node.value = try scanner.stringOrNull()
            case 4: node.hint = try scanner.stringOrNull()
            case 5: node.imageName = try scanner.stringOrNull()
            case 6: node.inputLabels = try scanner.stringsOrNull(depth: depth + 1)
            case 7: node.actions = try scanner.stringsOrNull(depth: depth + 1)
            case 8: node.frame = try scanner.frameOrNull(depth: depth + 1)
            case 9: node.hidden = try scanner.boolOrNull() ?? false
            case 10: node.element = try scanner.boolOrNull()
            case 11:
                for state in try scanner.stringsOrNull(depth: depth + 1) {
                    if state.hasPrefix("level=") {
                        guard let level = Int(state.dropFirst(6)), level > 0 else { throw GiveUp() }
                        node.level = level
                    } else if let s = NodeState(rawValue: state) {
                        node.states.insert(s)
                    }
                }
            default: node.children = try scanner.nodesOrNull(depth: depth + 1)
            }
        }
        return node
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

    private mutating func frameOrNull(depth: Int) throws -> Frame? {
        if try null() { return nil }
        var numbers: [Double] = []
        numbers.reserveCapacity(4)
        try items(depth: depth) { scanner in numbers.append(try scanner.number()) }
        guard numbers.count == 4, numbers[2] >= 0, numbers[3] >= 0 else { throw GiveUp() }
        return Frame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// A string without escapes or control characters. The text came from a
    /// validated `String` and a quote byte never occurs inside a multi-byte
    /// sequence, so the bytes between the quotes are valid UTF-8 as they are.
    private mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = pos
        while pos < bytes.count {
            let b = bytes[pos]
            if b == UInt8(ascii: "\"") {
                pos += 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<pos - 1]), as: UTF8.self)
            }
            if b == UInt8(ascii: "\\") || b < 0x20 { throw GiveUp() }
            pos += 1
        }
        throw GiveUp()
    }

    /// A JSON number, converted exactly as `JSONParser` converts it.
    private mutating func number() throws -> Double {
        let start = pos
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "-") { pos += 1 }
        let intStart = pos
        guard digits() > 0, !(pos - intStart > 1 && bytes[intStart] == UInt8(ascii: "0")) else { throw GiveUp() }
        let intEnd = pos
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

    // MARK: - Structure

    /// The members of an object whose `{` was just read: `body` gets the key's
    /// byte range and must consume the value.
    private mutating func members(_ body: (inout JSONNodeScanner, Range<Int>) throws -> Void) throws {
        skipWhitespace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") { pos += 1; return }
        while true {
            skipWhitespace()
            try expect(UInt8(ascii: "\""))
            let keyStart = pos
            while pos < bytes.count, bytes[pos] != UInt8(ascii: "\""), bytes[pos] != UInt8(ascii: "\\"), bytes[pos] >= 0x20 { pos += 1 }
            let key = keyStart..<pos
            try expect(UInt8(ascii: "\""))
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            try body(&self, key)
            skipWhitespace()
            guard pos < bytes.count else { throw GiveUp() }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            try expect(UInt8(ascii: "}"))
            return
        }
    }

    /// The items of an array (reads the `[`); `body` must consume one item.
    private mutating func items(depth: Int, _ body: (inout JSONNodeScanner) throws -> Void) throws {
        guard depth < JSONParser.maxDepth - 4 else { throw GiveUp() }
        try expect(UInt8(ascii: "["))
        skipWhitespace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") { pos += 1; return }
        while true {
            skipWhitespace()
            try body(&self)
            skipWhitespace()
            guard pos < bytes.count else { throw GiveUp() }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            try expect(UInt8(ascii: "]"))
            return
        }
    }

    private mutating func null() throws -> Bool { try literal("null") }

    /// Consumes `word` if it is next.
    private mutating func literal(_ word: StaticString) throws -> Bool {
        let count = word.utf8CodeUnitCount
        guard pos + count <= bytes.count else { return false }
        let w = word.utf8Start
        for i in 0..<count where bytes[pos + i] != w[i] { return false }
        pos += count
        return true
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard pos < bytes.count, bytes[pos] == byte else { throw GiveUp() }
        pos += 1
    }

    private mutating func skipWhitespace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x20, 0x09, 0x0D: pos += 1
            case 0x0A: pos += 1; line += 1
            default: return
            }
        }
    }

    private static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ name: [UInt8]) -> Bool {
        guard range.count == name.count else { return false }
        var i = range.lowerBound
        for b in name {
            if bytes[i] != b { return false }
            i += 1
        }
        return true
    }
}
