#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AXGit
import AXReport
import AXGate
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// `axdiff check [REV]`: the gate. Fails when the branch's net change leaves a
/// change at or above `failOn` that no `Axdiff-Accept` trailer accepts.
struct CheckCommand: Command {
    static let name = "check"
    static let abstract = "The gate: exit 1 when the branch's net change regresses what a screen reader says, unless accepted."
    static let arguments = [CommandArgument(synopsis: "[REV]", help: "the tip to judge (default: HEAD)")]
    static let options: [CommandOption] = [
        .repo, .flag("from-env", "open the repository from git's environment (in a server hook; excludes --repo)"), .config,
        .valued("base", "REF", default: "baseBranch of the configuration, else main", "the branch to compare with, at the merge base"),
        .valued("remote", "NAME", "take the base branch from this remote only, never a local branch (what the server will judge by)"),
        .flag("allow-missing-base", "pass when the base branch exists nowhere (the first push)"), .format,
        .wireframes, .category, .color,
    ]
    static let examples = ["axdiff check", "axdiff check --base develop --format sarif --category ios feature > axdiff.sarif",
                           "axdiff check --format markdown --wireframes wireframes > axdiff.md"]

    let repo: RepositoryOption
    let fromEnvironment: Bool
    let options: Gate.Options
    let report: Report
    let category: String?
    let color: String?
    let wireframes: String?

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        guard a.positionals.count <= 1 else { throw UsageError("expected at most one REV") }
        repo = RepositoryOption(a)
        fromEnvironment = a.flag("from-env")
        if fromEnvironment && a.option("repo") != nil { throw UsageError("--from-env and --repo exclude each other") }
        if let base = a.option("base"), base.isEmpty { throw UsageError("--base needs a ref") }
        if let remote = a.option("remote"), remote.isEmpty {
            throw UsageError("--remote needs a remote's name, e.g. --remote origin")
        }
        report = try ReportChoice.named(a.option("format"))
        category = try ReportChoice.category(a)
        color = a.option("color")
        wireframes = try WireframeFiles.directory(a)
        options = Gate.Options(revision: a.positionals.first ?? "HEAD", base: a.option("base"),
                               configOverride: nil, allowMissingBase: a.flag("allow-missing-base"),
                               remote: a.option("remote"))
    }

    func run() throws -> Int32 {
        let repository = try open()
        var options = self.options
        options.configOverride = try repo.configOverride()
        let verdict: GateVerdict
        do {
            verdict = try Gate(repository: repository).check(options)
        } catch let e as GateError {
            if !fromEnvironment { try RepositoryOption.requireCommits(repository, repo.path) }
            throw InputError(e.description)
        } catch let e as GitError {
            throw InputError(e.message)
        }
        for warning in verdict.warnings { Console.err(warning) }
        let commit = ReportContext.Commit(sha: verdict.revision.id.hex, subject: verdict.revision.summary)
        var context = ReportChoice.context(commit: commit, failOn: verdict.config.policy.failOn, category: category)
        if verdict.fails { context.suggestedTrailers = verdict.suggestedTrailers.map(\.text) }
        if let wireframes { context.wireframes = try WireframeFiles.write(verdict.report, to: wireframes) }
        if report.name == Report.sarif.name {
            context.files = ReportFiles.versions(repository, report: verdict.report, old: verdict.mergeBase, new: verdict.revision.id,
                                                 maxBytes: verdict.config.maxSnapshotBytes)
        }
        Console.out(Colour.output(report.bytes(verdict.report, context), format: report.name, choice: color))
        // Diagnostics follow the report even when both go to one pipe (as in the hooks).
        fflush(stdout)
        if !verdict.unreadable.isEmpty {
            for line in verdict.unreadable { Console.err(line) }
            return ExitCode.badInput
        }
        guard verdict.fails else { return ExitCode.clean }
        Console.err(acceptHint(verdict.suggestedTrailers.map(\.text)))
        return ExitCode.failed
    }

    private func open() throws -> Repository {
        guard fromEnvironment else { return try repo.open() }
        do {
            return try Repository.openFromEnvironment()
        } catch let e as GitError {
            throw InputError("cannot open the repository from the environment (GIT_DIR): \(e.message)")
        }
    }

    /// How to accept the failing changes deliberately, with a command that can be
    /// pasted: every trailer is single-quoted for the shell.
    private func acceptHint(_ trailers: [String]) -> String {
        let named = trailers.map { "`\($0)`" }.joined(separator: ", ")
        let command = "git commit --allow-empty -m 'Accept reviewed accessibility changes'"
            + trailers.map { " --trailer " + shellQuoted($0) }.joined()
        return "check failed; to accept \(trailers.count == 1 ? "this change" : "these changes") deliberately, "
            + "add a commit with the trailer\(trailers.count == 1 ? "" : "s") \(named):\n  \(command)"
    }

    private func shellQuoted(_ s: String) -> String {
        "'" + s.replacingEvery("'", with: #"'\''"#) + "'"
    }
}
