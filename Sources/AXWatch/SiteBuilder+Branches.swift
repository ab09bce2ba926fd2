import AXDiff
import AXGit
import AXReport

extension SiteBuilder {
    /// Each local branch's verdict against the base branch, as `axdiff check
    /// <branch>` would give it: the `Gate` compares the snapshots at the tip
    /// with those at the merge base and applies the range's `Axdiff-Accept`
    /// trailers. Sorted by branch name; the base branch is listed as such.
    ///
    /// - Complexity: per branch, the gate's cost: listing the snapshot files at
    ///   both commits, diffing the changed pairs, reading the range's messages.
    func branchVerdicts(_ repository: Repository) throws -> [BranchVerdict] {
        let settings = RepositorySettings.load(repository, override: options.configOverride)
        let baseRef = "refs/heads/" + settings.baseBranch
        let baseExists = (try? repository.referenceTarget(baseRef)) != nil
        let gate = Gate(repository: repository)
        var verdicts: [BranchVerdict] = []
        for reference in try repository.references(matching: ["refs/heads/*"]) {
            let name = String(reference.name.dropFirst("refs/heads/".count))
            let tip = reference.commit.hex
            if reference.name == baseRef {
                verdicts.append(BranchVerdict(name: name, tip: tip, mergeBase: nil, status: .base))
                continue
            }
            guard baseExists else {
                verdicts.append(BranchVerdict(name: name, tip: tip, mergeBase: nil, status: .noBaseBranch))
                continue
            }
            do {
                let verdict = try gate.check(.init(revision: reference.commit.hex, base: baseRef, configOverride: options.configOverride))
                let shown = verdict.report.allChanges.filter { $0.severity != .off }
                verdicts.append(BranchVerdict(
                    name: name, tip: tip, mergeBase: verdict.mergeBase?.hex, status: verdict.fails ? .fails : .passes,
                    errors: verdict.report.errors, warnings: verdict.report.warnings,
                    accepted: shown.filter(\.accepted).count, failOn: verdict.config.failOn.rawValue))
            } catch let e as GateError {
                verdicts.append(BranchVerdict(name: name, tip: tip, mergeBase: nil, status: .unanswerable, reason: e.description))
            }
        }
        return verdicts.sorted { $0.name < $1.name }
    }
}
