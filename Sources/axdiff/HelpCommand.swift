import AXDiff

/// `axdiff help [COMMAND|KIND]`: the overview, one command's help, or what a
/// change kind means (from its rule).
struct HelpCommand: Command {
    static let name = "help"
    static let abstract = "Show the list of commands, one command's options, defaults and an example, or what a change kind means."
    static var arguments: [CommandArgument] {
        [CommandArgument(synopsis: "[COMMAND|KIND]", help: "the command, or the change kind (label.lost), to describe",
                         choices: commands.map { $0.name } + ChangeKind.allCases.map(\.rawValue))]
    }
    static let options: [CommandOption] = []
    static let examples = ["axdiff help diff", "axdiff help label.lost"]

    let topic: String?

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        guard a.positionals.count <= 1 else { throw UsageError("expected at most one COMMAND or KIND") }
        topic = a.positionals.first
        if let topic, findCommand(topic) == nil, ChangeKind(rawValue: topic) == nil {
            throw UsageError("unknown command or change kind '\(topic)'"
                + Suggestion.didYouMean(topic, among: commands.map { $0.name } + ChangeKind.allCases.map(\.rawValue)))
        }
    }

    func run() throws -> Int32 {
        if let topic, let kind = ChangeKind(rawValue: topic) {
            Console.out(Help.kind(kind))
        } else {
            Console.out(topic.flatMap { findCommand($0) }.map { Help.command($0) } ?? Help.overview())
        }
        return ExitCode.clean
    }
}
