import AXDiff
import AXGate
import AXGit
import AXReport
import AXTracker

extension SiteBuilder {
    /// Each local branch's verdict against the base branch, as `axdiff check
    /// <branch>` would give it: the `Gate` compares the snapshots at the tip
    /// with those at the merge base and applies the range's `Axdiff-Accept`
    /// trailers. Sorted by branch name; the base branch is listed as such.
    ///
    /// - Complexity: per branch, the gate's cost: listing the snapshot files at
    ///   both commits, diffing the changed pairs, reading the range's messages.
    func branchVerdicts(_ repository: Repository) throws -> [BranchVerdict] {
        let settings = try RepositorySettings.load(repository, override: options.configOverride)
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

extension SiteBuilder {
    /// How far back a trend point looks for the point it follows.
    static let lineageReach = 8

    /// For each point of `trend` (oldest first), the nearest of the
    /// `lineageReach` points before it whose commit is its ancestor, so that a
    /// plot draws two branches as two lines, not one zigzag; nil where a line
    /// starts. A commit that cannot be looked up follows nothing.
    ///
    /// - Complexity: at most `lineageReach` ancestry queries per point, each a
    ///   walk of the history between the two commits.
    func lineage(_ trend: ScreenTrend, _ repository: Repository) -> [Int?] {
        let ids = trend.points.map { ObjectID(hex: $0.sha) }
        return ids.indices.map { k -> Int? in
            guard let commit = ids[k] else { return nil }
            for j in stride(from: k - 1, through: max(0, k - Self.lineageReach), by: -1) {
                guard let earlier = ids[j] else { continue }
                if earlier == commit || (try? repository.isDescendant(commit, of: earlier)) == true { return j }
            }
            return nil
        }
    }
}
