@testable import AXSnapshot

/// An axsnapshot JSON decoder that keeps every field of an element as a
/// `Result` until the element ends, then checks them in the fixed order: the
/// plainest statement of which error the reader reports. `JSONDecoderOracleTests`
/// holds `AXSnapshotJSONDecoder`, which builds elements in place, to it: the
/// same model, or the same error, on every input.
struct FieldResultJSONDecoder {
    /// A type error, kept until the file has parsed.
    struct Problem: Error {
        var line: Int
        var column: Int
        var message: String
    }

    typealias Field<T> = Result<T, Problem>

    var parser: JSONParser
    let file: String

    /// `maxElements` bounds the objects that are array items (`JSONParser.maxObjectItems`):
    /// every element is one, so the decoder stops before building the one past the limit.
    init(_ parser: JSONParser, file: String) {
        self.parser = parser
        self.file = file
    }

    private var byte: UInt8 { parser.bytes[parser.pos] }

    /// A problem at the value starting at `pos`.
    private func problem(_ message: String) -> Problem {
        Problem(line: parser.line, column: parser.column, message: message)
    }

    /// Skips the value at `pos` (checking its syntax) after noting what was expected of it.
    private mutating func mismatch<T>(_ expected: String, depth: Int) throws -> Field<T> {
        let found = problem("\(expected), found \(JSONParser.typeName(startingWith: byte))")
        _ = try parser.parseValue(depth: depth)
        return .failure(found)
    }

    /// At the start of a value: throws the parser's error at the end of the file.
    private func atValue() throws {
        guard parser.pos < parser.bytes.count else { throw parser.failure("unexpected end of file, expected a value") }
    }

    /// The root's keys, by the index `root` switches on.
    static let rootKeys = JSONKeys(["axsnapshot", "screen", "platform", "layoutDirection", "locale", "elements"])

    /// An element's keys, by the index `node` switches on.
    static let nodeKeys = JSONKeys(["id", "role", "platformRole", "label", "value", "hint", "image", "inputLabels", "actions",
                           "frame", "hidden", "element", "states", "children"])

    /// `Role(rawValue:)` as one look-up by bytes (`JSONKeys`): the initializer compares
    /// the name with every case's in turn, which cost more than the rest of decoding an
    /// element, and hashing the name for a dictionary cost more than comparing it.
    static let roles = Role.allCases
    static let roleNames = JSONKeys(roles.map(\.rawValue))

    // MARK: - The snapshot

    mutating func snapshot(defaultScreen: String) throws -> Snapshot {
        let result: Field<Snapshot>
        do {
            parser.skipWhitespace()
            result = try root(defaultScreen: defaultScreen)
            parser.skipWhitespace()
            if parser.pos < parser.bytes.count { throw parser.failure("unexpected text after the end of the JSON value") }
        } catch let f as JSONParser.Failure {
            throw SnapshotError(file: file, line: f.line, column: f.column, message: f.message)
        } catch is JSONParser.ObjectItemLimit {
            throw SnapshotReader.elementLimitError(file: file, limit: parser.maxObjectItems)
        }
        switch result {
        case .success(let snapshot): return snapshot
        case .failure(let p): throw SnapshotError(file: file, line: p.line, column: p.column, message: p.message)
        }
    }

    private mutating func root(defaultScreen: String) throws -> Field<Snapshot> {
        try atValue()
        guard byte == UInt8(ascii: "{") else { return try mismatch("expected an object with \"axsnapshot\": 1", depth: 0) }
        let at = problem("")
        var version: Field<Void>?, screen, platform, direction, locale: Field<String?>?
        var elements: Field<[Node]>?
        var platformAt = at, directionAt = at
        if parser.openObject() {
            repeat {
                switch try parser.memberKey(among: Self.rootKeys) {
                case 0: version = try self.version()
                case 1: screen = try string("screen", depth: 1)
                case 2: platformAt = problem(""); platform = try string("platform", depth: 1)
                case 3: directionAt = problem(""); direction = try string("layoutDirection", depth: 1)
                case 4: locale = try string("locale", depth: 1)
                case 5: elements = try nodes("elements", depth: 1)
                default: _ = try parser.parseValue(depth: 1)
                }
            } while try parser.nextMember()
        }
        guard let version else {
            return .failure(Problem(line: at.line, column: at.column, message: "missing \"axsnapshot\": 1, this is not an axsnapshot file"))
        }
        if case .failure(let p) = version { return .failure(p) }
        return Field<Snapshot> { () throws(Problem) -> Snapshot in
            let screen = try Self.value(screen) ?? defaultScreen
            var value = Platform.other
            if let p = try Self.value(platform) {
                guard let known = Platform(rawValue: p) else {
                    throw Problem(line: platformAt.line, column: platformAt.column, message: "expected one of ios, web, android, other for \"platform\"")
                }
                value = known
            }
            var layout = LayoutDirection.ltr
            if let d = try Self.value(direction) {
                guard let known = LayoutDirection(rawValue: d) else {
                    throw Problem(line: directionAt.line, column: directionAt.column, message: "expected ltr or rtl for \"layoutDirection\"")
                }
                layout = known
            }
            var nodes = try elements?.get() ?? []
            // The file's numbers are in its platform's unit, which may be named after the elements.
            if value.frameUnit != .points { Self.setFrameUnit(value.frameUnit, in: &nodes) }
            return Snapshot(screen: screen, platform: value, locale: try Self.value(locale),
                            layoutDirection: layout, elements: nodes, format: .axsnapshot)
        }
    }

