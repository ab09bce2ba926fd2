import AXProcess
import Foundation

/// Generates the snapshot repository the benchmark runs on: `commits` commits
/// on `main`, each changing 1–3 of `screens` axsnapshot JSON files of about
/// `stops` stops (moves, relabels, stops added and removed, merges and splits,
/// state and frame changes), with the rare commit that only touches docs and
/// the rare snapshot that cannot be read (fixed by the screen's next change).
///
/// Objects go through one `git fast-import` stream: no working tree, no index,
/// no process per commit, which is what makes 5,000 commits take seconds. The
/// same parameters and seed give byte-identical snapshots and commit ids.
struct Generator {
    struct Parameters: Equatable, CustomStringConvertible {
        var commits: Int
        var screens: Int
        var stops: Int
        var seed: UInt64
        /// Commits after `main`'s tip, kept out of every ref: the watcher benchmark
        /// moves `main` onto them one at a time.
        var extra: Int
        /// Screens kept at `stops` stops at most (`BenchScreen.trim`), so that histories of
        /// different lengths differ in length only: the memory group's.
        var steadyScreens = false

        var description: String {
            "commits=\(commits) screens=\(screens) stops=\(stops) seed=\(seed) extra=\(extra)"
                + (steadyScreens ? " steady-screens" : "")
        }
    }

    /// A generated repository: where it is and the ids the benchmark needs.
    struct Repository {
        var path: String
        var mainTip: String
        /// The extra commits, oldest first; each one's parent is the previous (the first's is `mainTip`).
        var extra: [String]
    }

    /// Rates per commit.
    static let docsOnlyRate = 0.03
    static let unreadableRate = 0.005
    static let screensPerCommit: [(Int, Int)] = [(1, 60), (2, 30), (3, 10)]

    let parameters: Parameters

    /// Reuses `directory` when it already holds a repository generated with the
    /// same parameters; otherwise generates it there.
    func prepare(in directory: String, log: (String) -> Void) throws -> Repository {
        let stamp = (directory as NSString).appendingPathComponent("parameters")
        let extraFile = (directory as NSString).appendingPathComponent("extra-commits")
        let repo = (directory as NSString).appendingPathComponent("repo.git")
        if let saved = try? String(contentsOfFile: stamp, encoding: .utf8), saved == parameters.description,
           let extra = try? String(contentsOfFile: extraFile, encoding: .utf8) {
            var ids = extra.split(separator: "\n").map(String.init)
            if !ids.isEmpty {
                let tip = ids.removeFirst()
                log("reusing the repository in \(repo) (\(parameters))")
                return Repository(path: repo, mainTip: tip, extra: ids)
            }
        }
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        log("generating \(parameters) into \(repo)")
        let took = try Measure.time { try generate(repo) }
        let tip = try Subprocess.output("git", ["--git-dir", repo, "rev-parse", "refs/heads/main"])
        let extraIDs = parameters.extra > 0
            ? try Subprocess.output("git", ["--git-dir", repo, "rev-list", "--reverse", "refs/heads/main..refs/bench/extra"])
                .split(separator: "\n").map(String.init)
            : []
        // The extra commits stay in the pack but on no ref, so `git log --all`
        // and the watcher see only `main` until the benchmark moves it.
        if parameters.extra > 0 { try Subprocess.run("git", ["--git-dir", repo, "update-ref", "-d", "refs/bench/extra"]) }
        try ([tip] + extraIDs).joined(separator: "\n").write(toFile: extraFile, atomically: true, encoding: .utf8)
        try parameters.description.write(toFile: stamp, atomically: true, encoding: .utf8)
        log(String(format: "generated in %.1f s", took))
        return Repository(path: repo, mainTip: tip, extra: extraIDs)
    }

