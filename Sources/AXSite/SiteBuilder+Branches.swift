import AXDiff
import AXGit
import AXReport
import AXHistory

extension SiteBuilder {
    /// Each local branch's verdict against the base branch, as `axdiff check
    /// <branch>` would give it (`Options.branches`). Sorted by branch name; the
    /// base branch is listed as such.
    ///
    /// - Complexity: per branch, the cost of `Options.branches`: for the gate,
    ///   listing the snapshot files at both commits, diffing the changed pairs,
    ///   reading the range's messages.
    func branchVerdicts(_ repository: Repository) throws -> [BranchVerdict] {
        let settings = try RepositorySettings.load(repository, override: options.configOverride)
        let baseRef = RefName.branch(settings.baseBranch)
        let baseExists = (try? repository.referenceTarget(baseRef)) != nil
        var verdicts: [BranchVerdict] = []
        for reference in try repository.references(matching: [RefName.allBranches]) {
            let name = RefName.branchName(reference.name) ?? reference.name
            let tip = reference.commit.hex
            if reference.name == baseRef {
                verdicts.append(BranchVerdict(name: name, tip: tip, mergeBase: nil, status: .base))
                continue
            }
            guard baseExists else {
                verdicts.append(BranchVerdict(name: name, tip: tip, mergeBase: nil, status: .noBaseBranch))
                continue
            }
            verdicts.append(try options.branches(repository, name, reference.commit, baseRef, options.configOverride))
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
