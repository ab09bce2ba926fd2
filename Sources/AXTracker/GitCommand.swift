#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

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
        var description: String {
            "git \(args.joined(separator: " ")) failed (\(status)): \(stderr.trimmingCharacters(in: .whitespacesAndNewlines))"
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
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "-C", directory] + args
        var env = ProcessInfo.processInfo.environment
        env["GIT_TERMINAL_PROMPT"] = "0"
        for (key, value) in environment { env[key] = value }
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        let (outData, errData) = Self.drain(out.fileHandleForReading.fileDescriptor, err.fileHandleForReading.fileDescriptor)
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw Failure(args: args, status: p.terminationStatus, stderr: String(decoding: errData, as: UTF8.self))
        }
        return String(decoding: outData, as: UTF8.self)
    }

    /// Reads both pipes to their ends, whichever has bytes first (`poll`), so that neither
    /// can fill up and block git while the other is read.
    static func drain(_ first: Int32, _ second: Int32) -> (Data, Data) {
        var data = [Data(), Data()]
        var fds = [pollfd(fd: first, events: Int16(POLLIN), revents: 0), pollfd(fd: second, events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while fds.contains(where: { $0.fd >= 0 }) {
            guard poll(&fds, nfds_t(fds.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            for k in fds.indices where fds[k].fd >= 0 && fds[k].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(fds[k].fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    data[k].append(contentsOf: buffer[0..<n])
                } else if n == 0 || errno != EINTR {
                    fds[k].fd = -1   // end of file (or a broken pipe): poll skips a negative descriptor
                }
            }
        }
        return (data[0], data[1])
    }
}
