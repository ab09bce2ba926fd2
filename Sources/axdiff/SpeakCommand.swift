import AXReport
import AXSnapshot

/// `axdiff speak FILE`: the stops of a snapshot in reading order, as the
/// platform's screen reader says them.
struct SpeakCommand: Command {
    static let name = "speak"
    static let abstract = "Print the stops of a snapshot in reading order, one per line, as the platform's screen reader says them (VoiceOver, TalkBack, a web screen reader)."
    static let arguments = [CommandArgument(synopsis: "FILE", help: "a snapshot (\(SnapshotReader.formatNames.joined(separator: ", ")))", isPath: true)]
    static let options: [CommandOption] = [.snapshotConfig]
    static let examples = ["axdiff speak Snapshots/Checkout.json"]

    let file: String
    let configPath: String?

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        guard a.positionals.count == 1 else { throw UsageError("expected one FILE") }
        file = a.positionals[0]
        configPath = a.option("config")
    }

    func run() throws -> Int32 {
        let config = try SnapshotFiles.config(configPath)
        let snapshot = try SnapshotFiles.read(file, maxBytes: config.maxSnapshotBytes, maxElements: config.maxSnapshotElements)
        let lines = snapshot.stops.map(\.spoken.oneLine)
        if !lines.isEmpty { Console.out(lines.joined(separator: "\n")) }
        return ExitCode.clean
    }
}
