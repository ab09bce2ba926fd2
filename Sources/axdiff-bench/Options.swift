import Foundation

/// The command line: `axdiff-bench [--commits N] [--screens N] [--stops N]
/// [--runs N] [--seed N] [--out DIR] [--only NAME[,NAME…]] [--axdiff PATH] [--quick]`.
struct Options {
    static let usage = """
        Usage: axdiff-bench [--commits N] [--screens N] [--stops N] [--runs N] [--seed N]
                            [--out DIR] [--only NAME[,NAME...]] [--axdiff PATH] [--quick]
                            [--diff-stops N] [--micro-runs N] [--memory-commits N] [--parse-nodes N]

        Generates a snapshot repository (default 5,000 commits x 50 screens x 200 stops,
        fixed seed), measures axdiff against git and against its targets, and prints a table.
        NAME: \(Options.groups.joined(separator: ", ")) (record, which needs Chromium, only when named).
        --quick: tiny sizes (for the tests).
        --diff-stops N: the diff measures at N and 10N stops (default 10,000); --micro-runs N:
        repetitions of in-process measures (default 11). Both are for profiling.
        --memory-commits N: the memory group's longer history (default 100,000; the other is N/4).
        --parse-nodes N: the parse group's snapshot size in nodes (default 10,000).
        --axdiff defaults to the axdiff next to this executable (build it with -c release).
        """

    /// Benchmark groups, in the order they run.
    static let groups = ["backfill", "notes", "diff", "flat", "duplicates", "parse", "wireframe", "watch", "memory", "record"]
    /// Groups that run only when named in `--only` (`record` needs Chromium; `memory`
    /// generates two long histories).
    static let optIn: Set<String> = ["record", "memory"]

    var commits = 5_000
    var screens = 50
    var stops = 200
    /// Runs of each subprocess measurement (backfill, git log); in-process
    /// micro-measurements take the median of at least `microRuns`.
    var runs = 5
    var seed: UInt64 = 20_240_601
    var out = "/tmp/axdiff-bench"
    var only: Set<String> = Set(Options.groups).subtracting(Options.optIn)
    var axdiff: String?
    var quick = false

    // Sizes that follow from --quick.
    var notesSmall = 1_000, notesLarge = 5_000, notesMid = 30_000, notesHuge = 100_000
    var diffSmall = 10_000, diffLarge = 100_000
    var parseNodes = 10_000
    var recordElements = 10_000
    var latencyCommits = 100, growthCommits = 1_000
    var microRuns = 11
    /// `memory`: the longer of its two histories (the other is a quarter of it).
    var memoryCommits = 100_000

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    init(_ arguments: [String]) throws {
        var i = 0
        func value(_ name: String) throws -> String {
            i += 1
            guard i < arguments.count else { throw UsageError(description: "\(name) expects a value") }
            return arguments[i]
        }
        func number(_ name: String) throws -> Int {
            let text = try value(name)
            guard let n = Int(text), n > 0 else { throw UsageError(description: "\(name) expects a positive number, got '\(text)'") }
            return n
        }
        var quickFlag = false
        var parsed: [String: Int] = [:]
        while i < arguments.count {
            let arg = arguments[i]
            switch arg {
            case "--commits", "--screens", "--stops", "--runs", "--diff-stops", "--micro-runs", "--memory-commits", "--parse-nodes":
                parsed[arg] = try number(arg)
            case "--seed":
                let text = try value(arg)
                guard let s = UInt64(text) else { throw UsageError(description: "--seed expects a number, got '\(text)'") }
                seed = s
            case "--out": out = try value(arg)
            case "--axdiff": axdiff = try value(arg)
            case "--only":
                let names = try value(arg).split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
                for name in names where !Self.groups.contains(name) {
                    throw UsageError(description: "unknown benchmark '\(name)' (known: \(Self.groups.joined(separator: ", ")))")
                }
                only = Set(names)
            case "--quick": quickFlag = true
            case "--help", "-h": throw UsageError(description: "")
            default: throw UsageError(description: "unknown option '\(arg)'")
            }
            i += 1
        }
        if quickFlag {
            quick = true
            commits = 40; screens = 5; stops = 20; runs = 1
            notesSmall = 20; notesLarge = 200; notesMid = 300; notesHuge = 400
            diffSmall = 500; diffLarge = 5_000
            parseNodes = 1_000
            recordElements = 1_000
            latencyCommits = 5; growthCommits = 10
            microRuns = 3
            memoryCommits = 400
        }
        if let n = parsed["--commits"] { commits = n }
        if let n = parsed["--screens"] { screens = n }
        if let n = parsed["--stops"] { stops = n }
        if let n = parsed["--runs"] { runs = n }
        if let n = parsed["--diff-stops"] { diffSmall = n; diffLarge = 10 * n }
        if let n = parsed["--micro-runs"] { microRuns = n }
        if let n = parsed["--parse-nodes"] { parseNodes = max(10, n) }
        if let n = parsed["--memory-commits"] { memoryCommits = max(4, n) }
    }

    var parameters: Generator.Parameters {
        Generator.Parameters(commits: commits, screens: screens, stops: stops, seed: seed,
                             extra: latencyCommits + growthCommits)
    }

    /// The axdiff binary: `--axdiff`, else the sibling of this executable.
    func axdiffBinary() throws -> String {
        if let axdiff { return axdiff }
        var me = CommandLine.arguments.first ?? ""
        if !me.contains("/"), let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { me = exe }
        let sibling = ((me as NSString).deletingLastPathComponent as NSString).appendingPathComponent("axdiff")
        guard FileManager.default.isExecutableFile(atPath: sibling) else {
            throw UsageError(description: "no axdiff binary at \(sibling); build it (swift build -c release --static-swift-stdlib) or pass --axdiff PATH")
        }
        return sibling
    }
}
