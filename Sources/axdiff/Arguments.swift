import AXDiff

/// A small command-line parser in the shape of swift-argument-parser: options
/// (`--format json`, `--format=json`), flags (`--once`) and positionals, all
/// as a command declares them.
struct Arguments {
    private(set) var positionals: [String] = []
    private var options: [String: [String]] = [:]
    private var flags: Set<String> = []
    /// Reading a name that is not declared is a programming error, caught in debug builds (and so by the tests).
    private let declaredNames: Set<String>

    /// - Parameter declared: the command's options; anything else is a usage error
    ///   that suggests the nearest declared name.
    init(_ args: [String], _ declared: [CommandOption]) throws {
        let byName = Dictionary(declared.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        assert(byName.count == declared.count, "an option is declared twice")
        declaredNames = Set(byName.keys)
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
            var name = String(arg.drop { $0 == "-" })
            var value: String?
            if let eq = name.firstIndex(of: "=") {
                value = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            guard arg.hasPrefix("--"), let option = byName[name] else {
                let shown = arg.split(separator: "=", maxSplits: 1).first.map(String.init) ?? arg
                throw UsageError("unknown option '\(shown)'" + Suggestion.didYouMean(name, among: declared.map(\.name), prefix: "--"))
            }
            guard option.takesValue else {
                guard value == nil else { throw UsageError("option '--\(name)' takes no value") }
                flags.insert(name)
                continue
            }
            if value == nil {
                guard i < args.count else { throw UsageError("option '--\(name)' needs a value (\(option.value ?? ""))") }
                value = args[i]
                i += 1
            }
            let given = value ?? ""
            if !option.choices.isEmpty && !option.choices.contains(given) {
                throw UsageError("--\(name) expects one of \(option.choices.joined(separator: ", ")), not '\(given)'"
                    + Suggestion.didYouMean(given, among: option.choices))
            }
            options[name, default: []].append(given)
        }
    }

    func declares(_ name: String) -> Bool { declaredNames.contains(name) }

    func flag(_ name: String) -> Bool {
        assert(declaredNames.contains(name), "--\(name) is read but not declared")
        return flags.contains(name)
    }

    func option(_ name: String) -> String? {
        assert(declaredNames.contains(name), "--\(name) is read but not declared")
        return options[name]?.last
    }

    func options(_ name: String) -> [String] {
        assert(declaredNames.contains(name), "--\(name) is read but not declared")
        return options[name] ?? []
    }
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