    /// Gives every frame under `nodes` the unit `unit`, visiting each node once.
    /// Recursion as deep as the elements' nesting, which the parser bounds
    /// (`JSONParser.maxDepth`).
    private static func setFrameUnit(_ unit: FrameUnit, in nodes: inout [Node]) {
        for i in nodes.indices {
            nodes[i].frame?.unit = unit
            if !nodes[i].children.isEmpty { setFrameUnit(unit, in: &nodes[i].children) }
        }
    }

    /// The version: the number 1, or the problem of anything else.
    private mutating func version() throws -> Field<Void> {
        try atValue()
        let at = problem("expected 1 for \"axsnapshot\" (the only version this axdiff reads)")
        let value = try parser.parseValue(depth: 1)
        guard case .number(let n) = value.kind, n == 1 else { return .failure(at) }
        return .success(())
    }

    /// A field's value: nil when the key is absent or its value null.
    private static func value<T>(_ field: Field<T?>?) throws(Problem) -> T? {
        guard let field else { return nil }
        return try field.get()
    }

    // MARK: - Elements

    /// An array of elements (null: none).
    private mutating func nodes(_ key: String, depth: Int) throws -> Field<[Node]> {
        try atValue()
        if byte == UInt8(ascii: "n") { _ = try parser.parseValue(depth: depth); return .success([]) }
        guard byte == UInt8(ascii: "[") else { return try mismatch("expected an array for \"\(key)\"", depth: depth) }
        try parser.checkDepth(depth)
        var nodes: [Node] = []
        var first: Problem?
        if parser.openArray() {
            repeat {
                try parser.startItem()
                switch try node(depth: depth + 1) {
                case .success(let node): if first == nil { nodes.append(node) }
                case .failure(let p): if first == nil { first = p }
                }
            } while try parser.nextItem()
        }
        if let first { return .failure(first) }
        return .success(nodes)
    }

    /// One element. Its fields are collected as they come (the last of duplicate
    /// keys wins), then checked in a fixed order, so that the first problem in
    /// that order is the one reported.
    private mutating func node(depth: Int) throws -> Field<Node> {
        try atValue()
        guard byte == UInt8(ascii: "{") else { return try mismatch("expected an element object", depth: depth) }
        try parser.checkDepth(depth)
        let line = parser.line
        var id, platformRole, label, value, hint, image: Field<String?>?
        var role: Field<RoleName?>?
        var inputLabels, actions, states: Field<[String]>?
        var frame: Field<Frame?>?
        var hidden, element: Field<Bool?>?
        var children: Field<[Node]>?
        var statesAt = problem("")
        if parser.openObject() {
            repeat {
                let inner = depth + 1
                switch try parser.memberKey(among: Self.nodeKeys) {
                case 0: id = try string("id", depth: inner)
                case 1: role = try self.role(depth: inner)
                case 2: platformRole = try string("platformRole", depth: inner)
                case 3: label = try string("label", depth: inner)
                case 4: value = try string("value", depth: inner)
                case 5: hint = try string("hint", depth: inner)
                case 6: image = try string("image", depth: inner)
                case 7: inputLabels = try strings("inputLabels", depth: inner)
                case 8: actions = try strings("actions", depth: inner)
                case 9: frame = try self.frame(depth: inner)
                case 10: hidden = try bool("hidden", depth: inner)
                case 11: element = try bool("element", depth: inner)
                case 12: statesAt = problem("expected level=N with N ≥ 1 in \"states\""); states = try strings("states", depth: inner)
                case 13: children = try nodes("children", depth: inner)
                default: _ = try parser.parseValue(depth: inner)
                }
            } while try parser.nextMember()
        }
        return Field<Node> { () throws(Problem) -> Node in
            var node = Node(line: line)
            node.id = try Self.value(id)
            node.platformRole = try Self.value(platformRole)
            switch try Self.value(role) {
            case .known(let known): node.role = known
            case .named(let name):
                node.role = .other
                if node.platformRole == nil { node.platformRole = name }
            case nil: break
            }
            node.label = try Self.value(label)
            node.value = try Self.value(value)
            node.hint = try Self.value(hint)
            node.imageName = try Self.value(image)
            node.inputLabels = try inputLabels?.get() ?? []
            node.actions = try actions?.get() ?? []
            node.frame = try Self.value(frame)
            node.hidden = try Self.value(hidden) ?? false
            node.element = try Self.value(element)
            for state in try states?.get() ?? [] {
                if state.hasPrefix("level=") {
                    guard let level = Int(state.dropFirst(6)), level > 0 else { throw statesAt }
                    node.level = level
                } else if let s = NodeState(rawValue: state) {
                    node.states.insert(s)
                }
            }
            node.children = try children?.get() ?? []
            return node
        }
    }

