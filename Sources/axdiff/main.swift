#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AXDiff
import AXReport
import AXTracker

/// The subcommands, in the order `axdiff --help` lists them.
let commands: [any Command.Type] = [
    DiffCommand.self, SpeakCommand.self, LintCommand.self, ShowCommand.self, LogCommand.self, StatusCommand.self,
    BackfillCommand.self, WatchCommand.self, CheckCommand.self, HooksCommand.self, HtmlCommand.self, RecordCommand.self,
    DemoCommand.self, HelpCommand.self, CompletionCommand.self, ManPageCommand.self,
]

/// `axdiff 0.1.0`: what `--version` prints and every report and note names.
let toolVersion = ReportContext.defaultToolVersion

func findCommand(_ name: String) -> (any Command.Type)? { commands.first { $0.name == name } }

/// A usage mistake: the message, the usage line and where to read more, exit 2.
func usageFailure(_ message: String, _ command: (any Command.Type)?) -> Int32 {
    var text = "axdiff: \(message)\n"
    if let command { text += "Usage: \(command.usage)\nSee 'axdiff help \(command.name)'.\n" } else { text += "See 'axdiff help'.\n" }
    fputs(text, stderr)
    return ExitCode.badInput
}

func runMain() -> Int32 {
    var args = Array(CommandLine.arguments.dropFirst())
    guard let name = args.first else {
        fputs(Help.overview() + "\n", stderr)
        return ExitCode.badInput
    }
    args.removeFirst()
    if name == "--help" || name == "-h" { Console.out(Help.overview()); return ExitCode.clean }
    if name == "--version" { Console.out(toolVersion); return ExitCode.clean }
    guard let command = findCommand(name) else {
        return usageFailure("unknown command '\(name)'" + Suggestion.didYouMean(name, among: commands.map { $0.name }), nil)
    }
    let beforeSeparator = args.prefix { $0 != "--" }
    if beforeSeparator.contains("--help") || beforeSeparator.contains("-h") {
        Console.out(Help.command(command))
        return ExitCode.clean
    }
    return execute(command, args)
}

/// Runs one command: its validation phase, then its work.
func execute(_ command: any Command.Type, _ args: [String]) -> Int32 {
    let instance: any Command
    do {
        instance = try command.init(args)
    } catch let e as UsageError {
        return usageFailure(e.description, command)
    } catch {
        Console.err("\(error)")
        return ExitCode.badInput
    }
    do {
        return try instance.run()
    } catch let e as UsageError {
        return usageFailure(e.description, command)
    } catch {
        Console.err("\(error)")
        return ExitCode.badInput
    }
}

JemallocTuning.install()
exit(runMain())
