import AXGit
import AXHistory
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

extension SiteBuilder {
    /// `axdiff watch --html DIR`: brings the site of `repository` up to date
    /// now, and returns what to do after every batch the watcher writes. Only
    /// commits that have a note are added: those still pending come with the
    /// watcher's batches, which carry their analyses, so no commit is analysed
    /// twice.
    ///
    /// - Throws: `SiteError` when the site cannot be written.
    package func keepCurrent(_ repository: Repository, log: @escaping (String) -> Void) throws
        -> (Repository, [CommitAnalysis]) -> Void {
        let first = try update(repository, analyses: [], onlyAnnotated: true)
        log(Self.line(first))
        return { [self] repository, analyses in
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
