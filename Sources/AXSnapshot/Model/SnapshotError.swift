/// Why a snapshot could not be read: one line naming the file, the place and
/// what was expected, e.g.
/// `Snapshots/Checkout.json:3:17: expected a string for "label"`.
public struct SnapshotError: Error, Sendable, Equatable, CustomStringConvertible {
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

    public var description: String {
        var place = file
        if let line {
            place += ":\(line)"
            if let column { place += ":\(column)" }
        }
        return place + ": " + message
    }
}
