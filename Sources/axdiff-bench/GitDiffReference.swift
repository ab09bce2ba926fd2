import Foundation

/// `axdiff diff --format json` on two files beside `git diff --no-index` on
/// the same two files, in the same run: the reference every in-process diff
/// row gets, so a reader sees what the whole command costs against the tool
/// people already run on such files. The two commands alternate, `--runs`
/// times each, and the medians are compared.
struct GitDiffReference {
    let options: Options
    let log: (String) -> Void

    /// What `axdiff diff` may cost against `git diff --no-index` on the same files.
    static let maxRatio = 1.5

    struct Files {
        var old: String, new: String, bytes: Int
    }

    /// Writes the two versions under `--out`/work as `<name>-old.json` and `<name>-new.json`.
    func write(old: [UInt8], new: [UInt8], name: String) throws -> Files {
        let dir = (options.out as NSString).appendingPathComponent("work")
        let oldPath = (dir as NSString).appendingPathComponent("\(name)-old.json")
        let newPath = (dir as NSString).appendingPathComponent("\(name)-new.json")
        try Data(old).write(to: URL(fileURLWithPath: oldPath))
        try Data(new).write(to: URL(fileURLWithPath: newPath))
        return Files(old: oldPath, new: newPath, bytes: old.count + new.count)
    }

    /// The medians of `axdiff diff --format json` and of `git diff --no-index` on `files`.
    func time(_ files: Files) throws -> (axdiff: Double, git: Double) {
        let axdiff = try options.axdiffBinary()
        let out = (options.out as NSString).appendingPathComponent("work/cli-report.json")
        var ours: [Double] = [], git: [Double] = []
        for _ in 0..<max(1, options.runs) {
            // axdiff exits 1 on error-level changes, git when the files differ.
            ours.append(try Measure.time {
                try Subprocess.run(axdiff, ["diff", "--format", "json", files.old, files.new], stdout: out, accept: [0, 1])
            })
            git.append(try Measure.time {
                try Subprocess.run("git", ["diff", "--no-index", files.old, files.new], accept: [0, 1])
            })
        }
        let (t, g) = (Measure.median(ours), Measure.median(git))
        log(String(format: "%@: axdiff diff %.1f ms, git diff --no-index %.1f ms (%.2f×), files %.1f MB",
                   (files.new as NSString).lastPathComponent, t * 1e3, g * 1e3, g > 0 ? t / g : .nan,
                   Double(files.bytes) / 1_048_576))
        return (t, g)
    }

    /// One row: `axdiff diff --format json` on the two versions against `git diff --no-index`.
    func row(key: String, what: String, old: [UInt8], new: [UInt8], name: String) throws -> Table.Row {
        let files = try write(old: old, new: new, name: name)
        let (t, g) = try time(files)
        return Table.Row(key: key, what: "axdiff diff --format json, \(what) (median of \(options.runs))",
                         unit: .seconds, value: t, reference: g, referenceLabel: "git diff --no-index",
                         maxRatio: Self.maxRatio)
    }
}
