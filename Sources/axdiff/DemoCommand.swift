import AXProcess
import AXTracker
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

/// `axdiff demo`: builds a small repository from the bundled story in
/// `Config/examples/story/` — a product card whose order drifts, an icon that
/// loses its name, order cards that turn into label soup and are fixed — runs
/// the watcher once over it and prints the annotated log.
struct DemoCommand: Command {
    static let name = "demo"
    static let abstract = "Build a demo repository from the bundled example snapshots, annotate it, and print the log."
    static let options: [CommandOption] = [
        .valued("examples", "DIR", default: "Config/examples/story beside the checkout or the binary",
                "a story: one folder per commit, each with commit.txt and the files to commit"),
        .valued("into", "DIR", default: "a new folder in the temporary directory", "where to build the repository"),
    ]
    static let examples = ["axdiff demo --into /tmp/axdiff-demo"]

    let examples: String?
    let into: String?

    init(_ args: [String]) throws {
        let a = try Self.parse(args)
        guard a.positionals.isEmpty else { throw UsageError("unexpected argument '\(a.positionals[0])'") }
        examples = a.option("examples")
        into = a.option("into")
    }

    /// The story, found beside the working directory or the executable.
    func storyDirectory() throws -> String {
        if let examples { return try Self.story(at: examples) }
        let exe = Self.executable()
        var candidates = [FileManager.default.currentDirectoryPath + "/Config/examples/story"]
        var dir = exe.deletingLastPathComponent()
        // An installed axdiff (Scripts/install.sh) finds it in PREFIX/share/axdiff.
        candidates.append(dir.deletingLastPathComponent().appendingPathComponent("share/axdiff/examples/story").path)
        for _ in 0..<5 {
            candidates.append(dir.appendingPathComponent("Config/examples/story").path)
            dir = dir.deletingLastPathComponent()
        }
        guard let found = candidates.first(where: { SnapshotFiles.isDirectory($0) }) else {
            throw InputError("cannot find Config/examples/story; run from the axdiff checkout or pass --examples DIR")
        }
        return found
    }

    /// This binary's own file, symlinks resolved. Run from `PATH` its
    /// `argv[0]` is a bare `axdiff`, which names no folder: the kernel's
    /// `/proc/self/exe` does, else the `PATH` entry that holds it.
    static func executable() -> URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"), path.hasPrefix("/") {
            return URL(fileURLWithPath: path)
        }
        let name = CommandLine.arguments.first ?? "axdiff"
        if !name.contains("/") {
            for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") where !dir.isEmpty {
                let candidate = String(dir) + "/" + name
                if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate).resolvingSymlinksInPath() }
            }
        }
        return URL(fileURLWithPath: name).resolvingSymlinksInPath()
    }

    /// `DIR` when it is a story — every folder in it holds a `commit.txt` — or
    /// `DIR/story` when that is one (`--examples Config/examples`); else an error
    /// naming the folder that is not a commit.
    static func story(at dir: String) throws -> String {
        let files = FileManager.default
        guard SnapshotFiles.isDirectory(dir) else { throw InputError("\(dir): not a directory") }
        let steps = ((try? files.contentsOfDirectory(atPath: dir)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        let notCommits = steps.filter { !files.fileExists(atPath: dir + "/" + $0 + "/commit.txt") }
        if !steps.isEmpty && notCommits.isEmpty { return dir }
        if dir != dir + "/story", SnapshotFiles.isDirectory(dir + "/story"), (try? story(at: dir + "/story")) != nil { return dir + "/story" }
        let first = notCommits.first.map { "\(dir)/\($0) has no commit.txt" } ?? "\(dir) is empty"
        throw InputError("\(dir): not a story (one folder per commit, each with commit.txt and the files to commit): \(first)")
    }

    func run() throws -> Int32 {
        let story = try storyDirectory()
        let repo = into ?? FilePath.temporaryDirectory + "axdiff-demo-\(getpid())"
        guard !FileManager.default.fileExists(atPath: repo + "/.git") else { throw InputError("\(repo) is already a repository") }
        try FileManager.default.createDirectory(atPath: repo, withIntermediateDirectories: true)
        let git = GitCLI(directory: repo)
        try git.run(["init", "-q", "-b", "main"])
        let steps = try FileManager.default.contentsOfDirectory(atPath: story).filter { !$0.hasPrefix(".") }.sorted()
        for (n, step) in steps.enumerated() {
            let dir = story + "/" + step
            let message = (try? String(contentsOfFile: dir + "/commit.txt", encoding: .utf8)) ?? step
            for rel in SnapshotFiles.list(dir, snapshotsOnly: false) where rel != "commit.txt" {
                let target = repo + "/" + rel
                try FileManager.default.createDirectory(atPath: FilePath.deletingLastComponent(target), withIntermediateDirectories: true)
                if FileManager.default.fileExists(atPath: target) { try FileManager.default.removeItem(atPath: target) }
                try FileManager.default.copyItem(atPath: dir + "/" + rel, toPath: target)
            }
            try git.run(["add", "-A"])
            try git.run(["commit", "-q", "-m", message.trimming(.whitespacesAndNewlines)], date: 1_767_225_600 + n * 3600)
        }
        Console.out("Built \(repo) with \(steps.count) commits; running the watcher once:\n")
        let watcher = Watcher(options: .init(repositoryPath: repo, once: true, toolVersion: toolVersion)) { Console.out($0) }
        try watcher.run()
        Console.out("\n$ git log --notes=axdiff --reverse --format='commit %h %s%n%N'\n")
        Console.out(try git.output(["log", "--notes=axdiff", "--reverse", "--format=commit %h %s%n%N"]))
        Console.out("Try: git -C \(repo) log --notes=axdiff    or    axdiff log --repo \(repo)")
        return ExitCode.clean
    }
}

/// The git command line, for building the demo repository.
struct GitCLI {
    let directory: String

    @discardableResult
    func run(_ args: [String], date: Int? = nil) throws -> String {
        let arguments = ["-C", directory, "-c", "user.name=axdiff demo", "-c", "user.email=demo@axdiff.invalid",
                         "-c", "commit.gpgsign=false"] + args
        var env = ProcessInfo.processInfo.environment
        if let date {
            env["GIT_AUTHOR_DATE"] = "@\(date) +0000"
            env["GIT_COMMITTER_DATE"] = "@\(date) +0000"
        }
        // `ChildProcess`, not `Process`: the demo runs git about fifteen times, and `Process` noticed
        // each exit up to 50 ms late.
        let result: ChildProcess.Result
        do {
            result = try ChildProcess("git", arguments, environment: env).run()
        } catch let failure as ChildProcess.Failure {
            throw InputError("git \(args.joined(separator: " ")) could not start: \(failure)")
        }
        guard result.status == 0 else {
            let reason = String(decoding: result.stderr, as: UTF8.self).trimming(.whitespacesAndNewlines)
            throw InputError("git \(args.joined(separator: " ")) failed (\(result.status))" + (reason.isEmpty ? "" : ": \(reason)"))
        }
        return String(decoding: result.stdout, as: UTF8.self)
    }

    func output(_ args: [String]) throws -> String { try run(args) }
}
