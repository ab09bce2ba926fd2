/// Decodes axsnapshot JSON from its bytes straight into the model, in one
/// pass, with `JSONParser`'s lexing and object and array steps: no value tree.
///
/// Which error is reported: the first syntax error in the file, if any;
/// otherwise the first type error in the order the model is built — the
/// root's fields, then each element's own fields in a fixed order (`node`)
/// before its children, elements in file order. So a type error is not thrown
/// where it is met: it is kept by the field it concerns (`Problems`; a later
/// duplicate key replaces it, as it replaces a value) and thrown once the
/// whole file has parsed. Well-typed fields are stored in the element as they
/// are read, so an element is built once, in place.
///
/// Nesting is bounded by `JSONParser.maxDepth`: `node` and `nodes` recurse
/// once per level, and refuse a level past the limit before entering it.
///
/// - Complexity: O(n) in the number of bytes.
struct AXSnapshotJSONDecoder {
    /// A type error, kept until the file has parsed.
    struct Problem: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// The type problems of one object's fields, by the place of each field in
    /// the order they are checked (`field`: the one being read). The table is
    /// made on the first problem: a well-typed object never builds one.
    struct Problems {
        private var byField: [Problem?] = []
        private let count: Int
        /// The place of the field being read.
        var field = 0

        init(fields count: Int) { self.count = count }

        /// The field was well typed: an earlier duplicate's problem is gone.
        mutating func clear() {
            if !byField.isEmpty { byField[field] = nil }
        }

        mutating func set(_ problem: Problem) {
            if byField.isEmpty { byField = Array(repeating: nil, count: count) }
            byField[field] = problem
        }

        /// The problem of the first field in order that has one.
        var first: Problem? {
            for problem in byField { if let problem { return problem } }
            return nil
        }
    }

    var parser: JSONParser
    let file: String
    /// The elements read so far that are not yet in their parent's array:
    /// the siblings before it of each open element, on the path from the
    /// root. An element is made here, in place, and its children after it;
    /// when its children's array closes they are moved out into one array of
    /// their exact number (`NodeBuffer`), before its next sibling comes. An
    /// array per parent grew by doubling instead, kept up to twice the room it
    /// needed in the tree (43 % of the peak heap of a diff of 100,000 stops,
    /// massif) and copied its nodes again at every growth.
    private let scratch: NodeBuffer
    /// The unit of the frames being read: the platform's, when its key came
    /// before them (as writers put it), else points until the root's end
    /// settles it.
    private var frameUnit = FrameUnit.points

    /// `maxElements` bounds the objects that are array items (`JSONParser.maxObjectItems`):
    /// every element is one, so the decoder stops before building the one past the limit.
    /// A decoder for the bytes `parser` reads (`JSONParser.withParser`):
    /// it must not outlive them.
    init(_ parser: JSONParser, file: String) {
        self.parser = parser
        self.file = file
        // Blocks of room for about as many nodes as the file holds (a JSON
        // element takes a hundred bytes or more), up to
        // `InPlaceBuffer.blockBytes`: memory that is never reached is never
        // touched.
        scratch = NodeBuffer(capacity: min(max(parser.bytes.count / 128, 64), 1 << 16))
    }

    private var byte: UInt8 { parser.bytes[parser.pos] }

    /// A problem at the value starting at `pos`.
    private func problem(_ message: String) -> Problem {
        Problem(line: parser.line, column: parser.column, message: message)
    }

    /// Skips the value at `pos` (checking its syntax) after noting that `expected` was expected of it.
    private mutating func mismatch(_ expected: String, depth: Int) throws -> Problem {
        let found = problem("\(expected), found \(JSONParser.typeName(startingWith: byte))")
        _ = try parser.parseValue(depth: depth)
        return found
    }

    /// At the start of a value: throws the parser's error at the end of the file.
    private func atValue() throws {
        guard parser.pos < parser.bytes.count else { throw parser.failure("unexpected end of file, expected a value") }
    }

    /// The root's keys, by the index `root` switches on.
    static let rootKeys = JSONKeys(["axsnapshot", "screen", "platform", "layoutDirection", "locale", "elements"])

    /// The root's fields in the order they are checked (after the version, which comes first).
    private enum RootField: Int, CaseIterable {
        case screen, platform, layoutDirection, elements, locale
    }

    /// An element's keys, by the index `node` switches on.
    static let nodeKeys = JSONKeys(["id", "role", "platformRole", "label", "value", "hint", "image", "inputLabels", "actions",
                           "frame", "hidden", "element", "states", "children"])

