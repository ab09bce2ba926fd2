/// A parsed JSON value that remembers where it started, so that a reader can
/// say `file:3:17: expected a string for "label"`.
package struct JSONValue: Sendable {
    package enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        /// Members in file order; duplicate keys keep the last, as most parsers do.
        case object([(key: String, value: JSONValue)])
    }

    package var kind: Kind
    package var line: Int
    package var column: Int

    package var typeName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The member named `key` of an object, else nil.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = kind else { return nil }
        return members.last(where: { $0.key == key })?.value
    }
}
