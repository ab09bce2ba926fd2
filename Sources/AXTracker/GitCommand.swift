import AXProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// The git command line, for what libgit2 does not do: network transport (fetch and push:
/// git already knows the user's remotes, credentials and SSH configuration, which libgit2
/// does not read) and git's own maintenance (`GitMaintenance`). Arguments are passed as a
/// vector, never through a shell, so no ref name or remote name is ever interpreted.
struct GitCommand {
    let directory: String
    /// Variables set (or, for nil, removed) in git's environment.
    var environment: [String: String?] = [:]

    struct Failure: Error, CustomStringConvertible {
        var args: [String]
        var status: Int32
        var stderr: String
        /// What git printed on stdout: `push --porcelain` says there why each ref was refused.
        var stdout: String = ""
        var description: String {
            // A ref the remote refused, as `push --porcelain` tells it ("!\tsrc:dst\t[remote rejected] (why)").
            let refused = stdout.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("!") }
                .map { $0.split(separator: "\t").dropFirst().joined(separator: " ") }
            return "git \(args.joined(separator: " ")) failed (\(status)): \(stderr.trimming(.whitespacesAndNewlines))"
                + refused.map { "; \($0)" }.joined()
        }

        /// Whether the remote answered and refused a pushed ref for good (a hook declined it,
        /// the ref is protected), as opposed to a race lost to another pusher (`fetch first`,
        /// `non-fast-forward`: fetch, merge and push again) or a failure on the way.
        var isDeclined: Bool {
            stdout.split(whereSeparator: \.isNewline).contains { $0.hasPrefix("!") && $0.contains("[remote rejected]") }
        }

        /// Whether the remote refused who we are (credentials, key, permission, host key)
        /// rather than failing on the way: asking again gives the same answer, and asking
        /// often can lock the account.
        var isAuthentication: Bool {
            let text = stderr.lowercased()
            return Self.authenticationMarks.contains { text.contains($0) }
        }

        /// What git, ssh and the common hosts print when they refuse the credentials.
        static let authenticationMarks = [
            "authentication failed", "permission denied", "could not read username", "could not read password",
            "terminal prompts disabled", "access denied", "host key verification failed",
            "the requested url returned error: 401", "the requested url returned error: 403",
        ]
    }

    /// Runs `git -C directory args…`; throws `Failure` with git's stderr on a non-zero exit.
    @discardableResult
    func run(_ args: [String]) throws -> String {
        var env = ProcessInfo.processInfo.environment
        env["GIT_TERMINAL_PROMPT"] = "0"
        for (key, value) in environment { env[key] = value }
        let result = try ChildProcess("git", ["-C", directory] + args, environment: env).run()
        guard result.status == 0 else {
            throw Failure(args: args, status: result.status, stderr: String(decoding: result.stderr, as: UTF8.self),
                          stdout: String(decoding: result.stdout, as: UTF8.self))
        }
        return String(decoding: result.stdout, as: UTF8.self)
    }
}
