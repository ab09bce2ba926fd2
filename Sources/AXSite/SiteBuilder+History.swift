import AXDiff
import AXGit
import AXReport
import AXHistory

extension SiteBuilder {
    typealias Analysed = (position: Int, sha: String, screen: ScreenDiff)

    /// Adds `entry` to a screen's latest analysed diffs (sorted by position,
    /// newest last), keeping at most `ScreenPage.historyLimit`.
    ///
    /// - Complexity: O(k), where k is `ScreenPage.historyLimit`.
    static func keep(_ entry: Analysed, in list: inout [Analysed]) {
        if let last = list.last, last.position >= entry.position {
            guard !list.contains(where: { $0.position == entry.position }) else { return }
            list.append(entry)
            list.sort { $0.position < $1.position }
        } else {
            list.append(entry)
        }
        if list.count > ScreenPage.historyLimit { list.removeFirst(list.count - ScreenPage.historyLimit) }
    }

    /// The diffs of the trend's last `historyLimit` points, newest first:
    /// from this run's analyses, or — for commits an earlier run analysed —
    /// analysed again, so that an update writes the page a fresh build would.
    ///
    /// - Complexity: O(k) commit analyses at most, where k is `ScreenPage.historyLimit`.
    func screenHistory(_ trend: ScreenTrend, analysed: [Analysed], _ repository: Repository) throws -> [(sha: String, screen: ScreenDiff)] {
        let known = Dictionary(analysed.map { ($0.sha, $0.screen) }, uniquingKeysWith: { a, _ in a })
        var analyzer: CommitAnalyzer?
        var history: [(sha: String, screen: ScreenDiff)] = []
        for point in trend.points.suffix(ScreenPage.historyLimit).reversed() {
            if let screen = known[point.sha] {
                history.append((point.sha, screen))
                continue
            }
            guard let id = ObjectID(hex: point.sha) else { continue }
            if analyzer == nil {
                analyzer = CommitAnalyzer(repository: repository, configOverride: options.configOverride, toolVersion: options.toolVersion)
            }
            if let screen = try analyzer?.analyze(id).report.screens.first(where: { $0.path == trend.path }) {
                history.append((point.sha, screen))
            }
        }
        return history
    }
}
