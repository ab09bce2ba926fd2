import CLibgit2

/// One `Key: value` trailer of a commit message, e.g. `Axdiff-Accept: order.regressed Checkout`.
package struct CommitTrailer: Hashable, Sendable {
    package let key: String
    package let value: String

    package init(key: String, value: String) {
        self.key = key
        self.value = value
    }
}

extension CommitInfo {
    /// The trailers of the message's last paragraph, parsed as git does (`git interpret-trailers`).
    package var trailers: [CommitTrailer] {
        CommitInfo.trailers(ofMessage: message)
    }

    /// The trailers of any commit message; empty when there are none or the message cannot be parsed.
    package static func trailers(ofMessage message: String) -> [CommitTrailer] {
        Libgit2.ensureInitialized()
        var array = git_message_trailer_array()
        guard git_message_trailers(&array, message) == 0 else { return [] }
        defer { git_message_trailer_array_free(&array) }
        return (0..<array.count).map { index in
            let trailer = array.trailers[index]
            return CommitTrailer(key: String(cString: trailer.key), value: String(cString: trailer.value))
        }
    }
}
