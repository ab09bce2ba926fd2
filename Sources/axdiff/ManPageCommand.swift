/// `axdiff manpage`: axdiff(1) in roff, derived from the same declarations as
/// the help (`Scripts/install.sh` installs it).
struct ManPageCommand: Command {
    static let name = "manpage"
    static let abstract = "Print the axdiff(1) manual page (roff), generated from the commands' help."
    static let options: [CommandOption] = []
    static let examples = ["axdiff manpage > axdiff.1 && man -l axdiff.1"]

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        guard a.positionals.isEmpty else { throw UsageError("unexpected argument '\(a.positionals[0])'") }
    }

    func run() throws -> Int32 {
        Console.out(ManPage.render())
        return ExitCode.clean
    }
}
