import Foundation

/// The git command line, for network transport (fetch and push) only: git
/// already knows the user's remotes, credentials and SSH configuration, which
/// libgit2 does not read. Arguments are passed as a vector, never through a
/// shell, so no ref name or remote name is ever interpreted.
struct GitCommand {
    let directory: String

    struct Failure: Error, CustomStringConvertible {
        var args: [String]
        var status: Int32
        var stderr: String
        var description: String {
            "git \(args.joined(separator: " ")) failed (\(status)): \(stderr.trimmingCharacters(in: .whitespacesAndNewlines))"
        }
    }

    /// Runs `git -C directory args…`; throws `Failure` with git's stderr on a non-zero exit.
    @discardableResult
    func run(_ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["git", "-C", directory] + args
        var env = ProcessInfo.processInfo.environment
        env["GIT_TERMINAL_PROMPT"] = "0"
        p.environment = env
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = FileHandle.nullDevice
        try p.run()
        // stderr is drained on its own thread so that neither pipe can fill
        // up and block git; the slot hands the bytes back under a lock.
        let errSlot = ResultSlots<Data>(count: 1)
        let reader = Thread { errSlot.set(0, err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        let errData = errSlot.values.first ?? Data()
        guard p.terminationStatus == 0 else {
            throw Failure(args: args, status: p.terminationStatus, stderr: String(decoding: errData, as: UTF8.self))
        }
        return String(decoding: outData, as: UTF8.self)
    }
}
