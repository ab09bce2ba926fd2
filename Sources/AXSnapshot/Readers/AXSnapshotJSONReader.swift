/// Reads the canonical axsnapshot JSON (DESIGN §3.1).
///
/// Unknown fields are ignored; an unknown role becomes `other` with the name
/// kept in `platformRole`. Wrong types are errors that point at the value.
public enum AXSnapshotJSONReader: SnapshotFormatReader {
    public static let format = SnapshotFormat.axsnapshot

    public static let fileExtensions = ["json"]

    public static func sniff(_ content: ArraySlice<UInt8>) -> Bool {
        content.first == UInt8(ascii: "{") || content.first == UInt8(ascii: "[")
    }

    /// Parses the bytes into a JSON tree whose values know their line and
    /// column, then decodes the model from it: one decoder, every error located.
    public static func read(_ bytes: [UInt8], file: String, screen: String) throws -> Snapshot {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch let f as JSONParser.Failure {
            throw SnapshotError(file: file, line: f.line, column: f.column, message: f.message)
        }
        let decoder = Decoder(file: file)
        return try decoder.snapshot(root, defaultScreen: screen)
    }

    struct Decoder {
        let file: String

        func fail(_ v: JSONValue, _ message: String) -> SnapshotError {
            SnapshotError(file: file, line: v.line, column: v.column, message: message)
        }

        func snapshot(_ root: JSONValue, defaultScreen: String) throws -> Snapshot {
            guard case .object = root.kind else { throw fail(root, "expected an object with \"axsnapshot\": 1, found \(root.typeName)") }
            guard let version = root["axsnapshot"] else { throw fail(root, "missing \"axsnapshot\": 1, this is not an axsnapshot file") }
            guard case .number(let n) = version.kind, n == 1 else { throw fail(version, "expected 1 for \"axsnapshot\" (the only version this axdiff reads)") }
            let screen = try string(root, "screen") ?? defaultScreen
            var platform = Platform.other
            if let p = try string(root, "platform") {
                guard let value = Platform(rawValue: p) else { throw fail(root["platform"] ?? root, "expected one of ios, web, android, other for \"platform\"") }
                platform = value
            }
            var direction = LayoutDirection.ltr
            if let d = try string(root, "layoutDirection") {
                guard let value = LayoutDirection(rawValue: d) else { throw fail(root["layoutDirection"] ?? root, "expected ltr or rtl for \"layoutDirection\"") }
                direction = value
            }
            let elements = try nodes(root["elements"], key: "elements") ?? []
            return Snapshot(screen: screen, platform: platform, locale: try string(root, "locale"),
                            layoutDirection: direction, elements: elements, format: .axsnapshot)
        }

        func string(_ object: JSONValue, _ key: String) throws -> String? {
            try string(member: object[key], key)
        }

        func string(member: JSONValue?, _ key: String) throws -> String? {
            guard let v = member else { return nil }
            switch v.kind {
            case .string(let s): return s
            case .null: return nil
            default: throw fail(v, "expected a string for \"\(key)\", found \(v.typeName)")
            }
        }

        func bool(member: JSONValue?, _ key: String) throws -> Bool? {
            guard let v = member else { return nil }
            switch v.kind {
            case .bool(let b): return b
            case .null: return nil
            default: throw fail(v, "expected true or false for \"\(key)\", found \(v.typeName)")
            }
        }

        func strings(member: JSONValue?, _ key: String) throws -> [String] {
            guard let v = member else { return [] }
            switch v.kind {
            case .null: return []
            case .array(let items):
                return try items.map { item in
                    guard case .string(let s) = item.kind else { throw fail(item, "expected a string in \"\(key)\", found \(item.typeName)") }
                    return s
                }
            default: throw fail(v, "expected an array of strings for \"\(key)\", found \(v.typeName)")
            }
        }

        func frame(member: JSONValue?) throws -> Frame? {
            guard let v = member else { return nil }
            if case .null = v.kind { return nil }
            guard case .array(let items) = v.kind, items.count == 4 else {
                throw fail(v, "expected [x, y, width, height] for \"frame\", found \(v.typeName)")
            }
            var numbers: [Double] = []
            for item in items {
                guard case .number(let d) = item.kind else { throw fail(item, "expected a number in \"frame\", found \(item.typeName)") }
                numbers.append(d)
            }
            guard numbers[2] >= 0, numbers[3] >= 0 else { throw fail(v, "expected a non-negative width and height in \"frame\"") }
            return Frame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }

        /// Recursion here is bounded: the parser rejects nesting deeper than
        /// `JSONParser.maxDepth`, so hostile depth never reaches this code.
        func nodes(_ value: JSONValue?, key: String) throws -> [Node]? {
            guard let value else { return nil }
            if case .null = value.kind { return nil }
            guard case .array(let items) = value.kind else { throw fail(value, "expected an array for \"\(key)\", found \(value.typeName)") }
            return try items.map { try node($0) }
        }

        func node(_ v: JSONValue) throws -> Node {
            guard case .object(let members) = v.kind else { throw fail(v, "expected an element object, found \(v.typeName)") }
            // One pass over the members picks out the fields, instead of one
            // scan of all members per field. The last of duplicate keys wins,
            // as with `v[key]`, and the fields are checked in a fixed order, so
            // the first error in that order is the one reported.
            var id, role, platformRole, label, value, hint, image, inputLabels, actions, frame, hidden, element, states, children: JSONValue?
            for (key, member) in members {
                switch key {
                case "id": id = member
                case "role": role = member
                case "platformRole": platformRole = member
                case "label": label = member
                case "value": value = member
                case "hint": hint = member
                case "image": image = member
                case "inputLabels": inputLabels = member
                case "actions": actions = member
                case "frame": frame = member
                case "hidden": hidden = member
                case "element": element = member
                case "states": states = member
                case "children": children = member
                default: break
                }
            }
            var node = Node(line: v.line)
            node.id = try string(member: id, "id")
            node.platformRole = try string(member: platformRole, "platformRole")
            if let r = try string(member: role, "role") {
                if let role = Role(rawValue: r) { node.role = role } else {
                    node.role = .other
                    if node.platformRole == nil { node.platformRole = r }
                }
            }
            node.label = try string(member: label, "label")
            node.value = try string(member: value, "value")
            node.hint = try string(member: hint, "hint")
            node.imageName = try string(member: image, "image")
            node.inputLabels = try strings(member: inputLabels, "inputLabels")
            node.actions = try strings(member: actions, "actions")
            node.frame = try self.frame(member: frame)
            node.hidden = try bool(member: hidden, "hidden") ?? false
            node.element = try bool(member: element, "element")
            for state in try strings(member: states, "states") {
                if state.hasPrefix("level=") {
                    guard let level = Int(state.dropFirst(6)), level > 0 else { throw fail(states ?? v, "expected level=N with N ≥ 1 in \"states\"") }
                    node.level = level
                } else if let s = NodeState(rawValue: state) {
                    node.states.insert(s)
                }
            }
            node.children = try nodes(children, key: "children") ?? []
            return node
        }
    }
}
