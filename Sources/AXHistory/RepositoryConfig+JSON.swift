import AXSnapshot

/// A configuration file that cannot be used: names the file, the key and what was expected.
public struct ConfigError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var column: Int?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// Same `file:line:column: message` form as a snapshot error.
    public var description: String {
        SnapshotError(file: file, line: line, column: column, message: message).description
    }
}

extension Config {
    static let knownKeys: Set<String> = [
        "snapshots", "notesRef", "watch", "baseBranch", "severity", "failOn", "contracts", "ignore", "maxSnapshotBytes", "maxSnapshotElements",
        "volatile", "sourceLocale",
    ]

    /// Parses a JSON configuration. Unknown keys and wrong types are errors.
    public static func parse(_ bytes: [UInt8], file: String) throws -> Config {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch let f as JSONParser.Failure {
            throw ConfigError(file: file, line: f.line, column: f.column, message: f.message)
        }
        func fail(_ v: JSONValue, _ message: String) -> ConfigError { ConfigError(file: file, line: v.line, column: v.column, message: message) }
        guard case .object(let members) = root.kind else { throw fail(root, "expected a JSON object") }
        var config = Config()
        // `$schema` points an editor at Config/axdiff.schema.json; it carries no policy.
        for (key, value) in members where key != "$schema" {
            guard knownKeys.contains(key) else {
                let hint = Suggestion.nearest(key, among: knownKeys.sorted()).map { "did you mean \"\($0)\"? " } ?? ""
                throw fail(value, "unknown key \"\(key)\"; \(hint)(known: \(knownKeys.sorted().joined(separator: ", ")))")
            }
            func string() throws -> String {
                guard case .string(let s) = value.kind, !s.isEmpty else { throw fail(value, "expected a non-empty string for \"\(key)\"") }
                return s
            }
            func strings(_ v: JSONValue, _ name: String) throws -> [String] {
                guard case .array(let items) = v.kind else { throw fail(v, "expected an array of strings for \"\(name)\"") }
                return try items.map {
                    guard case .string(let s) = $0.kind else { throw fail($0, "expected a string in \"\(name)\"") }
                    return s
                }
            }
            func severity(_ v: JSONValue, _ name: String) throws -> Severity {
                guard case .string(let s) = v.kind, let sev = Severity(rawValue: s) else {
                    throw fail(v, "expected one of error, warning, note, off for \"\(name)\"")
                }
                return sev
            }
            switch key {
            case "snapshots": config.snapshots = try strings(value, key)
            case "ignore": config.ignore = try strings(value, key)
            case "notesRef":
                let ref = try string()
                guard ref.hasPrefix("refs/notes/"), !ref.contains(".."), !ref.contains(" ") else {
                    throw fail(value, "expected a ref under refs/notes/ for \"notesRef\"")
                }
                config.notesRef = ref
            case "baseBranch": config.baseBranch = try string()
            case "sourceLocale": config.sourceLocale = try string()
            case "volatile":
                guard case .array(let items) = value.kind else { throw fail(value, "expected an array of {\"label\": glob} objects for \"volatile\"") }
                config.volatile = try items.map { item in
                    guard case .object(let fields) = item.kind else { throw fail(item, "expected an object with \"label\" (and optionally \"screen\") in \"volatile\"") }
                    for (fk, fv) in fields where fk != "screen" && fk != "label" {
                        throw fail(fv, "unknown key \"volatile.\(fk)\" (known: label, screen)")
                    }
                    guard let label = item["label"], case .string(let pattern) = label.kind, !pattern.isEmpty else {
                        throw fail(item, "expected a non-empty string \"label\" in a volatile entry")
                    }
                    var screen: String?
                    if let s = item["screen"] {
                        guard case .string(let name) = s.kind, !name.isEmpty else { throw fail(s, "expected a non-empty string for \"volatile.screen\"") }
                        screen = name
                    }
                    return VolatileLabel(screen: screen, label: pattern)
                }
            case "failOn": config.failOn = try severity(value, key)
            case "maxSnapshotBytes":
                guard case .number(let n) = value.kind, n >= 1, n <= 1_073_741_824, n == n.rounded() else {
                    throw fail(value, "expected a whole number of bytes from 1 to 1073741824 for \"maxSnapshotBytes\"")
                }
                config.maxSnapshotBytes = Int(n)
            case "maxSnapshotElements":
                guard case .number(let n) = value.kind, n >= 1, n <= 100_000_000, n == n.rounded() else {
                    throw fail(value, "expected a whole number of elements from 1 to 100000000 for \"maxSnapshotElements\"")
                }
                config.maxSnapshotElements = Int(n)
            case "watch":
                guard case .object(let w) = value.kind else { throw fail(value, "expected an object for \"watch\"") }
                for (wk, wv) in w {
                    guard wk == "refs" else { throw fail(wv, "unknown key \"watch.\(wk)\" (known: refs)") }
                    config.watchRefs = try strings(wv, "watch.refs")
                }
            case "severity":
                guard case .object(let s) = value.kind else { throw fail(value, "expected an object of kind → severity for \"severity\"") }
                for (kindName, sv) in s {
                    guard let kind = ChangeKind(rawValue: kindName) else {
                        let hint = Suggestion.nearest(kindName, among: ChangeKind.allCases.map(\.rawValue)).map { "; did you mean \"\($0)\"?" } ?? ""
                        throw fail(sv, "unknown change kind \"\(kindName)\" in \"severity\"\(hint)")
                    }
                    config.severity[kind] = try severity(sv, "severity.\(kindName)")
                }
            case "contracts":
                guard case .array(let items) = value.kind else { throw fail(value, "expected an array for \"contracts\"") }
                config.contracts = try items.map { item in
                    guard case .object(let fields) = item.kind else { throw fail(item, "expected an object with \"screen\" and \"order\" in \"contracts\"") }
                    for (fk, fv) in fields where fk != "screen" && fk != "order" {
                        throw fail(fv, "unknown key \"contracts.\(fk)\" (known: screen, order)")
                    }
                    guard let screen = item["screen"], case .string(let name) = screen.kind, !name.isEmpty else {
                        throw fail(item, "expected a string \"screen\" in a contract")
                    }
                    guard let order = item["order"] else { throw fail(item, "expected an \"order\" array in a contract") }
                    return Contract(screen: name, order: try strings(order, "contracts.order"))
                }
            default: break
            }
        }
        return config
    }
}
