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

/// What a run that wrote notes leaves to git: consolidating the packs it wrote and git's
/// automatic maintenance, as git's own porcelain runs it after a commit, a merge or a fetch.
/// axdiff merges and deletes no pack itself.
///
/// Why: a long run leaves a pack per notes commit (a hundred for 100,000 notes), and libgit2
/// searches the packs' indexes one by one for an object, so a cold read of one note grew
/// with their number (BENCHMARKS.md, "Reading a note on a long run's ref"). A multi-pack-index
/// does not help libgit2 1.5: opening one compares every object id it lists with the next.
///
/// Two git commands, each in the foreground (a returning run leaves nothing of its own running
/// in the repository), with git's own rules about what to touch:
/// - after a run that wrote packs, when the repository holds more than `packLimit` of them,
///   `git repack -d --geometric=2`: git merges the smallest packs until each pack holds at
///   least twice the objects of the next smaller one, so a run's packs of notes become one
///   and a large history pack is left as it is. It packs every object of the packs it merges
///   and every loose object (reachable or not), skips packs with a `.keep` (another writer's
///   pack in flight) and rewrites or removes a multi-pack-index that lists a pack it deletes;
/// - after every run that wrote notes (a watcher's rounds gathered: `MaintenanceSchedule`),
///   `git maintenance run --auto`, exactly what git runs
///   after a commit: by default `git gc --auto`, which packs loose objects (a watcher's rounds
///   write a few each) past `gc.auto` and repacks everything past `gc.autoPackLimit`, and
///   which waits for no one: another gc holding `gc.pid` makes it a no-op.
///
/// Both are skipped when the user turned automatic maintenance off (`gc.auto` 0 or
/// `maintenance.auto` false). Neither can lose a note: the notes are published before, and a
/// failure (git missing, a repack that fails) is a log line, never an error of the run.
package struct GitMaintenance {
    /// The repository's common git directory (what `git gc` works on for every worktree).
    package let gitDirectory: String
    /// Whether the user left git's automatic maintenance on.
    package let enabled: Bool

    /// Packs the repository may hold before a run that wrote packs has git merge them. A cold
    /// read of one note, against a 1,000-note ref of 4 packs, cost 1.3–1.8× with 10–14 packs
    /// and 2.2–3.9× with 37 (BENCHMARKS.md, "Reading a note on a long run's ref"); below the
    /// limit the merge is not worth its cost, which includes packing the repository's loose
    /// objects (a `git gc`'d repository keeps its recent unreachable objects loose: 4,914 in
    /// the bench's, 1–2 s to pack).
    package static let packLimit = 12

    /// The packs the repository holds that git may merge, when they could be counted.
    private let packsHeld: Int?

    package init(repository: Repository) {
        gitDirectory = repository.commonDir
        packsHeld = try? repository.mergeablePackCount()
        // An unreadable setting leaves git's defaults (on); git itself then complains, if at all.
        let gcAuto = (try? repository.configInteger("gc.auto")) ?? nil
        let maintenanceAuto = (try? repository.configBool("maintenance.auto")) ?? nil
        enabled = (gcAuto ?? 1) > 0 && (maintenanceAuto ?? true)
    }

    /// Runs git's maintenance after a run that wrote `packs` packs (and perhaps loose objects);
    /// returns one line for each step that failed.
    package func afterWriting(packs: Int, looseObjects: Bool) -> [String] {
        guard enabled, packs > 0 || looseObjects else { return [] }
        var failures: [String] = []
        if packs > 0, (packsHeld ?? Int.max) > Self.packLimit {
            // No new delta search (`--window=0`): merging is then a copy of the packs' data,
            // 7× faster than with git's default window (30,000 notes: 0.44 s against 3.1 s)
            // for a pack as large as the packs it replaced; deltas that exist are kept, and
            // `git gc` finds new ones when it repacks everything.
            failures += run(["repack", "-d", "-q", "-l", "--geometric=2", "--window=0", "--no-write-bitmap-index"])
        }
        failures += run(["maintenance", "run", "--auto", "--quiet"])
        return failures
    }

    private func run(_ args: [String]) -> [String] {
        // git's maintenance detaches into the background by default: a run that returns must
        // leave nothing running in the repository (and a test must not race a background gc).
        let foreground = ["-c", "gc.autoDetach=false", "-c", "maintenance.autoDetach=false"]
        let why: String
        do {
            try git.run(foreground + args)
            return []
        } catch let failure as GitCommand.Failure {
            // One line, whatever git printed.
            let said = failure.stderr.split(whereSeparator: \.isNewline).map { $0.trimming(.whitespaces) }
            why = "failed (\(failure.status))" + (said.isEmpty ? "" : ": " + said.joined(separator: "; "))
        } catch {
            why = "could not start: \(error)"
        }
        // Only what happened: this runs also after a run whose write failed, so whether notes
        // were written is for the run's own summary to say.
        return ["git \(args.joined(separator: " ")) \(why); git's maintenance is left for later"]
    }

    /// git in the repository's git directory, whatever `GIT_DIR` or `GIT_OBJECT_DIRECTORY` the
    /// caller had: the maintenance is for the objects axdiff wrote, in that repository.
    private var git: GitCommand {
        let cleared = ["GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
                       "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE"]
        return GitCommand(directory: gitDirectory, environment: Dictionary(uniqueKeysWithValues: cleared.map { ($0, String?.none) }))
    }
}
