import AXReport

/// One option of a subcommand, declared once: the parser, the usage line, the
/// help, the man page and the shell completions are all derived from it.
struct CommandOption: Sendable {
    /// Without the leading `--`.
    let name: String
    /// The value's placeholder in help (`FILE`, `N`); nil for a flag.
    let value: String?
    /// What applies when the option is absent, as help shows it; nil when nothing does.
    let defaultValue: String?
    /// One line.
    let help: String
    /// The values it accepts, when they are a fixed list (offered by completion).
    let choices: [String]
    /// The command refuses to run without it.
    var required = false

    static func flag(_ name: String, _ help: String) -> CommandOption {
        CommandOption(name: name, value: nil, defaultValue: nil, help: help, choices: [])
    }

    static func valued(_ name: String, _ value: String, default defaultValue: String? = nil, choices: [String] = [],
                       _ help: String) -> CommandOption {
        CommandOption(name: name, value: value, defaultValue: defaultValue, help: help, choices: choices)
    }

    var takesValue: Bool { value != nil }

    static func required(_ name: String, _ value: String, _ help: String) -> CommandOption {
        CommandOption(name: name, value: value, defaultValue: nil, help: help, choices: [], required: true)
    }

    /// `--name VALUE` or `--name`.
    var synopsis: String { "--" + name + (value.map { " " + $0 } ?? "") }
}

/// The options several commands share, declared once here.
extension CommandOption {
    static let repo = valued("repo", "PATH", default: "the current directory", "the repository (a working tree or a bare repository)")
    static let config = valued("config", "FILE", default: ".axdiff.json at the commit, else Config/axdiff.json",
                               "configuration that wins over the committed one")
    static let snapshotConfig = valued("config", "FILE", default: ".axdiff.json, else Config/axdiff.json, of the git working tree that holds the files; else built-in defaults",
                                       "configuration to apply (severities, ignore, volatile labels, limits)")
    /// Derived from `Report.all`: a new report is offered by choices, help, man page and completion at once.
    static let format = valued("format", "FORMAT", default: "text", choices: Report.all.map(\.name), "report format: " + Report.helpList)
    static let category = valued("category", "NAME", "SARIF: the run's category, so the uploads of two snapshot sets do not replace each other")
    static let color = valued("color", "WHEN", default: "auto", choices: ["auto", "always", "never"],
                              "colour severities: auto (on a terminal, unless NO_COLOR is set), always or never")
    static let batch = valued("batch", "N", default: "250", "commits per batch of notes")
}
