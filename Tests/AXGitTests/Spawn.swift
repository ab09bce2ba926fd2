import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program with posix_spawn and waitpid. Foundation's `Process.waitUntilExit` polls its
/// run loop every 50 ms on Linux, which made hundreds of git calls slow.
enum Spawn {
    struct Failed: Error { let message: String }

    /// Returns the exit status, stdout and stderr. Input and outputs go through temporary
    /// files, so no pipe can fill up and block.
    static func run(_ program: String, _ arguments: [String], input: [UInt8], environment: [String: String]) throws
        -> (Int32, [UInt8], [UInt8]) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("axgit-spawn-\(UUID().uuidString)").path
        let inPath = base + ".in", outPath = base + ".out", errPath = base + ".err"
        defer { for file in [inPath, outPath, errPath] { unlink(file) } }
        guard FileManager.default.createFile(atPath: inPath, contents: Data(input)) else { throw Failed(message: "cannot write \(inPath)") }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var pid = pid_t()
        let code = posix_spawn(&pid, program, &actions, nil, argv, envp)
        guard code == 0 else { throw Failed(message: "posix_spawn \(program): \(String(cString: strerror(code)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw Failed(message: "waitpid: \(String(cString: strerror(errno)))") }
        }
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let out = FileManager.default.contents(atPath: outPath) ?? Data()
        let err = FileManager.default.contents(atPath: errPath) ?? Data()
        return (exit, Array(out), Array(err))
    }
}
