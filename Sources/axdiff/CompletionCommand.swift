import AXDiff

/// `axdiff completion bash|zsh`: a completion script derived from the
/// commands' declarations (`Scripts/install.sh` installs both).
struct CompletionCommand: Command {
    static let name = "completion"
    static let abstract = "Print a shell completion script for bash or zsh."
    static let arguments = [CommandArgument(synopsis: "SHELL", help: "bash or zsh", choices: ["bash", "zsh"])]
    static let options: [CommandOption] = []
    static let examples = ["source <(axdiff completion bash)", "axdiff completion zsh > \"${fpath[1]}/_axdiff\""]

    let shell: String

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        guard a.positionals.count == 1 else { throw UsageError("expected one SHELL: bash or zsh") }
        shell = a.positionals[0]
        guard shell == "bash" || shell == "zsh" else {
            throw UsageError("unknown shell '\(shell)' (expected bash or zsh)" + Suggestion.didYouMean(shell, among: ["bash", "zsh"]))
        }
    }

    func run() throws -> Int32 {
        Console.out(shell == "bash" ? ShellCompletion.bash() : ShellCompletion.zsh())
        return ExitCode.clean
    }
}
