import AXSnapshot

/// One key of the configuration file's object and its value, with the readings its owners
/// share (the diff's policy here, the repository's settings in AXHistory), so that every key
/// fails with the same words and the same file, line and column.
package struct ConfigMember {
    package let key: String
    package let value: JSONValue
    package let file: String

    package init(key: String, value: JSONValue, file: String) {
        self.key = key
        self.value = value
        self.file = file
    }

    /// The error for `v`, a part of this member's value, at its line and column.
    package func fail(_ v: JSONValue, _ message: String) -> ConfigError {
        ConfigError(file: file, line: v.line, column: v.column, message: message)
    }

    /// The value as a non-empty string.
    package func string() throws -> String {
        guard case .string(let s) = value.kind, !s.isEmpty else { throw fail(value, "expected a non-empty string for \"\(key)\"") }
        return s
    }

    /// `v` as an array of strings; `name` is how the errors call it.
    package func strings(_ v: JSONValue, _ name: String) throws -> [String] {
        guard case .array(let items) = v.kind else { throw fail(v, "expected an array of strings for \"\(name)\"") }
        return try items.map {
            guard case .string(let s) = $0.kind else { throw fail($0, "expected a string in \"\(name)\"") }
            return s
        }
    }

    /// `v` as a severity; `name` is how the errors call it.
    package func severity(_ v: JSONValue, _ name: String) throws -> Severity {
        guard case .string(let s) = v.kind, let sev = Severity(rawValue: s) else {
            throw fail(v, "expected one of error, warning, note, off for \"\(name)\"")
        }
        return sev
    }
}
