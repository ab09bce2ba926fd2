import AXProcess
import Foundation

/// A long-running `axdiff` process whose output (standard output and error together) is
/// collected as it comes.
final class Background {
    private let process: BackgroundProcess

    /// `environment` is added to this process's own.
    init(_ args: [String], environment: [String: String] = [:]) throws {
        process = try ChildProcess(CLI.binary.path, args,
                                   environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }).start()
    }

    var output: String { process.output }
    var pid: Int32 { process.pid }
    var isRunning: Bool { process.isRunning }

    func signal(_ sig: Int32) { process.signal(sig) }

    /// Waits for exit up to `timeout` seconds; nil when still running.
    func waitForExit(timeout: TimeInterval) -> Int32? { process.waitForExit(timeout: timeout) }
}
