import AXDiff
import AXGit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import AXBase

/// `axdiff hooks install|uninstall`: writes the gate's git hooks (pre-push,
/// pre-receive, post-receive; embedded in the binary) into a repository's hooks
/// directory, or removes them and restores the hooks they replaced.
struct HooksCommand: Command {
    static let name = "hooks"
    static let abstract = "Install the gate's git hooks (pre-push, pre-receive, post-receive) into a repository, or uninstall them."
    static let arguments = [CommandArgument(synopsis: "install|uninstall", help: "install the hooks, or remove axdiff's and restore what --force replaced",
                                            choices: ["install", "uninstall"])]
    static let options: [CommandOption] = [
        .repo, .flag("force", "install: replace different hooks, keeping each as NAME.axdiff-old"),
    ]
    static let examples = ["axdiff hooks install", "axdiff hooks uninstall --repo /srv/git/app.git"]

    let repo: RepositoryOption
    let force: Bool
    let uninstall: Bool

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        guard let action = a.positionals.first else { throw UsageError("expected an action: install or uninstall") }
        guard action == "install" || action == "uninstall" else {
            throw UsageError("unknown action '\(action)' (expected install or uninstall)"
                + Suggestion.didYouMean(action, among: ["install", "uninstall"]))
        }
        guard a.positionals.count == 1 else { throw UsageError("unexpected argument '\(a.positionals[1])'") }
        repo = RepositoryOption(a)
        force = a.flag("force")
        uninstall = action == "uninstall"
        if uninstall && force { throw UsageError("--force applies to install only") }
    }

    func run() throws -> Int32 {
        try uninstall ? removeHooks() : installHooks()
    }

    func installHooks() throws -> Int32 {
        let repository = try repo.open()
        let directory = try hooksDirectory(repository)
        let files = FileManager.default
        var isDirectory = false
        if files.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory {
            throw InputError("\(directory): not a directory (core.hooksPath?)")
        }
        try files.createDirectory(atPath: directory, withIntermediateDirectories: true)

        // Decide everything before writing anything, so a refusal leaves no hook half-installed.
        var plan: [(name: String, script: String, existing: Bool)] = []
        var refused: [String] = []
        for (name, script) in HookScripts.all {
            let path = directory + "/" + name
            guard files.fileExists(atPath: path, isDirectory: &isDirectory) else {
                plan.append((name, script, false))
                continue
            }
            guard !isDirectory else { throw InputError("\(path) is a directory") }
            let current = files.contents(atPath: path)
            if current == Data(script.utf8) {
                if !files.isExecutableFile(atPath: path) { plan.append((name, script, false)) }
                continue
            }
            if force { plan.append((name, script, true)) } else { refused.append(path) }
        }
        guard refused.isEmpty else {
            throw InputError("\(refused.joined(separator: ", ")) already exist\(refused.count == 1 ? "s" : "") and differ\(refused.count == 1 ? "s" : "") "
                + "from axdiff's; pass --force to replace (the old hook is kept as NAME.axdiff-old)")
        }
        for (name, script, existing) in plan {
            let path = directory + "/" + name
            var kept: String?
            if existing {
                let backup = freeBackupPath(path)
                try files.copyItem(atPath: path, toPath: backup)
                kept = backup
            }
            try writeExecutable(script, to: path)
            Console.out(kept.map { "replaced \(path) (the old hook is kept as \($0))" } ?? "installed \(path)")
        }
        for (name, _) in HookScripts.all where !plan.contains(where: { $0.name == name }) {
            Console.out("up to date \(directory)/\(name)")
        }
        if ProcessInfo.processInfo.environment["AXDIFF"] == nil && !onPath("axdiff") {
            let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
            Console.out("note: axdiff is not on PATH; the hooks need it there, or AXDIFF=\(me) in their environment")
        }
        return ExitCode.clean
    }

    /// `core.hooksPath` when set (`~` expanded; relative to the working tree, or to
    /// the git directory of a bare repository, as git resolves it), else `hooks/`
    /// in the directory all worktrees share.
    func hooksDirectory(_ repository: Repository) throws -> String {
        guard let configured = try repository.configValue("core.hooksPath"), !configured.isEmpty else {
            return repository.commonDir + "hooks"
        }
        var path = configured
        if path == "~" || path.hasPrefix("~/") {
            path = FilePath.home + path.dropFirst()
        }
        if !path.hasPrefix("/") {
            path = (repository.workdir ?? repository.gitDir) + path
        }
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    func freeBackupPath(_ path: String) -> String {
        var candidate = path + ".axdiff-old"
        var n = 1
        while FileManager.default.fileExists(atPath: candidate) {
            n += 1
            candidate = path + ".axdiff-old.\(n)"
        }
        return candidate
    }

    /// Writes beside the target and renames over it, so git never runs a half-written hook.
    private func writeExecutable(_ script: String, to path: String) throws {
        let temporary = path + ".axdiff-tmp-\(ProcessInfo.processInfo.processIdentifier)"
        do {
            try Data(script.utf8).write(to: URL(fileURLWithPath: temporary))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: temporary)
            if rename(temporary, path) != 0 { throw InputError("\(path): cannot replace it (errno \(errno))") }
        } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            throw error is InputError ? error : InputError("\(path): \(ErrorDescription.localized(error))")
        }
    }

    private func onPath(_ command: String) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(command)") }
    }
}
