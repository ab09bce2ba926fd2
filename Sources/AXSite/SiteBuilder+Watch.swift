import AXGit
import AXTracker
import Foundation

extension SiteBuilder {
    /// `axdiff watch --html DIR`: brings the site up to date now, and then
    /// after every batch the watcher writes. Only commits that have a note
    /// are added: those still pending come with the watcher's batches, which
    /// carry their analyses, so no commit is analysed twice.
    ///
    /// - Throws: `WatchLock.Held` when another watcher runs on the repository
    ///   (checked before the site is touched); `GitError` when the repository
    ///   cannot be opened; `SiteError` when the site cannot be written.
    package func keepCurrent(_ watcher: Watcher, log: @escaping (String) -> Void) throws {
        let repository = try Repository.open(path: watcher.options.repositoryPath)
        // Only probe: the watcher takes the lock itself when it starts.
        _ = try WatchLock(directory: repository.commonDir)
        let first = try update(repository, analyses: [], onlyAnnotated: true)
        log(Self.line(first))
        watcher.afterBatch = { [self] repository, analyses in
            do {
                log(Self.line(try update(repository, analyses: analyses, onlyAnnotated: true)))
            } catch {
                log("site: error: \(error); the next batch will try again")
            }
        }
    }

    static func line(_ s: Summary) -> String {
        "site: \(s.commits) commit\(s.commits == 1 ? "" : "s"), \(s.screens) screen\(s.screens == 1 ? "" : "s"); "
            + "\(s.pagesWritten) page\(s.pagesWritten == 1 ? "" : "s") written, \(s.pagesRemoved) removed"
    }
}
