#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One subcommand: parses its arguments in `init` (the validation phase) and
/// does its work in `run`, returning the exit code.
protocol Command {
    static var name: String { get }
    static var abstract: String { get }
    static var usage: String { get }
    init(_ args: [String]) throws
    func run() throws -> Int32
}

/// Process exit codes (DESIGN §9).
enum ExitCode {
    static let clean: Int32 = 0
    static let failed: Int32 = 1
    static let badInput: Int32 = 2
}

/// Terse console output: reports to stdout, diagnostics to stderr.
enum Console {
    static func out(_ text: String) {
        var s = text
        if !s.hasSuffix("\n") { s += "\n" }
        fputs(s, stdout)
    }

    static func err(_ text: String) {
        fputs("axdiff: " + text + "\n", stderr)
    }

    static var stderrIsTerminal: Bool { isatty(2) != 0 }
}
