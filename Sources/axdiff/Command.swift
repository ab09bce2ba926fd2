#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AXReport

/// One subcommand: declares its arguments and options (from which parsing,
/// usage, help, the man page and completions derive), parses them in `init`
/// (the validation phase) and does its work in `run`, returning the exit code.
protocol Command {
    static var name: String { get }
    static var abstract: String { get }
    /// The positional arguments, in order.
    static var arguments: [CommandArgument] { get }
    static var options: [CommandOption] { get }
    /// Command lines that show typical use; help ends with them.
    static var examples: [String] { get }
    /// Derived from the declarations (see the extension); not to be written by hand.
    static var usage: String { get }
    init(_ args: [String]) throws
    func run() throws -> Int32
}

/// A positional argument as help shows it: `OLD NEW`, `[REV]`, `FILE...`.
struct CommandArgument: Sendable {
    let synopsis: String
    let help: String
    /// Fixed words it accepts (`install`, `uninstall`), offered by completion;
    /// empty when it is free text.
    var choices: [String] = []
    /// Completion offers file names.
    var isPath = false
}

extension Command {
    static var arguments: [CommandArgument] { [] }
    static var examples: [String] { [] }

    /// `axdiff diff OLD NEW [--format FORMAT] [--config FILE]`, from the declarations.
    static var usage: String {
        (["axdiff", name] + arguments.map(\.synopsis) + options.map { $0.required ? $0.synopsis : "[\($0.synopsis)]" }).joined(separator: " ")
    }

    /// Parses `args` against `options`.
    static func parse(_ args: [String]) throws -> Arguments { try Arguments(args, options) }
}

/// Process exit codes (DESIGN §9).
enum ExitCode {
    static let clean: Int32 = 0
    static let failed: Int32 = 1
    static let badInput: Int32 = 2
}

/// Terse console output: reports to stdout, diagnostics to stderr, each
/// diagnostic line starting with `axdiff: `.
enum Console {
    static func out(_ text: String) {
        var s = text
        if !s.hasSuffix("\n") { s += "\n" }
        fputs(s, stdout)
    }

    /// A report's bytes to stdout as they are, with a line feed after them
    /// when `out` would add one: when they do not end in one (a CR LF is
    /// one `Character`, which is not "\n").
    static func out(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            _ = fwrite(base, 1, buffer.count, stdout)
        }
        let n = bytes.count
        if n == 0 || bytes[n - 1] != UInt8(ascii: "\n") || (n > 1 && bytes[n - 2] == UInt8(ascii: "\r")) {
            fputs("\n", stdout)
        }
    }

    static func err(_ text: String) {
        fputs("axdiff: " + text.escapedForTerminal + "\n", stderr)
    }

    /// Ends the process once a command's report is written, rather than
    /// returning: returning frees the report's stops and changes one string
    /// and array at a time (about 7 M instructions, 4 %, of a 10,000-stop
    /// `diff`, BENCHMARKS.md), pages the kernel takes back whole at exit, as
    /// git leaves its own to it. `exit` flushes stdout and stderr first.
    static func end(_ code: Int32) -> Never {
        exit(code)
    }

    static var stderrIsTerminal: Bool { isatty(2) != 0 }
    static var stdoutIsTerminal: Bool { isatty(1) != 0 }
}
