import AXProcess
import Foundation

/// Runs a program to its end for the git tests, through the package's one spawner.
enum Spawn {
    struct Failed: Error { let message: String }

    /// Returns the exit status, stdout and stderr.
    static func run(_ program: String, _ arguments: [String], input: [UInt8], environment: [String: String]) throws
        -> (Int32, [UInt8], [UInt8]) {
        do {
            let result = try ChildProcess(program, arguments, environment: environment, input: input).run()
            return (result.status, result.stdout, result.stderr)
        } catch let failure as ChildProcess.Failure {
            throw Failed(message: "cannot start \(program): \(failure)")
        }
    }
}
