import AXSnapshot

extension DiffPolicy {
    /// The configuration file's keys that the diff's policy owns.
    package static let keys: Set<String> = ["severity", "failOn", "contracts", "volatile", "sourceLocale"]

    /// Reads one of `keys` from the configuration file. Wrong types are errors.
    package mutating func read(_ member: ConfigMember) throws {
        let (key, value) = (member.key, member.value)
        func fail(_ v: JSONValue, _ message: String) -> ConfigError { member.fail(v, message) }
        switch key {
        case "sourceLocale": sourceLocale = try member.string()
        case "volatile":
            guard case .array(let items) = value.kind else { throw fail(value, "expected an array of {\"label\": glob} objects for \"volatile\"") }
            volatile = try items.map { item in
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
        case "failOn": failOn = try member.severity(value, key)
        case "severity":
            guard case .object(let s) = value.kind else { throw fail(value, "expected an object of kind → severity for \"severity\"") }
            for (kindName, sv) in s {
                guard let kind = ChangeKind(rawValue: kindName) else {
                    let hint = Suggestion.nearest(kindName, among: ChangeKind.allCases.map(\.rawValue)).map { "; did you mean \"\($0)\"?" } ?? ""
                    throw fail(sv, "unknown change kind \"\(kindName)\" in \"severity\"\(hint)")
                }
                severity[kind] = try member.severity(sv, "severity.\(kindName)")
            }
        case "contracts":
            guard case .array(let items) = value.kind else { throw fail(value, "expected an array for \"contracts\"") }
            contracts = try items.map { item in
                guard case .object(let fields) = item.kind else { throw fail(item, "expected an object with \"screen\" and \"order\" in \"contracts\"") }
                for (fk, fv) in fields where fk != "screen" && fk != "order" {
                    throw fail(fv, "unknown key \"contracts.\(fk)\" (known: screen, order)")
                }
                guard let screen = item["screen"], case .string(let name) = screen.kind, !name.isEmpty else {
                    throw fail(item, "expected a string \"screen\" in a contract")
                }
                guard let order = item["order"] else { throw fail(item, "expected an \"order\" array in a contract") }
                return Contract(screen: name, order: try member.strings(order, "contracts.order"))
            }
        default: break
        }
    }
}