    // MARK: - Fields

    /// A role: one of ours, or any other name, kept as the platform's.
    enum RoleName {
        case known(Role)
        case named(String)
    }

    /// A role (null: none). One of ours written plainly is found on its bytes,
    /// with no `String` made of it.
    private mutating func role(depth: Int) throws -> Field<RoleName?> {
        try atValue()
        if let index = parser.plainString(among: Self.roleNames) { return .success(.known(Self.roles[index])) }
        return try string("role", depth: depth).map { name in
            name.map { name in Self.roleNames.index(of: name).map { .known(Self.roles[$0]) } ?? .named(name) }
        }
    }

    /// A string (null: none).
    private mutating func string(_ key: String, depth: Int) throws -> Field<String?> {
        try atValue()
        switch byte {
        case UInt8(ascii: "\""): return .success(try parser.parseString())
        case UInt8(ascii: "n"): _ = try parser.parseValue(depth: depth); return .success(nil)
        default: return try mismatch("expected a string for \"\(key)\"", depth: depth)
        }
    }

    /// true or false (null: none).
    private mutating func bool(_ key: String, depth: Int) throws -> Field<Bool?> {
        try atValue()
        switch byte {
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let value = try parser.parseValue(depth: depth)
            if case .bool(let b) = value.kind { return .success(b) }
            return .success(nil)
        default: return try mismatch("expected true or false for \"\(key)\"", depth: depth)
        }
    }

    /// An array of strings (null: empty).
    private mutating func strings(_ key: String, depth: Int) throws -> Field<[String]> {
        try atValue()
        if byte == UInt8(ascii: "n") { _ = try parser.parseValue(depth: depth); return .success([]) }
        guard byte == UInt8(ascii: "[") else { return try mismatch("expected an array of strings for \"\(key)\"", depth: depth) }
        try parser.checkDepth(depth)
        var items: [String] = []
        var first: Problem?
        if parser.openArray() {
            repeat {
                try parser.startItem()
                try atValue()
                if byte == UInt8(ascii: "\"") {
                    items.append(try parser.parseString())
                } else {
                    let found: Field<String> = try mismatch("expected a string in \"\(key)\"", depth: depth + 1)
                    if first == nil, case .failure(let p) = found { first = p }
                }
            } while try parser.nextItem()
        }
        if let first { return .failure(first) }
        return .success(items)
    }

    /// `[x, y, width, height]` (null: none).
    private mutating func frame(depth: Int) throws -> Field<Frame?> {
        try atValue()
        if byte == UInt8(ascii: "n") { _ = try parser.parseValue(depth: depth); return .success(nil) }
        let shape = "expected [x, y, width, height] for \"frame\""
        guard byte == UInt8(ascii: "[") else { return try mismatch(shape, depth: depth) }
        try parser.checkDepth(depth)
        let at = problem("")
        // The first four numbers, without an array per frame.
        var numbers: (Double, Double, Double, Double) = (0, 0, 0, 0)
        var count = 0
        var first: Problem?
        if parser.openArray() {
            repeat {
                try parser.startItem()
                try atValue()
                count += 1
                if byte == UInt8(ascii: "-") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                    let number = try parser.parseNumber()
                    switch count {
                    case 1: numbers.0 = number
                    case 2: numbers.1 = number
                    case 3: numbers.2 = number
                    case 4: numbers.3 = number
                    default: break
                    }
                } else {
                    let found: Field<Double> = try mismatch("expected a number in \"frame\"", depth: depth + 1)
                    if first == nil, case .failure(let p) = found { first = p }
                }
            } while try parser.nextItem()
        }
        guard count == 4 else { return .failure(Problem(line: at.line, column: at.column, message: "\(shape), found an array")) }
        if let first { return .failure(first) }
        guard numbers.2 >= 0, numbers.3 >= 0 else {
            return .failure(Problem(line: at.line, column: at.column, message: "expected a non-negative width and height in \"frame\""))
        }
        return .success(Frame(x: numbers.0, y: numbers.1, width: numbers.2, height: numbers.3))
    }
}
