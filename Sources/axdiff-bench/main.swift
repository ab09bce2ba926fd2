#if canImport(Glibc)
import Glibc
#endif
import AXGit
import AXTracker
import Foundation

/// axdiff-bench: generates a snapshot repository with a fixed seed, measures
/// axdiff on it (and git on the same data, in the same run), and prints one
/// table row per measure with its target. See BENCHMARKS.md.
///
/// Exit status: 0 when every row meets its target, 1 when one misses it, 2 on
/// a usage error, 3 when a measure could not run. With `--quick` the sizes are
/// too small for a target to mean anything, so a missed one leaves the status 0.
func runBench() -> Int32 {
    let options: Options
    do {
        options = try Options(Array(CommandLine.arguments.dropFirst()))
    } catch let e as Options.UsageError {
        if e.description.isEmpty { print(Options.usage); return 0 }
        fputs("axdiff-bench: \(e.description)\n\(Options.usage)\n", stderr)
        return 2
    } catch {
        fputs("axdiff-bench: \(error)\n", stderr)
        return 2
    }
    let log: (String) -> Void = { fputs("axdiff-bench: \($0)\n", stderr) }
    var table = Table()
    do {
        let needsRepository = !options.only.isDisjoint(with: ["backfill", "watch"])
        let axdiff = needsRepository || options.only.contains("memory") ? try options.axdiffBinary() : ""
        try FileManager.default.createDirectory(atPath: (options.out as NSString).appendingPathComponent("work"),
                                                withIntermediateDirectories: true)
        var repository: Generator.Repository?
        if needsRepository {
            let p = options.parameters
            let dir = (options.out as NSString).appendingPathComponent("gen-\(p.commits)x\(p.screens)x\(p.stops)-\(p.seed)")
            repository = try Generator(parameters: p).prepare(in: dir, log: log)
        }
        for group in Options.groups where options.only.contains(group) {
            log("running \(group)")
            switch group {
            case "backfill":
                if let repository { try BackfillBench(options: options, repository: repository, axdiff: axdiff, log: log).run(into: &table) }
            case "notes": try NotesBench(options: options, log: log).run(into: &table)
            case "diff": try DiffBench(options: options, log: log).run(into: &table)
            case "flat": try FlatDiffBench(options: options, log: log).run(into: &table)
            case "duplicates": try DuplicateDiffBench(options: options, log: log).run(into: &table)
            case "parse": try ParseBench(options: options, log: log).run(into: &table)
            case "wireframe": try WireframeBench(options: options, log: log).run(into: &table)
            case "record": try RecordBench(options: options, log: log).run(into: &table)
            case "memory": try MemoryBench(options: options, axdiff: axdiff, log: log).run(into: &table)
            case "watch":
                if let repository { try WatchBench(options: options, repository: repository, axdiff: axdiff, log: log).run(into: &table) }
            default: break
            }
        }
    } catch {
        print(table.render())
        fputs("axdiff-bench: \(error)\n", stderr)
        return 3
    }
    print(table.render())
    print("")
    let axdiff = (try? options.axdiffBinary()) ?? "(not used)"
    if let digest = table.notesDigest {
        print("notes md5 \(digest) (git log --branches --notes=axdiff --format=%H%n%N | md5sum)")
    }
    print("libgit2 \(AXGit.Repository.libgit2Version); axdiff \(axdiff); out \(options.out)")
    return options.quick || table.rows.allSatisfy(\.passes) ? 0 : 1
}

exit(runBench())
