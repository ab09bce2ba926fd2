/// `axdiff watch --remote NAME`: the remote refused the credentials (or the permission).
/// Not retried, since asking again gives the same answer and repeated failed logins can lock
/// the account: the watcher stops with this message.
package struct RemoteAuthenticationFailure: Error, CustomStringConvertible, Sendable {
    package var remote: String
    /// git's own words, one line, e.g. `fatal: Authentication failed for 'https://…'`.
    package var gitMessage: String

    package var description: String {
        "remote '\(remote)' refused the credentials: \(gitMessage) — not retried; "
            + "check the credentials git uses for '\(remote)' (credential helper, SSH key, token) and start again"
    }
}