    /// Writes the whole history through `git fast-import` into a new bare repository.
    func generate(_ repo: String) throws {
        try Subprocess.run("git", ["init", "-q", "--bare", "--initial-branch=main", repo])
        let process = try ChildProcess("git", ["--git-dir", repo, "fast-import", "--quiet", "--done"], stdout: .discard)
            .start(streamingInput: true)
        guard let input = process.input else { throw Subprocess.Failure(description: "git fast-import has no input") }
        var stream = Stream(handle: input)
        var rng = SplitMix64(seed: parameters.seed)
        var screens = (0..<parameters.screens).map { i in
            BenchScreen(name: String(format: "Screen%03d", i + 1), stops: parameters.stops, rng: &rng)
        }
        var broken = Set<Int>()
        var time = 1_700_000_000
        // The first commit adds every screen.
        var files = screens.map { (Self.path($0), $0.json()) }
        files.append(("README.md", Array("Accessibility snapshots of the tea shop app.\n".utf8)))
        try stream.commit(ref: "refs/heads/main", mark: 1, parent: nil, time: time, message: "Add \(screens.count) screens", files: files)
        for n in 2...max(2, parameters.commits + parameters.extra) where n <= parameters.commits + parameters.extra {
            time += 60 + rng.below(600)
            let ref = n <= parameters.commits ? "refs/heads/main" : "refs/bench/extra"
            var message: String
            files = []
            if rng.chance(Self.docsOnlyRate) {
                message = "Docs: changelog entry \(n)"
                files.append(("docs/CHANGELOG.md", Array("Release notes, revision \(n).\n".utf8)))
            } else {
                let count = min(rng.weighted(Self.screensPerCommit) ?? 1, screens.count)
                var chosen = Set<Int>()
                while chosen.count < count { chosen.insert(rng.below(screens.count)) }
                var what: [String] = []
                for s in chosen.sorted() {
                    let edits = rng.within(1...3)
                    for _ in 0..<edits { what.append(screens[s].mutate(&rng).rawValue) }
                    if parameters.steadyScreens { screens[s].trim(to: parameters.stops, &rng) }
                    if rng.chance(Self.unreadableRate) {
                        // A snapshot cut off mid-write: the next edit of the screen repairs it.
                        let bytes = screens[s].json()
                        files.append((Self.path(screens[s]), Array(bytes.prefix(bytes.count / 2))))
                        broken.insert(s)
                        what.append("truncated")
                    } else {
                        files.append((Self.path(screens[s]), screens[s].json()))
                        broken.remove(s)
                    }
                }
                message = "\(chosen.sorted().map { screens[$0].name }.joined(separator: ", ")): \(what.joined(separator: ", "))"
            }
            try stream.commit(ref: ref, mark: n, parent: n - 1, time: time, message: message, files: files)
        }
        stream.write("done\n")
        try stream.flush()
        try input.close()
        let status = process.waitForExit(timeout: 24 * 3600)
        guard status == 0 else {
            throw Subprocess.Failure(description: "git fast-import exited with \(status.map(String.init) ?? "no status"): \(process.output)")
        }
    }

    static func path(_ screen: BenchScreen) -> String { "Snapshots/\(screen.name).json" }

    /// A buffered fast-import command stream.
    struct Stream {
        let handle: InputPipe
        var buffer: [UInt8] = []

        init(handle: InputPipe) {
            self.handle = handle
            buffer.reserveCapacity(1 << 21)
        }

        mutating func write(_ text: String) { buffer += text.utf8 }

        mutating func data(_ bytes: [UInt8]) throws {
            write("data \(bytes.count)\n")
            buffer += bytes
            write("\n")
            if buffer.count >= 1 << 20 { try flush() }
        }

        /// Hands the buffer to git; throws when git no longer reads (it exited).
        mutating func flush() throws {
            guard !buffer.isEmpty else { return }
            try handle.write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }

        mutating func commit(ref: String, mark: Int, parent: Int?, time: Int, message: String, files: [(String, [UInt8])]) throws {
            write("commit \(ref)\nmark :\(mark)\n")
            write("author Bench Author <bench@example.com> \(time) +0000\n")
            write("committer Bench Author <bench@example.com> \(time) +0000\n")
            try data(Array(message.utf8))
            if let parent { write("from :\(parent)\n") }
            for (path, bytes) in files {
                write("M 100644 inline \(path)\n")
                try data(bytes)
            }
            write("\n")
        }
    }
}
