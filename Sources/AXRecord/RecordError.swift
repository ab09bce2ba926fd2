/// Why a page could not be recorded: one line naming the page (or the
/// browser) and what went wrong.
public struct RecordError: Error, Sendable, CustomStringConvertible {
    /// The URL or argument, empty for a browser that did not start.
    public var page: String
    public var message: String

    public init(page: String, message: String) {
        self.page = page
        self.message = message
    }

    public var description: String { page.isEmpty ? message : "\(page): \(message)" }
}
