#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AXWatch

/// The subcommands, in the order `axdiff --help` lists them.
let commands: [any Command.Type] = [
    DiffCommand.self, SpeakCommand.self, LintCommand.self, ShowCommand.self, LogCommand.self, BackfillCommand.self, WatchCommand.self, CheckCommand.self, HooksCommand.self, HtmlCommand.self, DemoCommand.self,
]

let version = "0.1.0"

func help() -> String {
    var lines = ["axdiff \(version): what a screen reader will say, commit by commit.", "", "Usage: axdiff <command> [options]", "", "Commands:"]
    for c in commands { lines.append("  " + c.name.padding(9) + c.abstract) }
    lines.append("")
    lines.append("See 'axdiff <command> --help' for a command's options.")
    return lines.joined(separator: "\n")
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self + " " : self + String(repeating: " ", count: width - count) }
}

func runMain() -> Int32 {
    var args = Array(CommandLine.arguments.dropFirst())
    guard let name = args.first else {
        Console.out(help())
        return ExitCode.badInput
    }
    args.removeFirst()
    if name == "--help" || name == "-h" || name == "help" { Console.out(help()); return ExitCode.clean }
    if name == "--version" { Console.out("axdiff \(version)"); return ExitCode.clean }
    guard let command = commands.first(where: { $0.name == name }) else {
        fputs("Error: unknown command '\(name)'\n\n\(help())\n", stderr)
        return ExitCode.badInput
    }
    if args.contains("--help") || args.contains("-h") {
        Console.out("\(command.abstract)\n\nUsage: \(command.usage)")
        return ExitCode.clean
    }
    do {
        let instance = try command.init(args)
        return try instance.run()
    } catch let e as UsageError {
        fputs("Error: \(e.description)\nUsage: \(command.usage)\nSee 'axdiff \(command.name) --help'\n", stderr)
        return ExitCode.badInput
    } catch {
        Console.err("\(error)")
        return ExitCode.badInput
    }
}

Allocator.keepFreedPages()
exit(runMain())
