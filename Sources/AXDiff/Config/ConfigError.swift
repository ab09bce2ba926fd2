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
