import Foundation

/// A long-running `axdiff` process whose output is collected as it comes.
final class Background {
    let process = Process()
    private let lock = NSLock()
    private var buffer = Data()

    /// `environment` is added to this process's own.
    init(_ args: [String], environment: [String: String] = [:]) throws {
        process.executableURL = CLI.binary
        process.arguments = args
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.lock()
            self.buffer.append(data)
            self.lock.unlock()
        }
        try process.run()
    }

    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: buffer, as: UTF8.self)
    }

    func signal(_ sig: Int32) { kill(process.processIdentifier, sig) }

    /// Waits for exit up to `timeout` seconds; nil when still running.
    func waitForExit(timeout: TimeInterval) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.002) }
        return process.isRunning ? nil : process.terminationStatus
    }

    deinit { if process.isRunning { process.terminate() } }
}
