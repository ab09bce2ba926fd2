import AXDiff
import AXGit
import AXHistory
import AXReport

extension Gate {
    /// A branch's verdict against the base branch for the review site, as
    /// `axdiff check <branch> --base <baseRef>` would give it: the snapshots at
    /// the tip against those at the merge base, the range's `Axdiff-Accept`
    /// trailers applied. A question the gate cannot answer is the branch's
    /// status, with why.
    ///
    /// - Throws: what reading the repository throws, other than a `GateError`.
    /// - Complexity: the gate's cost: listing the snapshot files at both commits,
    ///   diffing the changed pairs, reading the range's messages.
    package static func branchVerdict(_ repository: Repository, name: String, tip: ObjectID, baseRef: String,
                                      configOverride: RepositoryConfig?) throws -> BranchVerdict {
        do {
            let verdict = try Gate(repository: repository).check(.init(revision: tip.hex, base: baseRef, configOverride: configOverride))
            let shown = verdict.report.allChanges.filter { $0.severity != .off }
            return BranchVerdict(
                name: name, tip: tip.hex, mergeBase: verdict.mergeBase?.hex, status: verdict.fails ? .fails : .passes,
                errors: verdict.report.errors, warnings: verdict.report.warnings,
                accepted: shown.filter(\.accepted).count, failOn: verdict.config.policy.failOn.rawValue)
        } catch let e as GateError {
            return BranchVerdict(name: name, tip: tip.hex, mergeBase: nil, status: .unanswerable, reason: e.description)
        }
    }
}
