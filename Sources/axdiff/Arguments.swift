/// A small command-line parser in the shape of swift-argument-parser: options
/// (`--format json`, `--format=json`), flags (`--once`) and positionals.
struct Arguments {
    private(set) var positionals: [String] = []
    private var options: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// - Parameters:
    ///   - valued: option names that take a value (without `--`).
    ///   - flags: option names that take none.
    init(_ args: [String], valued: Set<String>, flags known: Set<String>) throws {
        var i = 0
        var onlyPositionals = false
        while i < args.count {
            let arg = args[i]
            i += 1
            if onlyPositionals || !arg.hasPrefix("-") || arg == "-" {
                positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            guard arg.hasPrefix("--") else { throw UsageError("unknown option '\(arg)'") }
            var name = String(arg.dropFirst(2))
            var value: String?
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if known.contains(name) {
                guard value == nil else { throw UsageError("option '--\(name)' takes no value") }
                flags.insert(name)
            } else if valued.contains(name) {
                if value == nil {
                    guard i < args.count else { throw UsageError("option '--\(name)' needs a value") }
                    value = args[i]
                    i += 1
                }
                options[name, default: []].append(value ?? "")
            } else {
                throw UsageError("unknown option '--\(name)'")
            }
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func option(_ name: String) -> String? { options[name]?.last }
    func options(_ name: String) -> [String] { options[name] ?? [] }
}

/// A mistake in how the command was called: printed with the usage, exit 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}

/// Input that could not be used (an unreadable file, a bad config, a missing
/// repository): one line, exit 2.
struct InputError: Error, CustomStringConvertible {
    var description: String
    init(_ message: String) { description = message }
}
