import AXDiff

/// `axdiff help [COMMAND]`: the overview, or one command's help.
struct HelpCommand: Command {
    static let name = "help"
    static let abstract = "Show the list of commands, or one command's options, defaults and an example."
    static var arguments: [CommandArgument] {
        [CommandArgument(synopsis: "[COMMAND]", help: "the command to describe", choices: commands.map { $0.name })]
    }
    static let options: [CommandOption] = []
    static let examples = ["axdiff help diff"]

    let topic: String?

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        guard a.positionals.count <= 1 else { throw UsageError("expected at most one COMMAND") }
        topic = a.positionals.first
        if let topic, findCommand(topic) == nil {
            throw UsageError("unknown command '\(topic)'" + Suggestion.didYouMean(topic, among: commands.map { $0.name }))
        }
    }

    func run() throws -> Int32 {
        Console.out(topic.flatMap { findCommand($0) }.map { Help.command($0) } ?? Help.overview())
        return ExitCode.clean
    }
}
