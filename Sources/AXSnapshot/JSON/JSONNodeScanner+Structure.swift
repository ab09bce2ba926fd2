/// Objects, arrays, literals and whitespace, byte by byte.
extension JSONNodeScanner {
    /// The members of an object whose `{` was just read: `body` gets the key's
    /// byte range and must consume the value.
    mutating func members(_ body: (inout JSONNodeScanner, Range<Int>) throws -> Void) throws {
        skipWhitespace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") { pos += 1; return }
        while true {
            let key = try key()
            try body(&self, key)
            skipWhitespace()
            guard pos < bytes.count else { throw GiveUp() }
            if bytes[pos] == UInt8(ascii: ",") { pos += 1; continue }
            try expect(UInt8(ascii: "}"))
            return
        }
    }

    /// After the `{` of an object: the first key (its value is next), or nil
    /// for `{}`. With `key()` and `nextItem(closing: "}")`, the grammar of
    /// `members` as a loop.
    mutating func firstKey() throws -> Range<Int>? {
        skipWhitespace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "}") { pos += 1; return nil }
        return try key()
    }

    /// A key and its colon; the value is next.
    mutating func key() throws -> Range<Int> {
        skipWhitespace()
        try expect(UInt8(ascii: "\""))
        let keyStart = pos
        while pos < bytes.count, bytes[pos] != UInt8(ascii: "\""), bytes[pos] != UInt8(ascii: "\\"), bytes[pos] >= 0x20 { pos += 1 }
        let key = keyStart..<pos
        try expect(UInt8(ascii: "\""))
        skipWhitespace()
        try expect(UInt8(ascii: ":"))
        skipWhitespace()
        return key
    }

    /// After the `[` of an array: whether an item follows (positioned at
    /// it), as `items` reads it.
    mutating func firstItem() throws -> Bool {
        skipWhitespace()
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "]") { pos += 1; return false }
        skipWhitespace()
        return true
    }

    /// After an item or a member's value: true when a `,` announces another
    /// (whitespace after it skipped), false when `closing` ends the container.
    mutating func nextItem(closing: UInt8) throws -> Bool {
        skipWhitespace()
        guard pos < bytes.count else { throw GiveUp() }
        if bytes[pos] == UInt8(ascii: ",") {
            pos += 1
            skipWhitespace()
            return true
        }
        try expect(closing)
        return false
    }

    /// The items of an array (reads the `[`); `body` must consume one item.
    mutating func items(depth: Int, _ body: (inout JSONNodeScanner) throws -> Void) throws {
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

    mutating func null() throws -> Bool { try literal("null") }

    /// Consumes `word` if it is next.
    mutating func literal(_ word: StaticString) throws -> Bool {
        let count = word.utf8CodeUnitCount
        guard pos + count <= bytes.count else { return false }
        let w = word.utf8Start
        for i in 0..<count where bytes[pos + i] != w[i] { return false }
        pos += count
        return true
    }

    mutating func expect(_ byte: UInt8) throws {
        guard pos < bytes.count, bytes[pos] == byte else { throw GiveUp() }
        pos += 1
    }

    mutating func skipWhitespace() {
        while pos < bytes.count {
            switch bytes[pos] {
            case 0x20, 0x09, 0x0D: pos += 1
            case 0x0A: pos += 1; line += 1
            default: return
            }
        }
    }

    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ name: [UInt8]) -> Bool {
        name.withUnsafeBufferPointer { equal(bytes, range, $0) }
    }

    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ name: StaticString) -> Bool {
        equal(bytes, range, UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }

    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard range.count == name.count else { return false }
        var i = range.lowerBound
        for b in name {
            if bytes[i] != b { return false }
            i += 1
        }
        return true
    }
}