    /// An element's fields in the order they are checked: the first problem in
    /// this order is the element's, and its own come before its children's.
    private enum NodeField: Int, CaseIterable {
        case id, platformRole, role, label, value, hint, image, inputLabels, actions, frame, hidden, element, states, children
    }

    /// `Role(rawValue:)` as one look-up by bytes (`JSONKeys`): the initializer compares
    /// the name with every case's in turn, which cost more than the rest of decoding an
    /// element, and hashing the name for a dictionary cost more than comparing it.
    static let roles = Role.allCases
    static let roleNames = JSONKeys(roles.map(\.rawValue))

    // MARK: - The snapshot

    mutating func snapshot(defaultScreen: String) throws -> Snapshot {
        let result: Result<Snapshot, Problem>
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

    private mutating func root(defaultScreen: String) throws -> Result<Snapshot, Problem> {
        try atValue()
        guard byte == UInt8(ascii: "{") else { return .failure(try mismatch("expected an object with \"axsnapshot\": 1", depth: 0)) }
        let at = problem("")
        var version: Problem??
        var problems = Problems(fields: RootField.allCases.count)
        var screen, platform, direction, locale: String?
        var elements: [Node] = []
        var platformAt = at, directionAt = at
        // The unit the elements kept were read in.
        var elementsUnit = FrameUnit.points
        if parser.openObject() {
            repeat {
                switch try parser.memberKey(among: Self.rootKeys) {
                case 0: version = .some(try self.version())
                case 1: problems.field = RootField.screen.rawValue; screen = try string("screen", depth: 1, &problems)
                case 2:
                    platformAt = problem("")
                    problems.field = RootField.platform.rawValue; platform = try string("platform", depth: 1, &problems)
                    frameUnit = platform.flatMap(Platform.init(rawValue:))?.frameUnit ?? .points
                case 3:
                    directionAt = problem("")
                    problems.field = RootField.layoutDirection.rawValue; direction = try string("layoutDirection", depth: 1, &problems)
                case 4: problems.field = RootField.locale.rawValue; locale = try string("locale", depth: 1, &problems)
                case 5:
                    problems.field = RootField.elements.rawValue; elements = try nodes("elements", depth: 1, &problems)
                    elementsUnit = frameUnit
                default: _ = try parser.parseValue(depth: 1)
                }
            } while try parser.nextMember()
        }
        guard let version else {
            return .failure(Problem(line: at.line, column: at.column, message: "missing \"axsnapshot\": 1, this is not an axsnapshot file"))
        }
        if let p = version { return .failure(p) }
        var value = Platform.other
        if let platform {
            if let known = Platform(rawValue: platform) {
                value = known
            } else {
                problems.field = RootField.platform.rawValue
                problems.set(Problem(line: platformAt.line, column: platformAt.column, message: "expected one of ios, web, android, other for \"platform\""))
            }
        }
        var layout = LayoutDirection.ltr
        if let direction {
            if let known = LayoutDirection(rawValue: direction) {
                layout = known
            } else {
                problems.field = RootField.layoutDirection.rawValue
                problems.set(Problem(line: directionAt.line, column: directionAt.column, message: "expected ltr or rtl for \"layoutDirection\""))
            }
        }
        if let first = problems.first { return .failure(first) }
        // The file's numbers are in its platform's unit, which may be named after the elements.
        if value.frameUnit != elementsUnit { Self.setFrameUnit(value.frameUnit, in: &elements) }
        return .success(Snapshot(screen: screen ?? defaultScreen, platform: value, locale: locale,
                                 layoutDirection: layout, elements: elements, format: .axsnapshot))
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

    /// The version's problem: nil for the number 1.
    private mutating func version() throws -> Problem? {
        try atValue()
        let at = problem("expected 1 for \"axsnapshot\" (the only version this axdiff reads)")
        let value = try parser.parseValue(depth: 1)
        guard case .number(let n) = value.kind, n == 1 else { return at }
        return nil
    }

    // MARK: - Elements

    /// An array of elements (null: none); a problem goes to `problems`' field.
    /// Its elements are read onto the end of `scratch` and moved out of it
    /// into the array returned, which has room for them and no more.
    private mutating func nodes(_ key: String, depth: Int, _ problems: inout Problems) throws -> [Node] {
        try atValue()
        if byte == UInt8(ascii: "n") { _ = try parser.parseValue(depth: depth); problems.clear(); return [] }
        guard byte == UInt8(ascii: "[") else { problems.set(try mismatch("expected an array for \"\(key)\"", depth: depth)); return [] }
        try parser.checkDepth(depth)
        let start = scratch.count
        var first: Problem?
        if parser.openArray() {
            repeat {
                try parser.startItem()
                // After the first problem the rest is only checked for syntax.
                if let problem = try node(depth: depth + 1, keep: first == nil), first == nil { first = problem }
            } while try parser.nextItem()
        }
        if let first { problems.set(first); scratch.removeAll(from: start); return [] }
        problems.clear()
        return scratch.take(from: start)
    }

    /// One element, left at the end of `scratch` when it is well typed and
    /// `keep`; else its first problem in `NodeField` order. It is built in
    /// place there: its fields are stored as they come (the last of duplicate
    /// keys wins, and with it its problem or none); what depends on two fields
    /// (an unknown role, the level in `states`) is settled at the end. Its
    /// children are read after it and already moved into its own array when
    /// it ends, so it is the last node of `scratch` again.
    private mutating func node(depth: Int, keep: Bool) throws -> Problem? {
        try atValue()
        guard byte == UInt8(ascii: "{") else { return try mismatch("expected an element object", depth: depth) }
        try parser.checkDepth(depth)
        let at = scratch.append(line: parser.line)
        var problems = Problems(fields: NodeField.allCases.count)
        var role: RoleName?
        var states: [String] = []
        var statesAt = problem("")
        if parser.openObject() {
            repeat {
                let inner = depth + 1
                switch try parser.memberKey(among: Self.nodeKeys) {
                case 0: problems.field = NodeField.id.rawValue; scratch[at].id = try string("id", depth: inner, &problems)
                case 1: problems.field = NodeField.role.rawValue; role = try self.role(depth: inner, &problems)
                case 2: problems.field = NodeField.platformRole.rawValue; scratch[at].platformRole = try string("platformRole", depth: inner, &problems)
                case 3: problems.field = NodeField.label.rawValue; scratch[at].label = try string("label", depth: inner, &problems)
                case 4: problems.field = NodeField.value.rawValue; scratch[at].value = try string("value", depth: inner, &problems)
                case 5: problems.field = NodeField.hint.rawValue; scratch[at].hint = try string("hint", depth: inner, &problems)
                case 6: problems.field = NodeField.image.rawValue; scratch[at].imageName = try string("image", depth: inner, &problems)
                case 7: problems.field = NodeField.inputLabels.rawValue; scratch[at].inputLabels = try strings("inputLabels", depth: inner, &problems)
                case 8: problems.field = NodeField.actions.rawValue; scratch[at].actions = try strings("actions", depth: inner, &problems)
                case 9: problems.field = NodeField.frame.rawValue; scratch[at].frame = try frame(depth: inner, &problems)
                case 10: problems.field = NodeField.hidden.rawValue; scratch[at].hidden = try bool("hidden", depth: inner, &problems) ?? false
                case 11: problems.field = NodeField.element.rawValue; scratch[at].element = try bool("element", depth: inner, &problems)
                case 12:
                    statesAt = problem("expected level=N with N ≥ 1 in \"states\"")
                    problems.field = NodeField.states.rawValue; states = try strings("states", depth: inner, &problems)
                case 13:
                    problems.field = NodeField.children.rawValue
                    // Read before the node is reached: an access to it must
                    // not stay open while reading them changes `scratch`.
                    let children = try self.nodes("children", depth: inner, &problems)
                    scratch[at].children = children
                default: _ = try parser.parseValue(depth: inner)
                }
            } while try parser.nextMember()
        }
        switch role {
        case .known(let known): scratch[at].role = known
        case .named(let name):
            scratch[at].role = .other
            if scratch[at].platformRole == nil { scratch[at].platformRole = name }
        case nil: break
        }
        // A mistyped "states" left `states` empty: its problem is the one kept.
        for state in states {
            if let digits = Self.level(in: state) {
                guard let level = Int(digits), level > 0 else {
                    problems.field = NodeField.states.rawValue
                    problems.set(statesAt)
                    break
                }
                scratch[at].level = level
            } else if let s = NodeState(rawValue: state) {
                scratch[at].states.insert(s)
            }
        }
        let first = problems.first
        if first != nil || !keep { scratch.removeLast() }
        return first
    }

    /// What follows "level=" when `state` begins with it (`hasPrefix`), else nil.
    /// Its bytes settle it when the byte after "=" is ASCII or there is none:
    /// that byte starts a Character of its own, and no other text is
    /// canonically "level=". Comparing Characters cost some 230 instructions a state.
    static func level(in state: String) -> Substring? {
        let utf8 = state.utf8
        guard utf8.starts(with: "level=".utf8) else { return nil }
        let rest = utf8.dropFirst(6)
        if rest.first.map({ $0 < 0x80 }) ?? true { return Substring(rest) }
        // A combining mark, say, may join the "=": Characters decide.
        return state.hasPrefix("level=") ? state.dropFirst(6) : nil
    }

    // MARK: - Fields

    /// A role: one of ours, or any other name, kept as the platform's.
    enum RoleName {
        case known(Role)
        case named(String)
    }

    /// A role (null: none). One of ours written plainly is found on its bytes,
    /// with no `String` made of it.
    private mutating func role(depth: Int, _ problems: inout Problems) throws -> RoleName? {
        try atValue()
        if let index = parser.plainString(among: Self.roleNames) { problems.clear(); return .known(Self.roles[index]) }
        return try string("role", depth: depth, &problems).map { name in
            Self.roleNames.index(of: name).map { .known(Self.roles[$0]) } ?? .named(name)
        }
    }

    /// A string (null: none; nil too after a problem, which goes to `problems`' field).
    private mutating func string(_ key: String, depth: Int, _ problems: inout Problems) throws -> String? {
        try atValue()
        switch byte {
        case UInt8(ascii: "\""): let s = try parser.parseString(); problems.clear(); return s
        case UInt8(ascii: "n"): _ = try parser.parseValue(depth: depth); problems.clear(); return nil
        default: problems.set(try mismatch("expected a string for \"\(key)\"", depth: depth)); return nil
        }
    }

    /// true or false (null: none; nil too after a problem).
    private mutating func bool(_ key: String, depth: Int, _ problems: inout Problems) throws -> Bool? {
        try atValue()
        switch byte {
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let value = try parser.parseValue(depth: depth)
            problems.clear()
            if case .bool(let b) = value.kind { return b }
            return nil
        default: problems.set(try mismatch("expected true or false for \"\(key)\"", depth: depth)); return nil
        }
    }

    /// An array of strings (null: empty; empty too after a problem).
    private mutating func strings(_ key: String, depth: Int, _ problems: inout Problems) throws -> [String] {
        try atValue()
        if byte == UInt8(ascii: "n") { _ = try parser.parseValue(depth: depth); problems.clear(); return [] }
        guard byte == UInt8(ascii: "[") else { problems.set(try mismatch("expected an array of strings for \"\(key)\"", depth: depth)); return [] }
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
                    let found = try mismatch("expected a string in \"\(key)\"", depth: depth + 1)
                    if first == nil { first = found }
                }
            } while try parser.nextItem()
        }
        if let first { problems.set(first); return [] }
        problems.clear()
        return items
    }

    /// `[x, y, width, height]` (null: none; nil too after a problem).
    private mutating func frame(depth: Int, _ problems: inout Problems) throws -> Frame? {
        try atValue()
        if byte == UInt8(ascii: "n") { _ = try parser.parseValue(depth: depth); problems.clear(); return nil }
        let shape = "expected [x, y, width, height] for \"frame\""
        guard byte == UInt8(ascii: "[") else { problems.set(try mismatch(shape, depth: depth)); return nil }
        try parser.checkDepth(depth)
        let at = problem("")
        // The first four numbers, without an array per frame.
        var numbers: (Double, Double, Double, Double) = (0, 0, 0, 0)
        var count = 0
        var first: Problem?
        if parser.openArray() {
            if let four = parser.fourNumbers() { return Self.frame(four, unit: frameUnit, at: at, &problems) }
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
                    let found = try mismatch("expected a number in \"frame\"", depth: depth + 1)
                    if first == nil { first = found }
                }
            } while try parser.nextItem()
        }
        guard count == 4 else { problems.set(Problem(line: at.line, column: at.column, message: "\(shape), found an array")); return nil }
        if let first { problems.set(first); return nil }
        return Self.frame(numbers, unit: frameUnit, at: at, &problems)
    }

    /// The frame of four numbers in `unit` read at `at`, or the problem of a negative size.
    private static func frame(_ numbers: (Double, Double, Double, Double), unit: FrameUnit, at: Problem, _ problems: inout Problems) -> Frame? {
        guard numbers.2 >= 0, numbers.3 >= 0 else {
            problems.set(Problem(line: at.line, column: at.column, message: "expected a non-negative width and height in \"frame\""))
            return nil
        }
        problems.clear()
        return Frame(x: numbers.0, y: numbers.1, width: numbers.2, height: numbers.3, unit: unit)
    }
}
